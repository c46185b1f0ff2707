import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../../src/main/atomicWrite'
import type { Chunk } from '../../src/main/domain'
import type { KeywordIndex, VectorHit, VectorStore } from '../../src/main/search/types'

function load<T>(file: string | undefined, fallback: T): T {
  if (!file) return fallback
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return fallback
  }
}

/**
 * A {@link VectorStore} in memory, optionally saved to one JSON file after every change.
 * @remarks The file lets crash tests reopen a library in a new process; the real store is
 * VectraStore.
 */
export class MemoryVectorStore implements VectorStore {
  private readonly items = new Map<string, { paperId: string; vector: number[] }>()
  private storedEmbedder: string | null = null
  puts = 0
  /** How many papers had been put at each warmUp() call. */
  warmUps: number[] = []

  constructor(private readonly file?: string) {
    const data = load(this.file, {
      embedderId: null as string | null,
      items: [] as [string, { paperId: string; vector: number[] }][]
    })
    this.storedEmbedder = data.embedderId
    for (const [id, v] of data.items) this.items.set(id, v)
  }

  embedderId(): string | null {
    return this.items.size ? this.storedEmbedder : null
  }

  warmUp(): void {
    this.warmUps.push(this.puts)
  }

  async putPaper(
    paperId: string,
    embedderId: string,
    items: { chunkId: string; vector: Float32Array }[]
  ): Promise<void> {
    if (this.items.size && this.storedEmbedder !== embedderId) {
      throw new Error(
        `MemoryVectorStore: mixing embedders ${this.storedEmbedder} and ${embedderId}`
      )
    }
    this.puts++
    for (const [id, v] of this.items) if (v.paperId === paperId) this.items.delete(id)
    for (const it of items) this.items.set(it.chunkId, { paperId, vector: [...it.vector] })
    this.storedEmbedder = embedderId
    await this.save()
  }

  async removePaper(paperId: string): Promise<void> {
    for (const [id, v] of this.items) if (v.paperId === paperId) this.items.delete(id)
    await this.save()
  }

  hasPaper(paperId: string): boolean {
    for (const v of this.items.values()) if (v.paperId === paperId) return true
    return false
  }

  async clear(): Promise<void> {
    this.items.clear()
    this.storedEmbedder = null
    await this.save()
  }

  async query(vector: Float32Array, k: number, paperIds?: readonly string[]): Promise<VectorHit[]> {
    const hits: VectorHit[] = []
    for (const [chunkId, v] of this.items) {
      if (paperIds && !paperIds.includes(v.paperId)) continue
      let score = 0
      for (let i = 0; i < vector.length; i++) score += vector[i]! * (v.vector[i] ?? 0)
      hits.push({ chunkId, paperId: v.paperId, score })
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, k)
  }

  count(): number {
    return this.items.size
  }

  /** Chunk ids of one paper (for tests). */
  chunkIds(paperId: string): string[] {
    return [...this.items].filter(([, v]) => v.paperId === paperId).map(([id]) => id)
  }

  private async save(): Promise<void> {
    if (this.file)
      await writeFileAtomic(
        this.file,
        JSON.stringify({ embedderId: this.storedEmbedder, items: [...this.items] })
      )
  }
}

/** A {@link KeywordIndex} in memory (term-overlap scoring), optionally saved to a JSON file. */
export class MemoryKeywordIndex implements KeywordIndex {
  private readonly chunks = new Map<string, Chunk>()

  constructor(private readonly file?: string) {
    for (const c of load<Chunk[]>(this.file, [])) this.chunks.set(c.id, c)
  }

  async putPaper(paperId: string, chunks: Chunk[]): Promise<void> {
    for (const [id, c] of this.chunks) if (c.paperId === paperId) this.chunks.delete(id)
    for (const c of chunks) this.chunks.set(c.id, c)
    await this.save()
  }

  async removePaper(paperId: string): Promise<void> {
    for (const [id, c] of this.chunks) if (c.paperId === paperId) this.chunks.delete(id)
    await this.save()
  }

  hasPaper(paperId: string): boolean {
    for (const c of this.chunks.values()) if (c.paperId === paperId) return true
    return false
  }

  query(
    text: string,
    k: number,
    paperIds?: readonly string[]
  ): { chunkId: string; score: number }[] {
    const terms = new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    const out: { chunkId: string; score: number }[] = []
    for (const c of this.chunks.values()) {
      if (paperIds && !paperIds.includes(c.paperId)) continue
      const words = c.text.toLowerCase().match(/[a-z0-9]+/g) ?? []
      const score = words.filter((w) => terms.has(w)).length
      if (score > 0) out.push({ chunkId: c.id, score })
    }
    return out.sort((a, b) => b.score - a.score).slice(0, k)
  }

  count(): number {
    return this.chunks.size
  }

  /** The stored chunks of one paper (for tests). */
  paperChunks(paperId: string): Chunk[] {
    return [...this.chunks.values()].filter((c) => c.paperId === paperId)
  }

  private async save(): Promise<void> {
    if (this.file) await writeFileAtomic(this.file, JSON.stringify([...this.chunks.values()]))
  }
}
