/**
 * The lab database's schema, as numbered migrations applied in order by a curator.
 * @remarks As Signal keeps its SQL migrations: each is applied once, in one transaction with the
 * row that records it in `schema_version`, so a lab is always at exactly one version. A
 * migration is never edited once released; a change is a new migration.
 */
export interface LabMigration {
  version: number
  /** What it adds, for `lab status` and the log. */
  name: string
  sql: string
}

/** The embedding width every lab stores (all-MiniLM-L6-v2 and the test embedder). */
export const LAB_DIMS = 384

/** SQLSTATE the database raises for a vector from another embedding model than the lab's. */
export const WRONG_MODEL_SQLSTATE = 'RPM01'

/** The group role that may search the lab and open its PDFs (SELECT only). */
export const LAB_READER_ROLE = 'researchpal_reader'

/** The group role that may also publish (a reader that may insert and update). */
export const LAB_CURATOR_ROLE = 'researchpal_curator'

/** Every migration, oldest first; the last one's version is what this app speaks. */
export const LAB_MIGRATIONS: readonly LabMigration[] = [
  {
    version: 1,
    name: 'papers, PDFs and chunks with vectors and text search',
    sql: `
CREATE TABLE lab_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE pdfs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes bytea NOT NULL,
  size integer NOT NULL
);
CREATE TABLE papers (
  sha256 text PRIMARY KEY REFERENCES pdfs (sha256),
  paper_id text NOT NULL,
  title text NOT NULL,
  authors jsonb NOT NULL DEFAULT '[]',
  year integer,
  venue text,
  doi text,
  language text,
  field_sources jsonb NOT NULL DEFAULT '{}',
  pages integer NOT NULL,
  embedding_model text NOT NULL,
  published_by text NOT NULL DEFAULT current_user,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE chunks (
  sha256 text NOT NULL REFERENCES papers (sha256) ON DELETE CASCADE,
  chunk_id text NOT NULL,
  page integer NOT NULL,
  section text NOT NULL,
  kind text NOT NULL DEFAULT 'text',
  language text,
  ts_config regconfig NOT NULL,
  text text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector(ts_config, text)) STORED,
  embedding vector(${LAB_DIMS}),
  embedding_model text,
  PRIMARY KEY (sha256, chunk_id)
);
CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops);
CREATE INDEX chunks_tsv_gin ON chunks USING gin (tsv);
`
  },
  {
    version: 2,
    name: 'collections, and the database refuses vectors of another model',
    sql: `
CREATE TABLE collections (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200)
);
CREATE TABLE paper_collections (
  collection_id integer NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  sha256 text NOT NULL REFERENCES papers (sha256) ON DELETE CASCADE,
  PRIMARY KEY (collection_id, sha256)
);
CREATE FUNCTION lab_check_model() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lab_model text;
BEGIN
  SELECT value INTO lab_model FROM lab_meta WHERE key = 'embedding_model';
  IF NEW.embedding IS NOT NULL AND NEW.embedding_model IS DISTINCT FROM lab_model THEN
    RAISE EXCEPTION 'vectors of model % do not belong in a lab of model %',
      NEW.embedding_model, lab_model USING ERRCODE = '${WRONG_MODEL_SQLSTATE}';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER chunks_model_check BEFORE INSERT OR UPDATE ON chunks
  FOR EACH ROW EXECUTE FUNCTION lab_check_model();
`
  },
  {
    version: 3,
    name: 'reader and curator roles',
    // Group roles, never logins: an administrator makes members with GRANT <role> TO <login>.
    // They are created only when missing (roles belong to the whole server, and an
    // administrator may have made them for a curator without CREATEROLE); no superuser is needed.
    sql: `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${LAB_READER_ROLE}') THEN
    CREATE ROLE ${LAB_READER_ROLE} NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${LAB_CURATOR_ROLE}') THEN
    CREATE ROLE ${LAB_CURATOR_ROLE} NOLOGIN;
  END IF;
END $$;
GRANT ${LAB_READER_ROLE} TO ${LAB_CURATOR_ROLE};
GRANT SELECT ON schema_version, lab_meta, pdfs, papers, chunks, collections, paper_collections
  TO ${LAB_READER_ROLE};
GRANT INSERT, UPDATE ON pdfs, papers, chunks, collections, paper_collections
  TO ${LAB_CURATOR_ROLE};
GRANT UPDATE ON lab_meta TO ${LAB_CURATOR_ROLE};
GRANT USAGE ON SEQUENCE collections_id_seq TO ${LAB_CURATOR_ROLE};
`
  }
]

/** The schema version this app reads and writes. */
export const LAB_SCHEMA_VERSION = LAB_MIGRATIONS[LAB_MIGRATIONS.length - 1]!.version
