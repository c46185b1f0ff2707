import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Chunk, PaperText } from '../src/main/domain'
import { dataPaths } from '../src/main/paths'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import type { PackPolicy } from '../src/main/search/pack/PackedStore'
import { VectraStore } from '../src/main/search/VectraStore'
import { chunkerIdOf } from '../src/main/ingest/ingestIds'
import { CATALOG_FORMAT, type StoredPaper } from '../src/main/storage/catalogFormat'
import { pagesDocument } from '../src/main/storage/pagesFormat'
import { writeVersioned } from '../src/main/storage/versionedFile'
import { DEFAULT_SETTINGS } from '../src/shared/types'
import { quantile } from './retrievalEval'
import { rng, syntheticChunks, syntheticPaperRecord, SyntheticVectors } from './syntheticLibrary'

/** A synthetic library written as a real data dir, and the store-level add timings. */
export interface BuiltLibrary {
  root: string
  papers: number
  chunks: number
  buildSeconds: number
  /** Keyword + vector store writes of one 80-chunk paper (median of 9), no catalog, no model. */
  storeAddMs: { empty: number; full: number; ratio: number }
}

const r2 = (x: number): number => Math.round(x * 100) / 100

/**
 * Builds `total` synthetic chunks (80 a paper) as a data dir the app opens like any other.
 * @remarks Chunk texts cycle through real chunk texts; vectors are clustered synthetic ones
 * stored under the bench embedder's id, so opening the library finds them current and queues no
 * re-embedding. `library.json`, `pages/<id>.json` and `index/` are all written, so cold open and
 * disk figures count what a real library of that size holds (minus its PDFs).
 */
export async function buildScaleLibrary(
  root: string,
  opts: {
    total: number
    perPaper: number
    texts: readonly string[]
    /** Real page texts, cycled into each paper's `pages/<id>.json` at the real bytes per chunk. */
    pages: readonly string[]
    embedderId: string
    dims: number
    /** When the stores build their search packs (defaults: the app's). */
    pack?: Partial<PackPolicy>
  }
): Promise<BuiltLibrary> {
  const paths = dataPaths(root)
  await mkdir(paths.pages, { recursive: true })
  const log = (m: string): void => void process.stderr.write(`[bench] ${m}\n`)
  const vectors = new VectraStore({ dir: paths.index, pack: opts.pack, log })
  const keywords = new Bm25KeywordIndex({ dir: paths.index, pack: opts.pack, log })
  await Promise.all([vectors.open(), keywords.open()])
  const r = rng(7)
  const synth = new SyntheticVectors(opts.dims, 200, 1)
  const records: StoredPaper[] = []
  const pageBytes = opts.pages.reduce((n, p) => n + p.length, 0)
  const pageBytesPerChunk = pageBytes / Math.max(1, opts.texts.length)
  let nextPage = 0
  const pagesFor = (paperId: string): PaperText => {
    const pages: PaperText['pages'] = []
    let bytes = 0
    while (bytes < pageBytesPerChunk * opts.perPaper && opts.pages.length > 0) {
      const text = opts.pages[nextPage++ % opts.pages.length]!
      pages.push({ page: pages.length + 1, text })
      bytes += text.length
    }
    return { paperId, pages }
  }

  const put = async (paperId: string): Promise<{ ms: number; chunks: Chunk[] }> => {
    const topic = Math.floor(r() * 200)
    const chunks = syntheticChunks(paperId, opts.perPaper, opts.texts, r)
    const items = chunks.map((c) => ({ chunkId: c.id, vector: synth.chunk(topic) }))
    const t0 = performance.now()
    await keywords.putPaper(paperId, chunks)
    await vectors.putPaper(paperId, opts.embedderId, items)
    return { ms: performance.now() - t0, chunks }
  }
  const probe = async (name: string): Promise<number> => {
    const { ms } = await put(name)
    await keywords.removePaper(name)
    await vectors.removePaper(name)
    return ms
  }

  for (let i = 0; i < 3; i++) await probe(`warm-up-${i}`)
  const empty: number[] = []
  for (let i = 0; i < 9; i++) empty.push(await probe(`probe-empty-${i}`))
  const n = Math.ceil(opts.total / opts.perPaper)
  const t0 = performance.now()
  for (let p = 0; p < n; p++) {
    const id = `synthetic-${String(p).padStart(5, '0')}`
    const { chunks } = await put(id)
    await writeFile(join(paths.pages, `${id}.json`), JSON.stringify(pagesDocument(pagesFor(id))))
    records.push({
      ...syntheticPaperRecord(id, chunks.length, opts.embedderId),
      chunkerId: chunkerIdOf(DEFAULT_SETTINGS)
    })
    if (p % 100 === 99) process.stderr.write(`[bench] built ${p + 1}/${n} synthetic papers\n`)
  }
  const buildSeconds = (performance.now() - t0) / 1000
  // A merge the last papers started is finished first: the probes time adding, not merging.
  await Promise.all([vectors.idle(), keywords.idle()])
  const full: number[] = []
  for (let i = 0; i < 9; i++) full.push(await probe(`probe-full-${i}`))
  await writeVersioned(paths.library, CATALOG_FORMAT, { journalSeq: 0, papers: records }, 1)
  await Promise.all([vectors.idle(), keywords.idle()])
  const chunks = vectors.count()
  await Promise.all([vectors.close(), keywords.close()])
  const e = quantile(empty, 0.5)
  const f = quantile(full, 0.5)
  return {
    root,
    papers: n,
    chunks,
    buildSeconds: r2(buildSeconds),
    storeAddMs: { empty: r2(e), full: r2(f), ratio: r2(f / e) }
  }
}
