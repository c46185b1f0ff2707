import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it, vi } from 'vitest'
import { WorkerEmbedder } from '../../src/main/search/embedder/WorkerEmbedder'
import { writeTestModel } from '../fakes/miniLmModel'

// Each thread of this process (Linux) and its nice value; threads that end meanwhile are skipped.
function niceOfThreads(): Map<string, number> {
  const out = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      out.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]))
    } catch {
      // the thread ended
    }
  }
  return out
}

interface Lowered {
  tid: number | null
  nice: number | null
}

// Runs lowerThreadPriority() in a worker thread, as the extraction and Vectra workers do, and
// reads back that thread's nice value.
function lowerInWorker(level: 'background' | 'belowNormal' = 'background'): Promise<Lowered> {
  const code = `
    require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register()
    const { getPriority } = require('node:os')
    const { lowerThreadPriority } = require(${JSON.stringify(join(__dirname, '../../src/main/threadPriority.ts'))})
    const tid = lowerThreadPriority(${JSON.stringify(level)})
    require('node:worker_threads').parentPort.postMessage({ tid, nice: tid && getPriority(tid) })`
  const w = new Worker(code, { eval: true })
  return new Promise((resolve, reject) => {
    w.once('message', (m: Lowered) => {
      resolve(m)
      void w.terminate()
    })
    w.once('error', reject)
  })
}

describe('lowerThreadPriority', () => {
  it.runIf(process.platform === 'linux')(
    'gives the calling worker thread the lowest CPU priority and leaves the rest of the app alone',
    async () => {
      const before = getPriority(process.pid)
      const { tid, nice } = await lowerInWorker()
      expect(tid).toBeGreaterThan(0)
      expect(tid).not.toBe(process.pid)
      expect(nice).toBe(19)
      expect(getPriority(process.pid)).toBe(before)
    }
  )

  it.runIf(process.platform === 'linux')("puts the embedder's thread below normal", async () => {
    const { nice } = await lowerInWorker('belowNormal')
    expect(nice).toBe(10)
  })

  it.runIf(process.platform !== 'linux')('does nothing where priority is per process', async () => {
    expect((await lowerInWorker()).tid).toBeNull()
  })

  it.runIf(process.platform === 'linux')(
    'runs the embedder worker and the threads it starts (ONNX Runtime) below normal, not the process',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'rp-nice-'))
      // From source, the worker compiles its TypeScript through tsx before its first line runs,
      // and tsx's esbuild would start a helper thread for that at normal priority: not a thread
      // of the app, which runs built workers. Without worker threads esbuild runs as a process.
      vi.stubEnv('ESBUILD_WORKER_THREADS', '0')
      const before = niceOfThreads()
      const main = getPriority(process.pid)
      // A worker copies the environment when it starts.
      const embedder = await WorkerEmbedder.start({ modelDir: await writeTestModel(root) }).finally(
        () => vi.unstubAllEnvs()
      )
      try {
        await embedder.embed(['attention is all you need'])
        // The worker thread and whatever ONNX Runtime started for it: all below normal.
        const started = [...niceOfThreads()].filter(([tid]) => !before.has(tid))
        expect(started.length).toBeGreaterThanOrEqual(1)
        expect(started.map(([, nice]) => nice)).toEqual(started.map(() => 10))
        expect(getPriority(process.pid)).toBe(main)
      } finally {
        await embedder.close()
        await rm(root, { recursive: true, force: true })
      }
    }
  )
})
