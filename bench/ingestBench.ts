import { mkdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Chunk } from '../src/main/domain'
import { chunkPages, cl100k } from '../src/main/ingest/chunker'
import { extractPaper, type ExtractedPaper } from '../src/main/ingest/extractPaper'
import type { PdfReader } from '../src/main/pdf/PdfReader'
import { DEFAULT_EMBED_BATCH } from '../src/main/ingest/ingestIds'
import type { Embedder, EmbedderProvider } from '../src/main/search/types'
import { DEFAULT_SETTINGS } from '../src/shared/types'
import { openBenchLibrary, type BenchDeps, type BenchLibrary } from './benchLibrary'
import { dataDirUsage } from './diskUsage'
import { StallMonitor, type StallReport } from './stallMonitor'

const r2 = (x: number): number => Math.round(x * 100) / 100

/** The corpus after extraction and chunking in this process (the stage figures). */
export interface StageFigures {
  papers: number
  pages: number
  chunks: number
  extraction: { seconds: number; pagesPerSecond: number; note: string }
  chunking: { seconds: number; chunksPerSecond: number; tokenizerInitMs: number }
  texts: string[]
  /** Every page's text, for synthetic libraries whose page files should weigh what real ones do. */
  pageTexts: string[]
}

/**
 * Extraction and chunking, each timed alone on the main thread of this process.
 * @remarks The first paper is extracted once untimed so pdf.js's import is not counted; the
 * tokenizer's one-time build is reported on its own.
 */
export async function extractionAndChunking(
  pdfs: readonly string[],
  reader: PdfReader
): Promise<{ figures: StageFigures; chunks: Chunk[] }> {
  const files = await Promise.all(pdfs.map(async (f) => new Uint8Array(await readFile(f))))
  await extractPaper(reader, files[0]!, { label: 'warm-up' })
  const extracted: { id: string; x: ExtractedPaper }[] = []
  const t0 = performance.now()
  for (let i = 0; i < files.length; i++) {
    const id = basename(pdfs[i]!, '.pdf')
    extracted.push({ id, x: await extractPaper(reader, files[i]!, { label: id }) })
  }
  const extractSeconds = (performance.now() - t0) / 1000
  const tok0 = performance.now()
  cl100k()
  const tokenizerInitMs = performance.now() - tok0
  const chunks: Chunk[] = []
  const c0 = performance.now()
  for (const { id, x } of extracted)
    chunks.push(...chunkPages(id, x.pages, x.marks, DEFAULT_SETTINGS))
  const chunkSeconds = (performance.now() - c0) / 1000
  const pages = extracted.reduce((n, e) => n + e.x.pages.length, 0)
  return {
    chunks,
    figures: {
      papers: files.length,
      pages,
      chunks: chunks.length,
      extraction: {
        seconds: r2(extractSeconds),
        pagesPerSecond: r2(pages / extractSeconds),
        note: 'PdfReader + extractPaper (cleanup, sections, metadata), awaited by the main thread'
      },
      chunking: {
        seconds: r2(chunkSeconds),
        chunksPerSecond: r2(chunks.length / chunkSeconds),
        tokenizerInitMs: r2(tokenizerInitMs)
      },
      texts: chunks.map((c) => c.text),
      pageTexts: extracted.flatMap((e) => e.x.pages.map((p) => p.text))
    }
  }
}

/** Raw embedding throughput: every chunk, in the pipeline's batch size, nothing else running. */
export async function rawEmbedding(
  embedder: Embedder,
  texts: readonly string[]
): Promise<{ seconds: number; chunksPerSecond: number }> {
  await embedder.embed(texts.slice(0, DEFAULT_EMBED_BATCH))
  const t0 = performance.now()
  for (let i = 0; i < texts.length; i += DEFAULT_EMBED_BATCH) {
    await embedder.embed(texts.slice(i, i + DEFAULT_EMBED_BATCH))
  }
  const seconds = (performance.now() - t0) / 1000
  return { seconds: r2(seconds), chunksPerSecond: r2(texts.length / seconds) }
}

/** What one end-to-end ingest through LibraryService measured. */
export interface EndToEnd {
  papers: number
  indexed: number
  chunks: number
  seconds: number
  chunksPerSecond: number
  /** From adding the files to the first batch sent to the embedder (nothing to overlap before). */
  secondsToFirstEmbedding: number
  /**
   * The most embedding calls that were running at once: the embedder's workers kept busy (2 for
   * two workers; 1 shows the pipeline left a worker idle).
   */
  batchesInFlight: number
  stall: StallReport
  disk: Record<string, number | string>
  errors: string[]
}

/**
 * Adds PDF files to a fresh library through the real LibraryService and waits until it is idle.
 * @remarks Timed from `addPaths` to `whenIdle`, with the event loop watched throughout; the
 * embedder provider is warmed up beforehand so model loading is not counted.
 */
export async function endToEnd(
  root: string,
  pdfs: readonly string[],
  deps: BenchDeps
): Promise<{ result: EndToEnd; lib: BenchLibrary }> {
  await mkdir(root, { recursive: true })
  let firstEmbedding: number | null = null
  let t0 = performance.now()
  const calls = { running: 0, most: 0 }
  const embedder = watchCalls(
    deps.embedder,
    () => (firstEmbedding ??= performance.now() - t0),
    calls
  )
  const lib = await openBenchLibrary(root, { ...deps, embedder })
  const monitor = new StallMonitor()
  t0 = performance.now()
  lib.events.subscribe((event, payload) => {
    if (event !== 'ingest:progress') return
    const p = payload as { paperId: string; stage: string }
    monitor.stage(`${p.stage} ${p.paperId}`)
  })
  monitor.start()
  monitor.stage('adding files')
  await lib.library.addPaths([...pdfs])
  await lib.library.whenIdle()
  const seconds = (performance.now() - t0) / 1000
  const stall = monitor.stop()
  const papers = lib.library.list()
  const chunks = papers.reduce((n, p) => n + p.chunks, 0)
  return {
    lib,
    result: {
      papers: papers.length,
      indexed: papers.filter((p) => p.status === 'indexed').length,
      chunks,
      seconds: r2(seconds),
      chunksPerSecond: r2(chunks / seconds),
      secondsToFirstEmbedding: r2((firstEmbedding ?? 0) / 1000),
      batchesInFlight: calls.most,
      stall,
      disk: await dataDirUsage(root, chunks),
      errors: papers.filter((p) => p.error).map((p) => `${p.id}: ${p.error!.message}`)
    }
  }
}

/**
 * The provider, calling `first` at every embedder call (the caller keeps the first time) and
 * counting the calls running at once in `calls`.
 * @remarks Hands out one wrapper per embedder, so identity checks in the pipeline still hold.
 */
function watchCalls(
  provider: EmbedderProvider,
  first: () => void,
  calls: { running: number; most: number }
): EmbedderProvider {
  const wrapped = new WeakMap<Embedder, Embedder>()
  const wrap = (e: Embedder): Embedder => {
    let w = wrapped.get(e)
    if (!w) {
      w = {
        id: e.id,
        dims: e.dims,
        // Without it the pipeline keeps one batch in flight and a second worker sits idle.
        parallel: e.parallel,
        close: () => e.close(),
        embed: async (texts, signal, options) => {
          first()
          calls.most = Math.max(calls.most, ++calls.running)
          try {
            return await e.embed(texts, signal, options)
          } finally {
            calls.running--
          }
        }
      }
      wrapped.set(e, w)
    }
    return w
  }
  return {
    status: () => provider.status(),
    close: () => provider.close(),
    current: async () => {
      const e = await provider.current()
      return e && wrap(e)
    }
  }
}

/** The corpus PDFs: the three default papers, then `extra/`, sorted. */
export function corpusPdfs(corpusDir: string, extra: readonly string[]): string[] {
  const defaults = ['1706.03762', '1810.04805', '2005.11401'].map((id) =>
    join(corpusDir, `${id}.pdf`)
  )
  return [...defaults, ...extra.map((f) => join(corpusDir, 'extra', f))]
}
