/**
 * Recall@10 of the vector pack against its exact scan, and CPU per query, for a few probe counts:
 * `npx tsx bench/packRecall.ts <indexDir>` on a packed index folder (e.g. the 1M one left by
 * `bench/store.ts --keep` and opened once by `bench/storeAtScale.ts`). Queries are near stored
 * chunk vectors, as a real model's queries are near its own chunks'.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeVectors } from '../src/main/search/int8Codec'
import { EXACT } from '../src/main/search/pack/vectorPack'
import { VectraStore } from '../src/main/search/VectraStore'
import { rng, SyntheticVectors } from './syntheticLibrary'
async function main(): Promise<void> {
  const dir = process.argv[2]!
  const r = rng(17)
  const synth = new SyntheticVectors(384, 200, 5)
  const files = readdirSync(join(dir, 'vectors', 'papers')).filter((f) => f.endsWith('.rpv'))
  const qs = Array.from({ length: 40 }, () => {
    const v = decodeVectors(
      readFileSync(join(dir, 'vectors', 'papers', files[Math.floor(r() * files.length)]!))
    )
    const row = Math.floor(r() * v.ids.length)
    const s = new Float32Array(384)
    for (let j = 0; j < 384; j++) s[j] = v.codes[row * 384 + j]! * v.inv[row]!
    return synth.near(s)
  })
  const exact = new VectraStore({ dir, readOnly: true, probes: EXACT })
  await exact.open()
  const want = []
  for (const q of qs) want.push((await exact.query(q, 10)).map((h) => h.chunkId))
  for (const probes of [12, 24, 48]) {
    const s = new VectraStore({ dir, readOnly: true, probes })
    await s.open()
    let found = 0
    const cpu: number[] = []
    for (const [i, q] of qs.entries()) {
      const c0 = process.cpuUsage()
      const got = new Set((await s.query(q, 10)).map((h) => h.chunkId))
      const c = process.cpuUsage(c0)
      cpu.push((c.user + c.system) / 1000)
      found += want[i]!.filter((id) => got.has(id)).length
    }
    cpu.sort((a, b) => a - b)
    console.log(
      JSON.stringify({
        probes,
        recallAt10: found / (qs.length * 10),
        cpuP50ms: cpu[cpu.length >> 1]
      })
    )
  }
}
void main()
