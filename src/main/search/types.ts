import type { SearchInput, SectionInput } from '../../shared/contract'
import type { Passage, SearchResponse, SectionResult } from '../../shared/types'
import type { Chunk } from '../domain'

/** Turns texts into unit-length vectors. Implementations: TransformersEmbedder, WorkerEmbedder. */
export interface Embedder {
  /** Identifies model + settings; an index built by another id is re-embedded, never mixed. */
  readonly id: string
  readonly dims: number
  /**
   * How many calls it computes at once (workers of a pool); callers with many batches keep this
   * many in flight. 1 when omitted.
   */
  readonly parallel?: number
  /** One normalized vector per text, in order. Long texts are never silently truncated. */
  embed(texts: string[], signal?: AbortSignal, options?: EmbedOptions): Promise<Float32Array[]>
  close(): Promise<void>
}

/** How one embed call is served. */
export interface EmbedOptions {
  /**
   * `background` (ingestion batches) waits behind `interactive` calls (a search query, the
   * default), so a query is never queued behind a paper's batches.
   */
  priority?: 'interactive' | 'background'
}

/** A nearest-neighbour hit. */
export interface VectorHit {
  chunkId: string
  paperId: string
  score: number
}

/** The on-disk vector index (Vectra underneath). */
export interface VectorStore {
  /** The embedder id the stored vectors were made with, or null when empty. */
  embedderId(): string | null
  /** Replaces all of one paper's vectors (upsert by chunk id). */
  putPaper(
    paperId: string,
    embedderId: string,
    items: { chunkId: string; vector: Float32Array }[]
  ): Promise<void>
  removePaper(paperId: string): Promise<void>
  hasPaper(paperId: string): boolean
  /** Papers whose stored vectors could not be read at open, with the reason (optional). */
  damagedPapers?(): ReadonlyMap<string, string>
  /** A paper's stored vectors by chunk id and the embedder that made them (optional). */
  storedVectors?(paperId: string): { embedderId: string; vectors: Map<string, Float32Array> } | null
  /** Drops every vector (used when the embedder changes). */
  clear(): Promise<void>
  query(vector: Float32Array, k: number, paperIds?: readonly string[]): Promise<VectorHit[]>
  count(): number
  /** Gets ready to write (optional), so the first write does not wait for set-up. */
  warmUp?(): void
}

/** BM25 over chunk text, kept up to date as papers come and go. */
export interface KeywordIndex {
  putPaper(paperId: string, chunks: Chunk[]): Promise<void>
  removePaper(paperId: string): Promise<void>
  hasPaper(paperId: string): boolean
  /** A paper's stored chunks with their text (optional). */
  storedChunks?(paperId: string): Chunk[]
  /** Papers whose stored postings could not be read, with the reason (optional). */
  damagedPapers?(): ReadonlyMap<string, string>
  /**
   * The best k chunks for a text.
   * @param prefer Papers whose chunks are chosen as if their score were this many times higher
   * (the paper a question names); the scores returned are not scaled.
   */
  query(
    text: string,
    k: number,
    paperIds?: readonly string[],
    prefer?: ReadonlyMap<string, number>
  ): { chunkId: string; score: number }[]
  count(): number
  /** Each query term's weight (idf over the whole index) for re-ranking (optional). */
  termWeights?(terms: readonly string[]): ReadonlyMap<string, number>
  /** Each chunk's index terms in order, as the index analyses it (optional). */
  chunkTerms?(chunkIds: readonly string[]): ReadonlyMap<string, readonly string[]>
}

/** The retrieval tools, as the agent, the CLI, IPC and the MCP server call them. */
export interface Retriever {
  search(input: SearchInput, signal?: AbortSignal): Promise<SearchResponse>
  section(input: SectionInput): Promise<SectionResult>
  /** One passage in full by its chunk id; NOT_FOUND when there is none. */
  passage(chunkId: string): Promise<Passage>
}

/**
 * Hands out the embedder when the model files are there.
 * @remarks The model can be missing (keyword-only mode) and appear later; callers ask each
 * time instead of holding on to an instance.
 */
export interface EmbedderProvider {
  status(): import('../../shared/types').EmbedderStatus
  /** The ready embedder, or null when the model is missing (keyword search only). */
  current(): Promise<Embedder | null>
  close(): Promise<void>
}

/**
 * The chunk records (text, page, section) behind search hits.
 * @remarks Chunk text is stored once, by the keyword index; the vector store keeps only ids.
 */
export interface ChunkSource {
  /** The chunks with these ids, in the order given; unknown ids are left out. */
  getChunks(chunkIds: readonly string[]): Chunk[]
  hasPaper(paperId: string): boolean
}
