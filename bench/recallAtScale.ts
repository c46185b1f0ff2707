/**
 * Recall@10 of the dense fast path against the exact scan, on the queries `npm run bench`
 * uses for its large section: `npx tsx bench/recallAtScale.ts <dataDir> [probes...]`.
 * @remarks Near-chunk queries are drawn exactly as bench/millionBench.ts draws them (same seeds,
 * same files); "unrelated" queries are random unit vectors, a stand-in for the bench model's
 * question embeddings (a random-weight model, unrelated to the synthetic vectors). For each
 * probe count: recall and CPU per query of the store's query (delta + pack), as the app runs it.
 */
import { readdir, readFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { dataPaths } from '../src/main/paths'
import { decodeVectors } from '../src/main/search/int8Codec'
import { DEFAULT_PROBES, EXACT } from '../src/main/search/pack/vectorPack'
import { VectraStore } from '../src/main/search/VectraStore'
import { quantile } from './retrievalEval'
import { rng, SyntheticVectors } from './syntheticLibrary'

async function main(): Promise<void> {
  const root = process.argv[2]!
  const probeCounts = process.argv.slice(3).map(Number)
  if (probeCounts.length === 0) probeCounts.push(DEFAULT_PROBES)
  const dir = dataPaths(root).index
  const exact = new VectraStore({ dir, readOnly: true, probes: EXACT })
  await exact.open()
  const dims = exact.dims() ?? 384
  const r = rng(23)
  const synth = new SyntheticVectors(dims, 200, 29)
  const papersDir = join(dir, 'vectors', 'papers')
  const files = (await readdir(papersDir)).filter((f) => f.endsWith('.rpv'))
  const near: Float32Array[] = []
  for (let i = 0; i < 100; i++) {
    const v = decodeVectors(await readFile(join(papersDir, files[Math.floor(r() * files.length)]!)))
    const row = Math.floor(r() * v.ids.length)
    const stored = new Float32Array(v.dims)
    for (let j = 0; j < v.dims; j++) stored[j] = v.codes[row * v.dims + j]! * v.inv[row]!
    near.push(synth.near(stored))
  }
  const r2 = rng(31)
  const unrelated = Array.from({ length: 100 }, () =>
    Float32Array.from({ length: dims }, () => r2() - 0.5)
  )
  const want = async (qs: Float32Array[]): Promise<string[][]> => {
    const out: string[][] = []
    for (const q of qs) out.push((await exact.query(q, 10)).map((h) => h.chunkId))
    return out
  }
  const wantNear = await want(near)
  const wantUnrelated = await want(unrelated)
  await exact.close()
  for (const probes of probeCounts) {
    const s = new VectraStore({ dir, readOnly: true, probes })
    await s.open()
    const row: Record<string, number> = { probes }
    for (const [name, qs, w] of [
      ['near', near, wantNear],
      ['unrelated', unrelated, wantUnrelated]
    ] as const) {
      let found = 0
      const cpu: number[] = []
      for (const [i, q] of qs.entries()) {
        const c0 = process.cpuUsage()
        const got = new Set((await s.query(q, 50)).slice(0, 10).map((h) => h.chunkId))
        const c = process.cpuUsage(c0)
        cpu.push((c.user + c.system) / 1000)
        found += w[i]!.filter((id) => got.has(id)).length
      }
      row[`${name}Recall`] = found / (qs.length * 10)
      row[`${name}CpuP50`] = Math.round(quantile(cpu, 0.5) * 100) / 100
    }
    row.load = loadavg()[0]!
    console.log(JSON.stringify(row))
    await s.close()
  }
}

void main()
