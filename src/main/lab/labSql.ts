/**
 * The lab's SQL statements that are more than a line, kept apart from the code that runs them.
 * @remarks Template literals, so each statement is sent byte for byte as it is written here.
 */

/** Text-search configurations by content language; anything else is searched as `simple`. */
const TS_CONFIGS: Record<string, string> = {
  en: 'english',
  pt: 'portuguese',
  es: 'spanish',
  de: 'german',
  fr: 'french',
  it: 'italian'
}

/** The text-search configuration for a paper's content language (`simple` for any other). */
export function tsConfigOf(language: string | null): string {
  return TS_CONFIGS[language ?? ''] ?? 'simple'
}

/** One paper's record; nothing when another member published the same PDF first. */
export const INSERT_PAPER_SQL = `INSERT INTO papers (sha256, paper_id, title, authors, year, venue, doi, language,
                             field_sources, pages, embedding_model)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9::jsonb, $10, $11)
         ON CONFLICT (sha256) DO NOTHING RETURNING sha256`

/** A batch of a paper's chunks, one array per column (`unnest`), vectors as text. */
export const INSERT_CHUNKS_SQL = `INSERT INTO chunks (sha256, chunk_id, page, section, kind, language, ts_config, text,
                               embedding, embedding_model)
           SELECT $1, c.id, c.page, c.section, c.kind, $2, $3::regconfig, c.text,
                  c.emb::vector, CASE WHEN c.emb IS NULL THEN NULL ELSE $4 END
           FROM unnest($5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[])
                AS c(id, page, section, kind, text, emb)`

/**
 * Hybrid search: pgvector cosine and `ts_rank_cd` over English, Portuguese and simple queries,
 * each `$3` deep, fused by reciprocal rank (k = 60), the best `$4`.
 */
export const SEARCH_SQL = `WITH q AS (
         SELECT replace(websearch_to_tsquery('english', $1)::text, ' & ', ' | ') AS en,
                replace(websearch_to_tsquery('portuguese', $1)::text, ' & ', ' | ') AS pt,
                replace(websearch_to_tsquery('simple', $1)::text, ' & ', ' | ') AS si
       ), tq AS (
         SELECT (CASE WHEN en = '' THEN ''::tsquery ELSE en::tsquery END)
             || (CASE WHEN pt = '' THEN ''::tsquery ELSE pt::tsquery END)
             || (CASE WHEN si = '' THEN ''::tsquery ELSE si::tsquery END) AS t FROM q
       ), dense AS (
         SELECT sha256, chunk_id, row_number() OVER (ORDER BY embedding <=> $2::vector) AS r
         FROM (SELECT sha256, chunk_id, embedding FROM chunks
               WHERE $2::vector IS NOT NULL AND embedding IS NOT NULL
               ORDER BY embedding <=> $2::vector LIMIT $3) d
       ), kw AS (
         SELECT sha256, chunk_id, row_number() OVER (ORDER BY rank DESC) AS r
         FROM (SELECT c.sha256, c.chunk_id, ts_rank_cd(c.tsv, tq.t) AS rank
               FROM chunks c, tq WHERE c.tsv @@ tq.t ORDER BY rank DESC LIMIT $3) k
       ), fused AS (
         SELECT sha256, chunk_id, sum(1.0 / (60 + r))::float8 AS score
         FROM (SELECT * FROM dense UNION ALL SELECT * FROM kw) u
         GROUP BY sha256, chunk_id ORDER BY score DESC LIMIT $4
       )
       SELECT p.sha256, p.paper_id, p.title, c.chunk_id, c.page, c.section, c.kind, c.text, f.score
       FROM fused f JOIN chunks c USING (sha256, chunk_id) JOIN papers p USING (sha256)
       ORDER BY f.score DESC, c.chunk_id`
