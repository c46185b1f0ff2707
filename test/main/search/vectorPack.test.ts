import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeVectors } from '../../../src/main/search/int8Codec'
import {
  EXACT,
  MAX_PROBES,
  PROBE_MARGIN,
  probedLists
} from '../../../src/main/search/pack/vectorPack'
import { VectraStore } from '../../../src/main/search/VectraStore'
import { scanVectors, withSigns } from '../../../src/main/search/vectorScan'
import { writeVectraFile } from '../../../src/main/search/vectraFile'
import type { PaperIndexWriter } from '../../../src/main/search/WorkerVectraWriter'
import { seededRandom } from '../../fakes/onnxGraph'
import { englishText } from '../../../src/main/errors'
import { mainT } from '../../../src/main/i18n'

const DIMS = 64
const EMB = 'test-embedder'
const PER_PAPER = 40
let dir: string

/** Writes Vectra files in this thread (the worker is tested elsewhere). */
const inThread: PaperIndexWriter = { write: writeVectraFile, close: async () => undefined }

const r = seededRandom(3)
const gauss = (): number => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r())
const unit = (v: Float32Array): Float32Array => {
  const n = Math.hypot(...v) || 1
  return v.map((x) => x / n)
}
const topics = Array.from({ length: 12 }, () => unit(Float32Array.from({ length: DIMS }, gauss)))
/** A chunk vector near a topic (papers are on topics, as real ones are). */
const near = (t: number, spread = 0.9): Float32Array =>
  unit(Float32Array.from({ length: DIMS }, (_, j) => topics[t]![j]! + (gauss() * spread) / 8))

function paper(id: string, topic: number): { chunkId: string; vector: Float32Array }[] {
  return Array.from({ length: PER_PAPER }, (_, i) => ({
    chunkId: `${id}-page-${1 + (i >> 2)}-chunk-${i & 3}`,
    vector: near(topic)
  }))
}

function store(opts: { minChunks?: number; probes?: number } = {}): VectraStore {
  return new VectraStore({
    dir,
    writer: inThread,
    pack: { minChunks: opts.minChunks ?? 400 },
    probes: opts.probes,
    log: () => undefined
  })
}

/** Every stored vector, for an exact reference scan. */
const all = new Map<string, Float32Array>()

async function fill(s: VectraStore, from: number, to: number): Promise<void> {
  for (let p = from; p < to; p++) {
    const items = paper(`paper${String(p).padStart(3, '0')}`, p % topics.length)
    for (const i of items) all.set(i.chunkId, i.vector)
    await s.putPaper(`paper${String(p).padStart(3, '0')}`, EMB, items)
  }
}

/** The exact top k by cosine over the float vectors, restricted to live papers. */
function exact(q: Float32Array, k: number, live: (id: string) => boolean): string[] {
  return [...all]
    .filter(([id]) => live(id.replace(/-page-.*/, '')))
    .map(([id, v]) => ({ id, s: v.reduce((n, x, j) => n + x * q[j]!, 0) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((e) => e.id)
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vector-pack-'))
  all.clear()
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('VectraStore with a library-wide pack', () => {
  it('packs a large library in the background and answers like the exact scan, across reopens, adds and removals', async () => {
    const s = store()
    await s.open()
    await fill(s, 0, 20) // 800 chunks: past the 400-chunk pack size
    await s.idle()
    expect(s.packedCount()).toBeGreaterThanOrEqual(400)
    expect(s.count()).toBe(800)
    const live = (id: string): boolean => s.hasPaper(id)
    let found = 0
    const queries = Array.from({ length: 20 }, (_, i) => near(i % topics.length, 1.2))
    for (const q of queries) {
      const got = new Set((await s.query(q, 10)).map((h) => h.chunkId))
      found += exact(q, 10, live).filter((id) => got.has(id)).length
    }
    expect(found / 200).toBeGreaterThanOrEqual(0.95)

    // Probing every list is the exact int8 scan of the per-paper files, score for score.
    const full = store({ probes: EXACT })
    await full.open()
    expect(full.packedCount()).toBeGreaterThan(0)
    const files = await readdir(join(dir, 'vectors', 'papers'))
    const decoded = await Promise.all(
      files.map(async (f) =>
        withSigns(decodeVectors(await readFile(join(dir, 'vectors', 'papers', f))))
      )
    )
    for (const q of queries.slice(0, 5)) {
      const want = scanVectors(decoded, q, 10, { exactLimit: Infinity }).map((h) => ({
        chunkId: decoded[h.paper]!.ids[h.row]!,
        score: h.score
      }))
      const got = (await full.query(q, 10)).map((h) => ({ chunkId: h.chunkId, score: h.score }))
      expect(got.map((h) => h.chunkId)).toEqual(want.map((h) => h.chunkId))
      got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i]!.score, 6))
    }
    await full.close()

    // Added after the pack (held in memory), replaced and removed packed papers.
    await fill(s, 20, 22)
    await s.removePaper('paper000')
    await s.putPaper(
      'paper001',
      EMB,
      paper('paper001', 5).map((i) => (all.set(i.chunkId, i.vector), i))
    )
    expect(s.count()).toBe(840)
    const q = near(0)
    const hits = await s.query(q, 50)
    expect(hits.some((h) => h.paperId === 'paper000')).toBe(false)
    // Scoped to a few packed papers: read from their own files.
    const scoped = await s.query(q, 5, ['paper012', 'paper021'])
    expect(scoped.every((h) => ['paper012', 'paper021'].includes(h.paperId))).toBe(true)
    expect(scoped.map((h) => h.chunkId)).toEqual(
      exact(q, 5, (id) => id === 'paper012' || id === 'paper021')
    )
    await s.close()

    const again = store()
    await again.open()
    expect(again.count()).toBe(840)
    expect(again.hasPaper('paper000')).toBe(false)
    expect(again.hasPaper('paper021')).toBe(true)
    expect(again.packedCount()).toBeGreaterThan(0)
    expect((await again.query(q, 50)).map((h) => h.chunkId)).toEqual(hits.map((h) => h.chunkId))
    await again.close()
  })

  it('answers a scope naming every paper as an unscoped query, and leaves out a paper the scope omits', async () => {
    const s = store({ minChunks: 400, probes: EXACT })
    await s.open()
    await fill(s, 0, 24)
    await s.idle()
    await fill(s, 24, 26) // outside the pack
    expect(s.packedCount()).toBeGreaterThan(0)
    const ids = s.paperIds()
    for (let t = 0; t < 6; t++) {
      const q = near(t)
      const whole = await s.query(q, 20)
      expect(await s.query(q, 20, [...ids, 'not-indexed-yet'])).toEqual(whole)
      const short = await s.query(
        q,
        20,
        ids.filter((id) => id !== 'paper000')
      )
      expect(short.some((h) => h.paperId === 'paper000')).toBe(false)
      const kept = whole.filter((h) => h.paperId !== 'paper000')
      expect(short.slice(0, kept.length)).toEqual(kept)
    }
    await s.close()
  })

  it('migrates a library stored before packs (per-paper files only): nothing dropped', async () => {
    const before = store({ minChunks: 1e9 })
    await before.open()
    await fill(before, 0, 12)
    await before.close()
    expect(await readdir(join(dir, 'vectors'))).not.toContain('pack.rpvp')

    // A pack build a crash interrupted leaves its temp file; the next writer removes it.
    await writeFile(join(dir, 'vectors', 'pack.rpvp.999.1.building'), 'half a pack')
    const after = store()
    await after.open()
    expect(await readdir(join(dir, 'vectors'))).not.toContain('pack.rpvp.999.1.building')
    await after.idle()
    expect(await readdir(join(dir, 'vectors'))).toContain('pack.rpvp')
    expect(after.count()).toBe(480)
    expect(after.packedCount()).toBe(480)
    expect(after.paperIds().sort()).toEqual(
      [...new Set([...all.keys()].map((id) => id.replace(/-page-.*/, '')))].sort()
    )
    await after.close()
  })

  it('keeps a damaged pack aside, says so, and still finds every paper from their own files', async () => {
    const s = store()
    await s.open()
    await fill(s, 0, 12)
    await s.idle()
    await s.close()
    const path = join(dir, 'vectors', 'pack.rpvp')
    const bytes = await readFile(path)
    bytes[bytes.length - 40] ^= 0xff // inside the footer: its checksum no longer matches
    await writeFile(path, bytes)

    const again = store({ minChunks: 1e9 })
    const notices = await again.open()
    expect(notices.map(englishText).join('\n')).toMatch(
      /vector search pack could not be used \(.*checksum.*\)\. It was kept as .*pack\.rpvp\.unreadable-/
    )
    // Said in the UI language too: the Portuguese names the kept file and quotes no English.
    const [said] = notices.map((n) => mainT('pt-BR')(`errors.${n.key}`, n.params ?? {}))
    expect(said).toMatch(
      /^O pacote de busca vetorial não pôde ser usado\. Ele foi guardado como .*pack\.rpvp\.unreadable-.* e é reconstruído/
    )
    expect(said).not.toMatch(/checksum|search pack/)
    expect(
      (await readdir(join(dir, 'vectors'))).some((f) => f.startsWith('pack.rpvp.unreadable-'))
    ).toBe(true)
    expect(again.count()).toBe(480)
    const q = near(3)
    expect((await again.query(q, 10)).map((h) => h.chunkId)).toEqual(exact(q, 10, () => true))
    await again.close()
  })
})

describe('a small pack', () => {
  it('finds what the exact scan finds (recall@10 >= 0.98) when its lists hold a few rows each', async () => {
    // 3,000 chunks on 150 topics: with 256 lists, a dozen rows a list.
    const many = Array.from({ length: 150 }, () => unit(Float32Array.from({ length: DIMS }, gauss)))
    const s = store({ minChunks: 2000 })
    await s.open()
    for (let p = 0; p < 75; p++) {
      const id = `small${String(p).padStart(3, '0')}`
      const items = Array.from({ length: PER_PAPER }, (_, i) => ({
        chunkId: `${id}-page-${1 + (i >> 2)}-chunk-${i & 3}`,
        vector: unit(
          Float32Array.from(
            { length: DIMS },
            (_, j) => many[(p * 7 + i) % many.length]![j]! + gauss() * 0.15
          )
        )
      }))
      for (const it of items) all.set(it.chunkId, it.vector)
      await s.putPaper(id, EMB, items)
    }
    await s.idle()
    expect(s.packedCount()).toBeGreaterThanOrEqual(2000)
    const stored = [...all.values()]
    let found = 0
    for (let i = 0; i < 40; i++) {
      // A query near a stored chunk, as a real model's query is near its passage.
      const v = stored[(i * 73) % stored.length]!
      const q = unit(Float32Array.from({ length: DIMS }, (_, j) => v[j]! + gauss() * 0.05))
      const got = new Set((await s.query(q, 10)).map((h) => h.chunkId))
      found += exact(q, 10, () => true).filter((id) => got.has(id)).length
    }
    expect(found / 400).toBeGreaterThanOrEqual(0.98)
    await s.close()
  })
})

describe('probedLists', () => {
  const ranked = (scores: number[]): { id: number; score: number }[] =>
    scores.map((score, id) => ({ id, score }))

  it('probes the minimum, then more lists while their centroids score near the best', () => {
    // A query close to one cluster: the others fall away fast, so only the minimum is probed.
    const sharp = ranked([0.9, 0.5, 0.4, 0.3, 0.2, 0.1])
    expect(probedLists(sharp, 2).map((l) => l.id)).toEqual([0, 1])
    // A query between clusters: lists within the margin of the best are probed too.
    const flat = ranked([0.6, 0.59, 0.58, 0.6 - PROBE_MARGIN, 0.6 - PROBE_MARGIN - 0.01, 0.1])
    expect(probedLists(flat, 2).map((l) => l.id)).toEqual([0, 1, 2, 3])
    expect(probedLists(flat, 5)).toHaveLength(5)
    expect(probedLists([], 4)).toEqual([])
    expect(MAX_PROBES).toBeGreaterThan(16)
  })
})
