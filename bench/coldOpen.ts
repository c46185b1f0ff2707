import { execFileSync } from 'node:child_process'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'

/** What the cold-open child process measured. */
export interface ColdOpen {
  chunks: number
  /** createServices(): settings, stores, catalog, resume check (the model loads in parallel). */
  servicesReadyMs: number
  /** From process start of the work to the first search answered with the model's vectors. */
  firstAnswerMs: number
  firstAnswerEmbedder: string | null
  heapAndExternalBytesPerChunk: number
  rssBytesPerChunk: number
  /** The whole process after the first answer (MB): what the user's machine holds. */
  rssMB: number
  heapUsedMB: number
}

const r2 = (x: number): number => Math.round(x * 100) / 100

/**
 * Child-process side: opens the library through the real composition root and asks one question.
 * @remarks A fresh process, so nothing is warm: module loading, the stores' files, the catalog,
 * the embedder worker and its model all count, as when the app starts.
 */
export async function coldOpenChild(
  root: string,
  modelDir: string,
  workerDir: string | null
): Promise<void> {
  const before = process.memoryUsage()
  const t0 = performance.now()
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    env: { ...process.env, RESEARCHPAL_MODEL_DIR: modelDir },
    workerDir: workerDir ?? undefined,
    log: (m) => console.error(`[cold-open] ${m}`)
  })
  const ready = performance.now()
  const answer = await services.retriever.search({
    query: 'attention heads in each layer',
    limit: 5
  })
  const first = performance.now()
  const after = process.memoryUsage()
  const chunks = answer.results.length > 0 ? await countChunks(services) : 0
  const grow = after.heapUsed + after.external - before.heapUsed - before.external
  const out: ColdOpen = {
    chunks,
    servicesReadyMs: r2(ready - t0),
    firstAnswerMs: r2(first - t0),
    firstAnswerEmbedder: answer.embedder,
    heapAndExternalBytesPerChunk: Math.round(grow / Math.max(1, chunks)),
    rssBytesPerChunk: Math.round((after.rss - before.rss) / Math.max(1, chunks)),
    rssMB: Math.round(after.rss / 1e5) / 10,
    heapUsedMB: Math.round(after.heapUsed / 1e5) / 10
  }
  await services.close()
  console.log(JSON.stringify(out))
}

async function countChunks(services: Awaited<ReturnType<typeof createServices>>): Promise<number> {
  return services.library.list().reduce((n, p) => n + p.chunks, 0)
}

/** Runs {@link coldOpenChild} in a fresh Node process (same loader flags) and parses its JSON. */
export function coldOpenInChild(
  script: string,
  root: string,
  modelDir: string,
  workerDir: string | null
): ColdOpen {
  const out = execFileSync(
    process.execPath,
    [...process.execArgv, script, '--child-cold-open', root, modelDir, workerDir ?? '-'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }
  )
  return JSON.parse(out.trim().split('\n').pop()!) as ColdOpen
}
