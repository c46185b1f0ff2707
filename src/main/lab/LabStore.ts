import pg from 'pg'
import { UserFacingError } from '../errors'
import { labError, type LabPlace } from './labErrors'
import { labPlace, vectorText } from './labPlace'
import { hitOf, type ChunkRow, type LabHit, type LabInfo, type LabPaperInput } from './labRecords'
import { INSERT_CHUNKS_SQL, INSERT_PAPER_SQL, SEARCH_SQL, tsConfigOf } from './labSql'
import {
  LAB_CURATOR_ROLE,
  LAB_DIMS,
  LAB_MIGRATIONS,
  LAB_SCHEMA_VERSION,
  WRONG_MODEL_SQLSTATE
} from './migrations'

export type { LabChunkInput, LabHit, LabInfo, LabPaperInput } from './labRecords'

/** How long a statement may run, and how long connecting may take, by default. */
const STATEMENT_TIMEOUT_MS = 15_000
const CONNECT_TIMEOUT_MS = 5_000
/** Chunks sent in one INSERT; a paper's chunks go in one transaction whatever their number. */
const CHUNK_BATCH = 200

/**
 * The lab library on a PostgreSQL server with pgvector, through `pg` (the only import of it).
 * @remarks Every query is parameterised; statements time out; connections come from one
 * `pg.Pool`. Nothing here ever touches the local library: a failure is a message, not a loss.
 */
export class LabStore {
  readonly place: LabPlace
  private readonly pool: pg.Pool

  constructor(
    url: string,
    options: { statementTimeoutMs?: number; connectTimeoutMs?: number } = {}
  ) {
    this.place = labPlace(url)
    this.pool = new pg.Pool({
      connectionString: url,
      max: 4,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      idleTimeoutMillis: 10_000,
      application_name: 'ResearchPal'
    })
    // An idle connection the server closes must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined)
  }

  /** Runs one parameterised query, naming any failure for a person. */
  private async q<R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>(sql, values)).rows
    } catch (e) {
      throw labError(e, this.place)
    }
  }

  /** The schema version recorded in the lab: 0 for a database that is not a lab yet. */
  async schemaVersion(): Promise<number> {
    const [t] = await this.q<{ present: boolean }>(
      `SELECT to_regclass('schema_version') IS NOT NULL AS present`
    )
    if (!t?.present) return 0
    const [row] = await this.q<{ v: number | null }>(`SELECT max(version) AS v FROM schema_version`)
    return row?.v ?? 0
  }

  /**
   * Checks that this app can use the lab: its schema, pgvector, and its embedding model.
   * @param localModel - the local embedder's id; null (keyword-only library) skips that check.
   */
  async check(localModel: string | null): Promise<LabInfo> {
    const version = await this.schemaVersion()
    const { host } = this.place
    if (version > LAB_SCHEMA_VERSION) {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'labNewerSchema',
        params: { host, found: version, known: LAB_SCHEMA_VERSION }
      })
    }
    const [ext] = await this.q<{ v: string }>(
      `SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`
    )
    if (!ext) {
      throw new UserFacingError('NOT_FOUND', { key: 'labNoExtension', params: { host } })
    }
    if (version === 0)
      throw new UserFacingError('NOT_FOUND', { key: 'labNoSchema', params: { host } })
    if (version < LAB_SCHEMA_VERSION) {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'labOlderSchema',
        params: { host, found: version, needed: LAB_SCHEMA_VERSION }
      })
    }
    const model = await this.model()
    // A lab set up without a model takes the first one that sends vectors.
    if (localModel !== null && model !== '' && model !== localModel) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'labWrongModel',
        params: { host, labModel: model, localModel }
      })
    }
    const [counts] = await this.q<{ papers: string; chunks: string; server: string; who: string }>(
      `SELECT (SELECT count(*) FROM papers) AS papers, (SELECT count(*) FROM chunks) AS chunks,
              current_setting('server_version') AS server, current_user AS who`
    )
    return {
      host,
      user: counts?.who ?? this.place.user,
      server: counts?.server ?? '',
      schemaVersion: version,
      pgvector: ext.v,
      model,
      papers: Number(counts?.papers ?? 0),
      chunks: Number(counts?.chunks ?? 0)
    }
  }

  /** The embedding model the lab was set up with. */
  async model(): Promise<string> {
    const [row] = await this.q<{ value: string }>(
      `SELECT value FROM lab_meta WHERE key = 'embedding_model'`
    )
    return row?.value ?? ''
  }

  /**
   * Creates or upgrades the schema (a curator's job: a reader's role is refused by the server).
   * @param model - the embedding model a new lab takes (null: the first to send vectors sets
   * it); an existing lab keeps its own.
   * @returns the versions applied now.
   */
  async migrate(model: string | null, target = LAB_SCHEMA_VERSION): Promise<number[]> {
    const current = await this.schemaVersion()
    if (current > LAB_SCHEMA_VERSION) await this.check(null)
    const client = await this.connect()
    const applied: number[] = []
    try {
      const [ext] = (
        await client.query<{ v: string }>(
          `SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`
        )
      ).rows
      if (!ext) {
        await client.query('CREATE EXTENSION IF NOT EXISTS vector').catch((cause: unknown) => {
          throw new UserFacingError(
            'NOT_FOUND',
            { key: 'labNoExtension', params: { host: this.place.host } },
            { cause }
          )
        })
      }
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_version (
           version integer PRIMARY KEY, name text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now(), applied_by text NOT NULL DEFAULT current_user)`
      )
      for (const m of LAB_MIGRATIONS) {
        if (m.version <= current || m.version > target) continue
        await client.query('BEGIN')
        try {
          await client.query(m.sql)
          if (m.version === 1) {
            await client.query(
              `INSERT INTO lab_meta (key, value) VALUES ('embedding_model', $1), ('dims', $2)`,
              [model ?? '', String(LAB_DIMS)]
            )
          }
          await client.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [
            m.version,
            m.name
          ])
          await client.query('COMMIT')
          applied.push(m.version)
        } catch (e) {
          await client.query('ROLLBACK').catch(() => undefined)
          throw e
        }
      }
    } catch (e) {
      throw labError(e, this.place)
    } finally {
      client.release()
    }
    return applied
  }

  /** Which of these PDFs the lab already holds, papers and all. */
  async published(sha256s: readonly string[]): Promise<Set<string>> {
    if (sha256s.length === 0) return new Set()
    const rows = await this.q<{ sha256: string }>(
      'SELECT sha256 FROM papers WHERE sha256 = ANY($1::text[])',
      [sha256s]
    )
    return new Set(rows.map((r) => r.sha256))
  }

  /**
   * Publishes one paper in one transaction: PDF, metadata, every chunk, or nothing.
   * @remarks Idempotent by sha256: a paper another member already published is left as it is
   * (`already`). A dropped connection rolls the transaction back, so running it again resumes.
   * @param model - the model of the paper's vectors (null: it has none).
   */
  async publish(paper: LabPaperInput, model: string | null): Promise<'published' | 'already'> {
    const client = await this.connect()
    try {
      await client.query('BEGIN')
      if (model !== null && paper.chunks.some((c) => c.embedding)) {
        // A lab without a model yet takes this one; the trigger then holds every later vector to it.
        await client.query(
          `UPDATE lab_meta SET value = $1 WHERE key = 'embedding_model' AND value = ''`,
          [model]
        )
      }
      await client.query(
        'INSERT INTO pdfs (sha256, bytes, size) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING',
        [paper.sha256, Buffer.from(paper.pdf), paper.pdf.byteLength]
      )
      const inserted = await client.query(INSERT_PAPER_SQL, [
        paper.sha256,
        paper.paperId,
        paper.title,
        JSON.stringify(paper.authors),
        paper.year,
        paper.venue,
        paper.doi,
        paper.language,
        JSON.stringify(paper.fieldSources),
        paper.pages,
        model ?? ''
      ])
      if (inserted.rowCount === 0) {
        await client.query('ROLLBACK')
        return 'already'
      }
      const config = tsConfigOf(paper.language)
      for (let at = 0; at < paper.chunks.length; at += CHUNK_BATCH) {
        const batch = paper.chunks.slice(at, at + CHUNK_BATCH)
        await client.query(INSERT_CHUNKS_SQL, [
          paper.sha256,
          paper.language,
          config,
          model,
          batch.map((c) => c.chunkId),
          batch.map((c) => c.page),
          batch.map((c) => c.section),
          batch.map((c) => c.kind),
          // Postgres text cannot hold NUL; pdf.js text sometimes does.
          batch.map((c) => c.text.replaceAll(String.fromCharCode(0), '')),
          batch.map((c) => (c.embedding ? vectorText(c.embedding) : null))
        ])
      }
      await client.query('COMMIT')
      return 'published'
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined)
      if ((e as { code?: string }).code === WRONG_MODEL_SQLSTATE) {
        throw new UserFacingError(
          'INVALID_INPUT',
          {
            key: 'labWrongModel',
            params: {
              host: this.place.host,
              labModel: await this.model(),
              localModel: model ?? ''
            }
          },
          { cause: e }
        )
      }
      throw labError(e, this.place)
    } finally {
      client.release()
    }
  }

  /**
   * Hybrid search in SQL: pgvector cosine and `ts_rank_cd`, each `depth` deep, fused by RRF.
   * @param vector - the query's embedding by the lab's model; null searches by words only.
   */
  async search(
    query: string,
    vector: Float32Array | null,
    limit: number,
    depth = 40
  ): Promise<LabHit[]> {
    const rows = await this.q<ChunkRow & { score: number }>(SEARCH_SQL, [
      query,
      vector ? vectorText(vector) : null,
      depth,
      limit
    ])
    return rows.map((r) => hitOf(r, Number(r.score)))
  }

  /** One chunk by (a prefix of) its paper's sha256 and the end of its id (`-page-2-chunk-0`), or null. */
  async chunk(sha256Prefix: string, chunkId: string): Promise<LabHit | null> {
    const [r] = await this.q<ChunkRow>(
      `SELECT p.sha256, p.paper_id, p.title, c.chunk_id, c.page, c.section, c.kind, c.text
       FROM chunks c JOIN papers p USING (sha256)
       WHERE c.sha256 LIKE $1 || '%' AND right(c.chunk_id, length($2)) = $2 LIMIT 1`,
      [sha256Prefix.replace(/[^0-9a-f]/g, ''), chunkId]
    )
    return r ? hitOf(r, 0) : null
  }

  /** A published PDF by (a prefix of) its sha256, or null when the lab has none. */
  async pdf(
    sha256Prefix: string
  ): Promise<{ sha256: string; title: string; bytes: Uint8Array } | null> {
    const [r] = await this.q<{ sha256: string; title: string; bytes: Buffer }>(
      `SELECT p.sha256, p.title, f.bytes FROM papers p JOIN pdfs f USING (sha256)
       WHERE p.sha256 LIKE $1 || '%' ORDER BY p.sha256 LIMIT 1`,
      [sha256Prefix.replace(/[^0-9a-f]/g, '')]
    )
    return r ? { sha256: r.sha256, title: r.title, bytes: new Uint8Array(r.bytes) } : null
  }

  /**
   * Whether the role logged in may publish, and who may (for the message when it may not).
   * @remarks Asked before any paper is read or sent, so a reader learns at once; the database's
   * grants still decide (a refused INSERT is `labNoPermission`). `curators` lists login roles in
   * the curator group (superusers left out: a managed server's own accounts are not the lab's
   * people) and the owner of the lab's tables.
   */
  async publishRight(): Promise<{ allowed: boolean; user: string; curators: string[] }> {
    const [r] = await this.q<{ who: string; allowed: boolean; curators: string[] }>(
      `SELECT current_user AS who,
              has_table_privilege('pdfs', 'INSERT') AND has_table_privilege('papers', 'INSERT')
                AND has_table_privilege('chunks', 'INSERT') AS allowed,
              ARRAY(
                SELECT rolname::text FROM pg_roles
                WHERE rolcanlogin AND NOT rolsuper AND pg_has_role(oid, $1::name, 'USAGE')
                UNION
                SELECT tableowner::text FROM pg_tables
                WHERE tablename = 'papers' AND schemaname = current_schema()
                ORDER BY 1 LIMIT 6
              ) AS curators`,
      [LAB_CURATOR_ROLE]
    )
    return {
      allowed: r?.allowed ?? false,
      user: r?.who ?? this.place.user,
      curators: r?.curators ?? []
    }
  }

  /**
   * Files published papers under a lab collection of this name, created when there is none.
   * @remarks Idempotent: a paper already in it stays once; papers the lab lacks are skipped.
   */
  async collect(name: string, sha256s: readonly string[]): Promise<void> {
    await this.q(
      `WITH c AS (
         INSERT INTO collections (name) VALUES ($1)
         ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id
       )
       INSERT INTO paper_collections (collection_id, sha256)
       SELECT c.id, p.sha256 FROM c, papers p WHERE p.sha256 = ANY($2::text[])
       ON CONFLICT DO NOTHING`,
      [name, sha256s]
    )
  }

  /** Gets a client from the pool, naming a failure to connect. */
  private async connect(): Promise<pg.PoolClient> {
    try {
      const client = await this.pool.connect()
      // A connection that drops mid-transaction fails the query in flight; its 'error' event
      // must not also crash the process.
      if (client.listenerCount('error') === 0) client.on('error', () => undefined)
      return client
    } catch (e) {
      throw labError(e, this.place)
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined)
  }
}
