import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { seededRandom } from '../../fakes/onnxGraph'
import { englishText } from '../../../src/main/errors'

let root: string
const r = seededRandom(5)
const WORDS = (
  'attention transformer encoder decoder layer head bleu translation retrieval passage ' +
  'question answer dense sparse index wikipedia dump corpus model training loss gradient ' +
  'embedding vector token sentence document generator memory parametric knowledge benchmark'
).split(' ')

/** Chunks of Zipf-ish words, so term frequencies and lengths vary as in real text. */
function chunks(paperId: string, n: number): Chunk[] {
  return Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 20 + Math.floor(r() * 60) }, () => {
      const rank = Math.floor(Math.exp(r() * Math.log(WORDS.length)))
      return WORDS[rank - 1]!
    })
    const text = `${words.join(' ')} ${paperId}topic${i % 3}`
    return {
      id: `${paperId}-page-${1 + (i >> 2)}-chunk-${i & 3}`,
      paperId,
      page: 1 + (i >> 2),
      index: i & 3,
      section: i < 2 ? 'abstract' : 'body',
      text,
      tokens: words.length
    }
  })
}

const QUERIES = [
  'attention heads in each layer',
  'retrieval of wikipedia passages',
  'dense vector index of the document corpus',
  'bleu on translation benchmark',
  'parametric memory knowledge generator',
  'paper007topic1 gradient'
]

async function index(dir: string, minChunks: number, readOnly = false): Promise<Bm25KeywordIndex> {
  const k = new Bm25KeywordIndex({ dir, pack: { minChunks }, readOnly, log: () => undefined })
  await k.open()
  return k
}

/** Both indexes answer every query with the same chunks, in the same order, with the same scores. */
function same(a: Bm25KeywordIndex, b: Bm25KeywordIndex, scope?: string[]): void {
  for (const q of QUERIES) {
    const x = a.query(q, 20, scope)
    const y = b.query(q, 20, scope)
    expect(y.map((h) => h.chunkId)).toEqual(x.map((h) => h.chunkId))
    y.forEach((h, i) => expect(h.score).toBeCloseTo(x[i]!.score, 9))
    expect(x.length).toBeGreaterThan(0)
  }
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'keyword-pack-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('Bm25KeywordIndex with a library-wide pack', () => {
  it('ranks exactly as the in-memory index, before and after adds, removals and a reopen', async () => {
    const plainDir = join(root, 'plain')
    const plain = await index(plainDir, 1e9)
    for (let p = 0; p < 30; p++) {
      const id = `paper${String(p).padStart(3, '0')}`
      await plain.putPaper(id, chunks(id, 24))
    }
    const packedDir = join(root, 'packed')
    await cp(plainDir, packedDir, { recursive: true })
    // The packed copy is an existing library opened by this version: it is migrated to a pack.
    const packed = await index(packedDir, 300)
    await packed.idle()
    expect(packed.packedCount()).toBe(720)
    expect(await readdir(join(packedDir, 'keywords'))).toContain('pack.rpkp')
    same(plain, packed)
    same(plain, packed, ['paper003', 'paper007', 'paper011'])

    // Chunk records and text come from the paper's own file.
    const [hit] = packed.query('paper007topic1', 1)
    const [chunk] = packed.getChunks([hit!.chunkId])
    expect(chunk).toMatchObject({ paperId: 'paper007', section: 'body' })
    expect(chunk!.text).toContain('paper007topic1')
    expect(packed.getChunks([hit!.chunkId])).toEqual(plain.getChunks([hit!.chunkId]))

    const replaced = chunks('paper005', 10)
    const added = chunks('paper100', 24)
    for (const k of [plain, packed]) {
      await k.removePaper('paper003')
      await k.putPaper('paper005', replaced)
      await k.putPaper('paper100', added)
    }
    expect(packed.hasPaper('paper003')).toBe(false)
    expect(packed.count()).toBe(plain.count())
    same(plain, packed, ['paper005', 'paper100', 'paper101', 'paper020'])
    await packed.close()

    const reopened = await index(packedDir, 300)
    expect(reopened.packedCount()).toBeGreaterThan(0)
    expect(reopened.count()).toBe(plain.count())
    same(plain, reopened, ['paper005', 'paper100', 'paper101', 'paper020'])
    await reopened.close()
  })

  it('answers a scope naming every paper (the whole library) as an unscoped query, and a scope short of one paper without it', async () => {
    const dir = join(root, 'lib')
    const k = await index(dir, 100)
    const ids = Array.from({ length: 10 }, (_, p) => `p${p}`)
    for (const id of ids) await k.putPaper(id, chunks(id, 20))
    await k.idle()
    await k.putPaper('p10', chunks('p10', 20)) // one paper outside the pack
    ids.push('p10')
    expect(k.packedCount()).toBeGreaterThan(0)
    for (const q of [...QUERIES, 'p3topic1', 'p10topic2']) {
      const all = k.query(q, 10)
      expect(all.length).toBeGreaterThan(0)
      // The catalog may also name papers not indexed yet: still the whole library.
      expect(k.query(q, 10, [...ids, 'not-indexed-yet'])).toEqual(all)
      const short = k.query(q, 10, ids.slice(1))
      expect(short.some((h) => h.chunkId.startsWith('p0-'))).toBe(false)
    }
    expect(k.query('p0topic1', 10, ids.slice(1))).toEqual([])
    expect(k.query('p0topic1', 10, ids)[0]!.chunkId).toMatch(/^p0-/)
    await k.close()
  })

  it('keeps a damaged pack aside, says so, and answers from the papers’ own files', async () => {
    const dir = join(root, 'lib')
    const k = await index(dir, 100)
    for (let p = 0; p < 10; p++) await k.putPaper(`p${p}`, chunks(`p${p}`, 20))
    await k.idle()
    expect(k.packedCount()).toBeGreaterThan(0)
    const before = QUERIES.map((q) => k.query(q, 10))
    await k.close()
    const file = join(dir, 'keywords', 'pack.rpkp')
    const bytes = await readFile(file)
    bytes[40] ^= 0xff // inside the postings: the pack's lists no longer match their checksum
    bytes[bytes.length - 30] ^= 0xff // and the footer
    await writeFile(file, bytes)

    const reader = await index(dir, 100, true)
    const again = await index(dir, 1e9)
    expect(again.packedCount()).toBe(0)
    expect(QUERIES.map((q) => again.query(q, 10))).toEqual(before)
    expect(reader.count()).toBe(200)
    const files = await readdir(join(dir, 'keywords'))
    expect(files.some((f) => f.startsWith('pack.rpkp.unreadable-'))).toBe(true)
    await again.close()
    await reader.close()
  })

  it('reports what open found wrong with the pack', async () => {
    const dir = join(root, 'lib')
    const k = await index(dir, 50)
    for (let p = 0; p < 4; p++) await k.putPaper(`p${p}`, chunks(`p${p}`, 20))
    await k.idle()
    await k.close()
    await writeFile(join(dir, 'keywords', 'pack.rpkp'), 'RPKP and then nothing useful')
    const again = new Bm25KeywordIndex({ dir, pack: { minChunks: 1e9 }, log: () => undefined })
    const notices = await again.open()
    expect(notices.map(englishText).join('\n')).toMatch(
      /keyword search pack could not be used \(.*pack\.rpkp: .*\)\. It was kept as .*pack\.rpkp\.unreadable-.* and is rebuilt/
    )
    expect(again.count()).toBe(80)
    await again.close()
  })
})
