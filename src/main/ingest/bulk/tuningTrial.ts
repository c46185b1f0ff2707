import type { PdfContent } from '../PdfReader'
import type { WorkerScript } from '../../workerScript'
import { WorkerEmbedder } from '../../search/embedder/WorkerEmbedder'
import type { TrialRunner } from './IngestTuning'

/** What one trial embeds and what runs beside it. */
export interface TrialInput {
  modelDir: string
  script?: WorkerScript
  /** Chunk-sized texts, embedded in batches as the pipeline does. */
  texts: readonly string[]
  /**
   * Work that competes for the cores as PDF extraction does during ingestion (reading a PDF in
   * the extraction worker); run over and over until the embedding is done.
   */
  load?: () => Promise<unknown>
}

/**
 * A {@link TrialRunner} that starts the real embedder worker with the given threads and batch,
 * embeds the texts while `load` runs beside it, and watches the main thread's event loop.
 * @remarks The model is loaded and run once before the clock starts. Chunks/s counts only the
 * embedding; the load is there so the threads compete with extraction as they do end to end.
 */
export function embedderTrial(input: TrialInput): TrialRunner {
  return async (threads, batchSize) => {
    const embedder = await WorkerEmbedder.start({
      modelDir: input.modelDir,
      script: input.script,
      options: { threads, batchSize }
    })
    try {
      await embedder.embed(input.texts.slice(0, batchSize))
      let done = false
      const loading = (async () => {
        while (!done && input.load) await input.load().catch(() => undefined)
      })()
      const probe = stallProbe()
      const t0 = performance.now()
      for (let i = 0; i < input.texts.length; i += batchSize)
        await embedder.embed(input.texts.slice(i, i + batchSize))
      const seconds = (performance.now() - t0) / 1000
      done = true
      const longestStallMs = probe.stop()
      await loading
      return {
        chunksPerSecond: Math.round((input.texts.length / seconds) * 100) / 100,
        longestStallMs: Math.round(longestStallMs * 10) / 10
      }
    } finally {
      await embedder.close()
    }
  }
}

/** The longest gap between ticks of a 5 ms timer, minus the 5 ms, until stopped. */
export function stallProbe(): { stop(): number } {
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last - 5)
    last = now
  }, 5)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(0, longest)
    }
  }
}

/**
 * Chunk-sized texts (about 180 words) cut from a PDF's text, at most `count`; repeated to make
 * up the count when the PDF is short. Empty when the PDF has no text.
 */
export function sampleTexts(content: PdfContent, count = 32, words = 180): string[] {
  const all = content.pages
    .flatMap((p) => p.items.map((i) => i.str))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
  if (all.length === 0) return []
  const texts: string[] = []
  for (let i = 0; texts.length < count; i += words) {
    const start = i % Math.max(1, all.length - Math.min(words, all.length) + 1)
    texts.push(all.slice(start, start + words).join(' '))
  }
  return texts
}
