import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  chooseTrial,
  IngestTuning,
  MAX_STALL_MS,
  UNTUNED_BATCH,
  type MachineInfo
} from '../../../../src/main/ingest/bulk/IngestTuning'
import { embedderTrial } from '../../../../src/main/ingest/bulk/tuningTrial'
import { writeTestModel } from '../../../fakes/miniLmModel'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-tuning-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const TWO_CORES: MachineInfo = { cpus: 2, cpuModel: 'Test CPU', totalMemoryMb: 8192 }
const trial = (
  threads: number,
  batchSize: number,
  chunksPerSecond: number,
  longestStallMs = 5
) => ({
  threads,
  batchSize,
  chunksPerSecond,
  longestStallMs
})

describe('choosing ingestion settings', () => {
  it('takes the fastest configuration whose stall stays within the limit', () => {
    expect(chooseTrial([trial(1, 4, 58), trial(2, 4, 82)])).toMatchObject({ threads: 2 })
    // Faster but stalling the UI beyond the limit: not chosen.
    expect(chooseTrial([trial(1, 4, 58), trial(2, 4, 90, MAX_STALL_MS + 30)])).toMatchObject({
      threads: 1
    })
    // Within 3 %: the fewer threads win (noise on a busy machine is not a reason for more).
    expect(chooseTrial([trial(1, 4, 80), trial(2, 4, 81)])).toMatchObject({ threads: 1 })
    // Everything stalls: the least stalling.
    expect(chooseTrial([trial(1, 4, 50, 80), trial(2, 4, 90, 120)])).toMatchObject({ threads: 1 })
  })

  it('measures once, remembers it for this machine, and measures again on another', async () => {
    const file = join(dir, 'ingest-tuning.json')
    const tuning = new IngestTuning({ file, machine: TWO_CORES })
    await tuning.load()
    expect(tuning.needsMeasuring()).toBe(true)
    expect(tuning.threads()).toBeUndefined()
    expect(tuning.batchSize()).toBe(UNTUNED_BATCH)
    const speeds: Record<string, number> = { '1/4': 58, '2/4': 82, '2/2': 70, '2/8': 84 }
    const asked: string[] = []
    let changed = 0
    tuning.onChange(() => changed++)
    const result = await tuning.measure('model@q8-abc', async (t, b) => {
      asked.push(`${t}/${b}`)
      return { chunksPerSecond: speeds[`${t}/${b}`]!, longestStallMs: 4 }
    })
    expect(asked).toEqual(['1/4', '2/4', '1/4', '2/4', '2/2', '2/8', '2/2', '2/8'])
    expect(result).toMatchObject({ threads: 2, batchSize: 8 })
    expect(changed).toBe(1)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      version: 1,
      threads: 2,
      batchSize: 8,
      embedderId: 'model@q8-abc'
    })

    const again = new IngestTuning({ file, machine: TWO_CORES })
    await again.load()
    expect(again.needsMeasuring()).toBe(false)
    expect([again.threads(), again.batchSize()]).toEqual([2, 8])

    const logs: string[] = []
    const elsewhere = new IngestTuning({
      file,
      machine: { ...TWO_CORES, cpus: 8, cpuModel: 'Other CPU' },
      log: (m) => logs.push(m)
    })
    await elsewhere.load()
    expect(elsewhere.needsMeasuring()).toBe(true)
    expect(logs.join('\n')).toMatch(/another machine/)
  })

  it('keeps the best of repeated trials: other work only ever slows a trial down', async () => {
    const tuning = new IngestTuning({ file: join(dir, 't.json'), machine: TWO_CORES })
    // Two threads are faster, but its first trial hits a busy moment on the machine.
    const seen: Record<string, number> = {}
    const r = await tuning.measure('m', async (t, b) => {
      const n = (seen[`${t}/${b}`] = (seen[`${t}/${b}`] ?? 0) + 1)
      const busy = t === 2 && b === 4 && n === 1
      return {
        chunksPerSecond: busy ? 20 : t === 2 ? 80 : 58,
        longestStallMs: busy ? 300 : 10
      }
    })
    expect(r.threads).toBe(2)
    expect(r.trials.find((x) => x.threads === 2 && x.batchSize === 4)).toMatchObject({
      chunksPerSecond: 80,
      longestStallMs: 10
    })
  })

  it('keeps a damaged file aside and reports it; leaves a newer one untouched', async () => {
    const file = join(dir, 'ingest-tuning.json')
    writeFileSync(file, '{"version":1,"threads":')
    const logs: string[] = []
    const tuning = new IngestTuning({ file, machine: TWO_CORES, log: (m) => logs.push(m) })
    await tuning.load()
    expect(tuning.needsMeasuring()).toBe(true)
    expect(logs.join('\n')).toMatch(/could not be read .*kept it as/)
    expect(readdirSync(dir).some((f) => f.startsWith('ingest-tuning.json.unreadable-'))).toBe(true)

    writeFileSync(file, JSON.stringify({ version: 9, threads: 3 }))
    await tuning.load()
    expect(tuning.needsMeasuring()).toBe(false)
    expect(tuning.threads()).toBeUndefined()
    await tuning.measure('m', async () => ({ chunksPerSecond: 1, longestStallMs: 1 }))
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 9, threads: 3 })
  })

  it('a real trial runs the embedder worker with the given threads and reports throughput and stall', async () => {
    const modelDir = await writeTestModel(join(dir, 'models'))
    const run = embedderTrial({
      modelDir,
      texts: Array.from({ length: 8 }, (_, i) => `attention encoder layer ${i} `.repeat(20)),
      load: () => new Promise((r) => setTimeout(r, 5))
    })
    const r = await run(1, 4)
    expect(r.chunksPerSecond).toBeGreaterThan(0)
    expect(r.longestStallMs).toBeGreaterThanOrEqual(0)
    expect(r.longestStallMs).toBeLessThan(5000)
  }, 60_000)
})
