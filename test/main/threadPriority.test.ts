import { getPriority } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'

interface Lowered {
  tid: number | null
  nice: number | null
}

// Runs lowerThreadPriority() in a worker thread, as the extraction and Vectra workers do, and
// reads back that thread's nice value.
function lowerInWorker(): Promise<Lowered> {
  const code = `
    require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register()
    const { getPriority } = require('node:os')
    const { lowerThreadPriority } = require(${JSON.stringify(join(__dirname, '../../src/main/threadPriority.ts'))})
    const tid = lowerThreadPriority()
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

  it.runIf(process.platform !== 'linux')('does nothing where priority is per process', async () => {
    expect((await lowerInWorker()).tid).toBeNull()
  })
})
