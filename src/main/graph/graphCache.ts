import { readFile, rename } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../atomicWrite'
import type { PaperFacts } from './paperFacts'

/** The cache file's current format. */
export const GRAPH_CACHE_VERSION = 1

const FactsSchema = z.object({
  fingerprint: z.string(),
  refs: z.string(),
  entries: z.array(
    z.object({
      title: z.string().nullable(),
      arxivId: z.string().nullable(),
      doi: z.string().nullable(),
      year: z.number().int().nullable()
    })
  ),
  terms: z.record(z.string(), z.number())
})

const CacheSchema = z.object({
  version: z.literal(GRAPH_CACHE_VERSION),
  papers: z.record(z.string(), FactsSchema)
})

/**
 * Migrations from version n (the index + 1) to n + 1, run in order at open.
 * @remarks None yet: version 1 is the first. A change to what a paper's facts hold adds one
 * here (or drops the facts it cannot carry over, which are read again from the paper's text).
 */
const MIGRATIONS: ((old: Record<string, unknown>) => Record<string, unknown>)[] = []

/** What opening the cache found. */
export interface CacheOpen {
  papers: Map<string, PaperFacts>
  /** Set when the file could not be read and was put aside (it is rebuilt from the papers). */
  putAside: string | null
}

/**
 * Reads the map's cache (`graph.json`): each paper's references and keywords, read once.
 * @remarks The cache is derived data: a damaged or newer file is renamed aside and rebuilt from
 * the papers' text, so nothing the user made is lost.
 */
export async function openGraphCache(file: string, readOnly = false): Promise<CacheOpen> {
  let raw: string
  try {
    raw = await readFile(file, 'utf8')
  } catch {
    return { papers: new Map(), putAside: null }
  }
  try {
    let data = JSON.parse(raw) as Record<string, unknown>
    const from = typeof data.version === 'number' ? data.version : 0
    if (from > GRAPH_CACHE_VERSION) throw new Error(`graph cache version ${from} is newer`)
    for (let v = Math.max(from, 1); v < GRAPH_CACHE_VERSION; v++) {
      data = { ...MIGRATIONS[v - 1]!(data), version: v + 1 }
    }
    const parsed = CacheSchema.parse(data)
    return { papers: new Map(Object.entries(parsed.papers)), putAside: null }
  } catch {
    if (readOnly) return { papers: new Map(), putAside: null }
    const aside = `${file}.unreadable-${Date.now()}`
    await rename(file, aside).catch(() => undefined)
    return { papers: new Map(), putAside: aside }
  }
}

/** Writes the cache atomically. */
export async function saveGraphCache(file: string, papers: Map<string, PaperFacts>): Promise<void> {
  const data = { version: GRAPH_CACHE_VERSION, papers: Object.fromEntries(papers) }
  await writeFileAtomic(file, JSON.stringify(data))
}
