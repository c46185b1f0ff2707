import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildLibrary } from '../../fixtures/libraryHarness'

const CORPUS = join(__dirname, '../../../../shared/corpus')
const IDS = ['1706.03762', '1810.04805', '2005.11401']

describe.skipIf(!existsSync(CORPUS))('the default corpus through the library', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-defaults-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('indexes the three papers under their arXiv ids with 15, 16 and 19 pages; adding again is a no-op', async () => {
    const lib = buildLibrary(dir, {
      deps: { defaultCorpusDir: CORPUS, fetch: () => Promise.reject(new Error('offline')) }
    })
    await lib.service.open()
    await lib.service.addPaths(IDS.map((id) => join(CORPUS, `${id}.pdf`)))
    await lib.service.whenIdle()
    const papers = lib.service.list()
    expect(papers.map((p) => [p.id, p.status, p.pages])).toEqual([
      ['1706.03762', 'indexed', 15],
      ['1810.04805', 'indexed', 16],
      ['2005.11401', 'indexed', 19]
    ])
    expect(papers[0]!.title).toBe('Attention Is All You Need')
    const chunks = papers.map((p) => p.chunks)
    expect(lib.keywords.count()).toBe(chunks.reduce((a, b) => a + b, 0))

    const again = await lib.service.addDefaults()
    await lib.service.whenIdle()
    expect(again.map((p) => p.id)).toEqual(IDS)
    expect(lib.service.list().map((p) => p.chunks)).toEqual(chunks)
    expect(lib.keywords.count()).toBe(chunks.reduce((a, b) => a + b, 0))
  })
})
