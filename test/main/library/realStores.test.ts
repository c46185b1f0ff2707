import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dataPaths } from '../../../src/main/paths'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { VectraStore } from '../../../src/main/search/VectraStore'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-real-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

async function open(root: string, embedder = new FakeEmbedder()) {
  const paths = dataPaths(root)
  const vectors = new VectraStore({ dir: paths.index })
  const keywords = new Bm25KeywordIndex({ dir: paths.index })
  await vectors.open()
  await keywords.open()
  const lib = buildLibrary(root, { embedder, deps: { vectors, keywords } })
  await lib.service.open()
  return { ...lib, vectors, keywords }
}

describe('LibraryService over the real Vectra and BM25 stores', () => {
  it('indexes, survives a restart without duplicates, re-embeds on a new embedder and removes', async () => {
    const folder = join(dir, 'in')
    mkdirSync(folder)
    writeFileSync(
      join(folder, 'a.pdf'),
      makePaperPdf({ title: 'Paper A', pages: 2, seed: 31, marker: 'alphamark' })
    )
    writeFileSync(
      join(folder, 'b.pdf'),
      makePaperPdf({ title: 'Paper B', pages: 3, seed: 32, marker: 'betamark' })
    )
    const root = join(dir, 'data')

    const first = await open(root)
    const [a, b] = await first.service.addPaths([folder])
    await first.service.whenIdle()
    const total = first.service.list().reduce((n, p) => n + p.chunks, 0)
    expect(first.keywords.count()).toBe(total)
    expect(first.vectors.count()).toBe(total)
    const hit = first.keywords.query('betamark3', 3)[0]!
    expect(first.keywords.getChunks([hit.chunkId])[0]).toMatchObject({ paperId: b!.id, page: 3 })
    await first.service.close()

    const second = await open(root)
    await second.service.addPaths([folder])
    await second.service.whenIdle()
    expect(second.keywords.count()).toBe(total)
    expect(second.vectors.count()).toBe(total)

    const embedder = new FakeEmbedder({ id: 'other-model', dims: 32 })
    const third = await open(root, embedder)
    await third.service.whenIdle()
    expect(third.vectors.embedderId()).toBe('other-model')
    expect(third.vectors.count()).toBe(total)
    expect(third.service.list().map((p) => p.embedderId)).toEqual(['other-model', 'other-model'])

    await third.service.remove(a!.id)
    expect(third.vectors.hasPaper(a!.id)).toBe(false)
    expect(third.keywords.query('alphamark1', 3)).toEqual([])
    expect(third.keywords.count()).toBe(third.service.get(b!.id).chunks)
  })
})
