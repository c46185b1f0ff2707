/** One chunk of a paper as it is published. */
export interface LabChunkInput {
  chunkId: string
  page: number
  section: string
  kind: string
  text: string
  embedding: Float32Array | null
}

/** One paper as it is published: its metadata, its PDF and its chunks. */
export interface LabPaperInput {
  sha256: string
  paperId: string
  title: string
  authors: string[]
  year: number | null
  venue: string | null
  doi: string | null
  language: string | null
  fieldSources: Record<string, unknown>
  pages: number
  pdf: Uint8Array
  chunks: LabChunkInput[]
}

/** A passage the lab found, with the paper and page a citation opens. */
export interface LabHit {
  sha256: string
  paperId: string
  title: string
  chunkId: string
  page: number
  section: string
  kind: string
  text: string
  score: number
}

/** What `lab status` shows about a server. */
export interface LabInfo {
  host: string
  user: string
  server: string
  schemaVersion: number
  pgvector: string
  model: string
  papers: number
  chunks: number
}

/** A chunk row as the search and the chunk lookup select it (joined with its paper). */
export interface ChunkRow {
  sha256: string
  paper_id: string
  title: string
  chunk_id: string
  page: number
  section: string
  kind: string
  text: string
}

/** A chunk row as a hit, with its score (0 for a chunk looked up by id). */
export function hitOf(r: ChunkRow, score: number): LabHit {
  return {
    sha256: r.sha256,
    paperId: r.paper_id,
    title: r.title,
    chunkId: r.chunk_id,
    page: r.page,
    section: r.section,
    kind: r.kind,
    text: r.text,
    score
  }
}
