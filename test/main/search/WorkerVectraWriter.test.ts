import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeVectors } from '../../../src/main/search/int8Codec'
import { vectraWorkerScript, WorkerVectraWriter } from '../../../src/main/search/WorkerVectraWriter'

function input(dir: string) {
  const vectors = new Float32Array(2 * 4)
  vectors.set([1, 0, 0, 0, 0, 0.6, 0.8, 0])
  return {
    dir,
    file: 'index.rpv',
    paperId: 'p1',
    embedderId: 'fake@1',
    dims: 4,
    chunkIds: ['p1-page-1-chunk-0', 'p1-page-2-chunk-0'],
    vectors
  }
}

describe('WorkerVectraWriter', () => {
  it('builds the Vectra file in a worker thread, readable with the chunk ids and vectors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-vw-'))
    const writer = new WorkerVectraWriter()
    try {
      await writer.write(input(dir))
      const decoded = decodeVectors(readFileSync(join(dir, 'index.rpv')))
      expect(decoded.paperId).toBe('p1')
      expect(decoded.ids).toEqual(['p1-page-1-chunk-0', 'p1-page-2-chunk-0'])
      expect(decoded.dims).toBe(4)
    } finally {
      await writer.close()
    }
  })

  it('can be warmed up before the first write, which then writes as usual', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-vw-'))
    const writer = new WorkerVectraWriter()
    try {
      writer.warmUp()
      writer.warmUp() // idempotent
      await writer.write(input(dir))
      expect(decodeVectors(readFileSync(join(dir, 'index.rpv'))).ids).toHaveLength(2)
    } finally {
      await writer.close()
    }
  })

  it('fails the writes in flight when the worker dies, and starts a new one for the next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-vw-'))
    let crash = true
    const writer = new WorkerVectraWriter(() =>
      crash
        ? { source: 'process.exit(3)', eval: true, file: '(crash)' }
        : vectraWorkerScript(join(__dirname, '../../../src/main/search'))
    )
    await expect(writer.write(input(dir))).rejects.toThrow(/exit code 3/)
    crash = false
    await writer.write(input(dir))
    await writer.close()
  })
})
