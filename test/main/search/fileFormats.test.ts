import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { decodeVectors, Int8Codec } from '../../../src/main/search/int8Codec'
import { buildPostings, decodePostings, encodePostings } from '../../../src/main/search/keywordFile'
import { asKeywordFormat3, withOlderFraming } from './olderFormats'

const chunks: Chunk[] = ['attention heads in each layer', 'bleu on translation'].map((text, i) => ({
  id: `p1-page-1-chunk-${i}`,
  paperId: 'p1',
  page: 1,
  index: i,
  section: 'body',
  text,
  tokens: 5
}))

function vectors(): Buffer {
  return new Int8Codec('p1', 'emb', 8).serializeIndex({
    version: 1,
    metadata_config: {},
    items: [
      { id: 'a', metadata: {}, vector: [1, 0, 0, 0, 0, 0, 0, 0], norm: 1 },
      { id: 'b', metadata: {}, vector: [0, 1, 0, 0, 0, 0, 0, 0], norm: 1 }
    ]
  })
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-formats-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('per-paper index files: versions, header schemas, checksums', () => {
  it('writes .rpv version 2 with a checksum, still reads version 1, and names damage', () => {
    const v2 = vectors()
    expect(v2.toString('latin1', 0, 4)).toBe('RPV2')
    const v1 = withOlderFraming(v2, 'RPV1')
    expect(decodeVectors(v1)).toMatchObject({ paperId: 'p1', embedderId: 'emb', ids: ['a', 'b'] })
    expect(decodeVectors(v1).codes).toEqual(decodeVectors(v2).codes)

    const garbled = Buffer.from(v2)
    garbled[garbled.length - 3] ^= 0x40 // one vector code
    expect(() => decodeVectors(garbled)).toThrow(/checksum mismatch: the file is damaged/)
    const newer = Buffer.from(v2)
    newer.write('RPV3', 0, 'latin1')
    expect(() => decodeVectors(newer)).toThrow(/newer ResearchPal \(vector format 3\)/)
    // A header that parses as JSON but is not ours is refused by its schema.
    const json = Buffer.from(JSON.stringify({ version: 1, ids: 'x' }))
    const bad = Buffer.alloc(8 + json.length)
    bad.write('RPV1', 0, 'latin1')
    bad.writeUInt32LE(json.length, 4)
    json.copy(bad, 8)
    expect(() => decodeVectors(bad)).toThrow(/header/)
  })

  it('writes .kw format 4 with a checksum, still reads formats 1 to 3, and names damage', async () => {
    const v2 = encodePostings(await buildPostings('p1', chunks))
    expect(v2.toString('latin1', 0, 4)).toBe('RPK4')
    expect(decodePostings(asKeywordFormat3(v2))).toMatchObject({ analysis: 1, ptRows: new Set() })
    expect(decodePostings(withOlderFraming(v2, 'RPK2')).ids).toEqual(chunks.map((c) => c.id))
    const v1 = withOlderFraming(v2, 'RPK1')
    const old = decodePostings(v1)
    expect(old.ids).toEqual(chunks.map((c) => c.id))
    expect([...old.terms]).toEqual([...decodePostings(v2).terms])

    const garbled = Buffer.from(v2)
    garbled[garbled.length - 10] ^= 0x01 // inside the compressed chunk text
    expect(() => decodePostings(garbled)).toThrow(/checksum mismatch/)
    const newer = Buffer.from(v2)
    newer.write('RPK5', 0, 'latin1')
    expect(() => decodePostings(newer)).toThrow(/newer ResearchPal \(keyword format 5\)/)
  })

  it('an index of version-1 files opens with every paper; a garbled one is named at open', async () => {
    const k = new Bm25KeywordIndex({ dir, log: () => undefined })
    await k.open()
    await k.putPaper('p1', chunks)
    await k.putPaper(
      'p2',
      chunks.map((c) => ({ ...c, id: c.id.replace('p1', 'p2'), paperId: 'p2' }))
    )
    await k.close()
    const f1 = join(dir, 'keywords', 'papers', 'p1.kw')
    const f2 = join(dir, 'keywords', 'papers', 'p2.kw')
    await writeFile(f1, withOlderFraming(await readFile(f1), 'RPK1'))
    const garbled = await readFile(f2)
    garbled[garbled.length - 10] ^= 0x01
    await writeFile(f2, garbled)

    const again = new Bm25KeywordIndex({ dir, log: () => undefined })
    await again.open()
    expect(again.hasPaper('p1')).toBe(true)
    expect(again.query('attention heads', 5).map((h) => h.chunkId)).toEqual(['p1-page-1-chunk-0'])
    expect(again.damagedPapers().get('p2')).toMatch(
      /p2\.kw: checksum mismatch: the file is damaged/
    )
    await again.close()
  })
})
