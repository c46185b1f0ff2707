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
  }
]

/** The schema version this app reads and writes. */
export const LAB_SCHEMA_VERSION = LAB_MIGRATIONS[LAB_MIGRATIONS.length - 1]!.version
