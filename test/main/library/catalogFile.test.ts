import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Catalog } from '../../../src/main/library/Catalog'

const v1Paper = {
  id: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani'],
  year: 2017,
  arxivId: '1706.03762',
  source: { kind: 'arxiv', arxivId: '1706.03762', url: 'https://arxiv.org/abs/1706.03762' },
  sha256: null,
  pages: 15,
  chunks: 40,
  sections: [],
  status: 'indexed',
  error: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  indexedAt: '2026-01-01T00:01:00.000Z',
  embedderId: null
}

describe('library.json versions', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('upgrades a version-1 catalog: papers kept with empty tags and collections, old file kept', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const file = join(dir, 'library.json')
    writeFileSync(file, JSON.stringify({ version: 1, papers: [{ ...v1Paper, futureField: 7 }] }))
    const catalog = new Catalog(file)
    expect(await catalog.load()).toEqual({ state: 'ok', migratedFrom: 1 })
    const p = catalog.get('1706.03762')!
    expect(p).toMatchObject({
      title: 'Attention Is All You Need',
      tags: [],
      collectionIds: [],
      chunkerId: null
    })
    expect(p.fieldSources).toEqual({})
    const saved = JSON.parse(readFileSync(file, 'utf8'))
    expect(saved.version).toBe(2)
    expect(saved.collections).toEqual([])
    // A field this version does not know is kept for the version that wrote it.
    expect(saved.papers[0].futureField).toBe(7)
    expect(JSON.parse(readFileSync(`${file}.v1.bak`, 'utf8')).version).toBe(1)
  })

  it('keeps collections, and a collection it cannot read verbatim, across a save', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const file = join(dir, 'library.json')
    const strange = { id: 'c9', name: 7, colour: 'red' }
    writeFileSync(
      file,
      JSON.stringify({
        version: 2,
        papers: [{ ...v1Paper, chunkerId: 'w300', tags: ['nlp'], collectionIds: ['c1'] }],
        collections: [{ id: 'c1', name: 'Reading', createdAt: '2026-01-02T00:00:00.000Z' }, strange]
      })
    )
    const catalog = new Catalog(file)
    expect(await catalog.load()).toEqual({ state: 'ok', migratedFrom: null })
    expect(catalog.listCollections().map((c) => c.name)).toEqual(['Reading'])
    expect(catalog.unreadableRecords()).toMatchObject([{ kind: 'collection', id: 'c9' }])
    await catalog.update('1706.03762', { tags: ['nlp', 'attention'] })
    const saved = JSON.parse(readFileSync(file, 'utf8'))
    expect(saved.papers[0]).toMatchObject({ chunkerId: 'w300', tags: ['nlp', 'attention'] })
    expect(saved.collections).toEqual([
      { id: 'c1', name: 'Reading', createdAt: '2026-01-02T00:00:00.000Z' },
      strange
    ])
  })

  it('keeps a damaged catalog aside and says so, never overwriting it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const file = join(dir, 'library.json')
    writeFileSync(file, '{"version": 2, "papers": [')
    const catalog = new Catalog(file)
    const load = await catalog.load()
    expect(load).toMatchObject({
      state: 'unreadable',
      reason: expect.stringMatching(/not valid JSON/)
    })
    expect(catalog.list()).toEqual([])
    const aside = readdirSync(dir).find((f) => f.startsWith('library.json.unreadable-'))!
    expect(load.state === 'unreadable' && load.aside).toBe(join(dir, aside))
    expect(readFileSync(join(dir, aside), 'utf8')).toBe('{"version": 2, "papers": [')
  })

  it('refuses a catalog written by a newer version instead of reading it wrongly', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const file = join(dir, 'library.json')
    const text = JSON.stringify({ version: 9, papers: [] })
    writeFileSync(file, text)
    await expect(new Catalog(file).load()).rejects.toMatchObject({
      code: 'NEWER_FORMAT',
      message: expect.stringMatching(/newer ResearchPal \(library format 9/)
    })
    // Left as it was for the newer version that wrote it.
    expect(readFileSync(file, 'utf8')).toBe(text)
    expect(existsSync(`${file}.v9.bak`)).toBe(false)
  })
})
