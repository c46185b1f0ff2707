import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { englishText } from '../../../src/main/errors'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { KeywordPack } from '../../../src/main/search/pack/keywordPack'
import { VectorPack } from '../../../src/main/search/pack/vectorPack'
import { VectraStore } from '../../../src/main/search/VectraStore'
import { writeVectraFile } from '../../../src/main/search/vectraFile'
import { PackUnreadableError } from '../../../src/main/storage/packFile'
import { seededRandom } from '../../fakes/onnxGraph'

// Both library-wide packs are checked by one open(): a pack whose footer is intact (framing,
// checksum, schema) but whose sections hold fewer rows than its meta says is unusable, kept aside
// and rebuilt, like any damaged pack, instead of failing the store's open.

const DIMS = 16
const PAPERS = 6
const PER_PAPER = 20
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pack-layout-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Rewrites a pack's footer meta, with a valid checksum, so only the sections disagree with it. */
async function rewriteMeta(path: string, change: (meta: Record<string, unknown>) => void) {
  const bytes = await readFile(path)
  const end = bytes.length - 12
  const footerStart = end - bytes.readUInt32LE(end)
  const footer = JSON.parse(bytes.subarray(footerStart, end).toString('utf8'))
  change(footer.meta)
  const json = Buffer.from(JSON.stringify(footer), 'utf8')
  const tail = Buffer.alloc(12)
  tail.writeUInt32LE(json.length, 0)
  tail.writeUInt32LE(crc32(json), 4)
  bytes.copy(tail, 8, bytes.length - 4)
  await writeFile(path, Buffer.concat([bytes.subarray(0, footerStart), json, tail]))
}

/** One more row than the sections hold, in the meta's total and in its first paper. */
const oneRowMore =
  (total: 'rows' | 'docs') =>
  (meta: Record<string, unknown>): void => {
    meta[total] = (meta[total] as number) + 1
    ;(meta.papers as { n: number }[])[0]!.n++
  }

const keptAside = async (sub: string, file: string): Promise<boolean> =>
  (await readdir(join(dir, sub))).some((f) => f.startsWith(`${file}.unreadable-`))

describe('pack open(): sections must hold what the meta says', () => {
  it('a vector pack with a row fewer than its meta is kept aside; every paper is still found', async () => {
    const r = seededRandom(11)
    const vector = (): Float32Array => {
      const v = Float32Array.from({ length: DIMS }, () => r() - 0.5)
      const n = Math.hypot(...v)
      return v.map((x) => x / n)
    }
    const writer = { write: writeVectraFile, close: async () => undefined }
    const store = (minChunks: number) =>
      new VectraStore({ dir, writer, pack: { minChunks }, log: () => undefined })
    const s = store(50)
    await s.open()
    for (let p = 0; p < PAPERS; p++) {
      const items = Array.from({ length: PER_PAPER }, (_, i) => ({
        chunkId: `p${p}-page-1-chunk-${i}`,
        vector: vector()
      }))
      await s.putPaper(`p${p}`, 'emb', items)
    }
    await s.idle()
    await s.close()
    const path = join(dir, 'vectors', 'pack.rpvp')
    expect(() => VectorPack.open(path).close()).not.toThrow()
    await rewriteMeta(path, oneRowMore('rows'))
    expect(() => VectorPack.open(path)).toThrow(PackUnreadableError)
    expect(() => VectorPack.open(path)).toThrow(/sections do not match the footer/)

    const again = store(1e9)
    const notices = await again.open()
    expect(notices.map(englishText).join('\n')).toMatch(
      /vector search pack could not be used \(.*sections do not match the footer\)\. It was kept as/
    )
    expect(await keptAside('vectors', 'pack.rpvp')).toBe(true)
    expect(again.count()).toBe(PAPERS * PER_PAPER)
    await again.close()
  })

  it('a keyword pack with a doc fewer than its meta is kept aside; every paper is still searched', async () => {
    const chunks = (paperId: string): Chunk[] =>
      Array.from({ length: PER_PAPER }, (_, i) => ({
        id: `${paperId}-page-1-chunk-${i}`,
        paperId,
        page: 1,
        index: i,
        section: 'body',
        text: `attention heads encoder layer ${paperId}topic${i % 3}`,
        tokens: 6
      }))
    const index = async (minChunks: number) => {
      const k = new Bm25KeywordIndex({ dir, pack: { minChunks }, log: () => undefined })
      return { k, notices: await k.open() }
    }
    const { k } = await index(50)
    for (let p = 0; p < PAPERS; p++) await k.putPaper(`p${p}`, chunks(`p${p}`))
    await k.idle()
    expect(k.packedCount()).toBeGreaterThan(0)
    await k.close()
    const path = join(dir, 'keywords', 'pack.rpkp')
    await rewriteMeta(path, oneRowMore('docs'))
    expect(() => KeywordPack.open(path)).toThrow(PackUnreadableError)

    const again = await index(1e9)
    expect(again.notices.map(englishText).join('\n')).toMatch(
      /keyword search pack could not be used \(.*sections do not match the footer\)\. It was kept as/
    )
    expect(await keptAside('keywords', 'pack.rpkp')).toBe(true)
    expect(again.k.packedCount()).toBe(0)
    expect(again.k.count()).toBe(PAPERS * PER_PAPER)
    expect(again.k.query('p3topic1', 10).every((h) => h.chunkId.startsWith('p3-'))).toBe(true)
    await again.k.close()
  })
})
