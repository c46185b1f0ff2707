import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
    const logs: string[] = []
    const catalog = new Catalog(file, (m) => logs.push(m))
    await catalog.load()
    const p = catalog.get('1706.03762')!
    expect(p).toMatchObject({ title: 'Attention Is All You Need', tags: [], collectionIds: [] })
    expect(p.fieldSources).toEqual({})
    const saved = JSON.parse(readFileSync(file, 'utf8'))
    expect(saved.version).toBe(2)
    expect(saved.collections).toEqual([])
    // A field this version does not know is kept for the version that wrote it.
    expect(saved.papers[0].futureField).toBe(7)
    expect(JSON.parse(readFileSync(`${file}.v1.bak`, 'utf8')).version).toBe(1)
    expect(logs.join()).toMatch(/upgraded from format 1 to 2/)
  })

  it('keeps a damaged catalog aside and says so, never overwriting it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const file = join(dir, 'library.json')
    writeFileSync(file, '{"version": 2, "papers": [')
    const logs: string[] = []
    const catalog = new Catalog(file, (m) => logs.push(m))
    await catalog.load()
    expect(catalog.list()).toEqual([])
    const aside = readdirSync(dir).find((f) => f.startsWith('library.json.unreadable-'))!
    expect(readFileSync(join(dir, aside), 'utf8')).toBe('{"version": 2, "papers": [')
    expect(logs.join()).toMatch(/not valid JSON.*moved it to/)
  })

  it('keeps aside a catalog written by a newer version instead of reading it wrongly', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const file = join(dir, 'library.json')
    writeFileSync(file, JSON.stringify({ version: 9, papers: [] }))
    const logs: string[] = []
    await new Catalog(file, (m) => logs.push(m)).load()
    expect(logs.join()).toMatch(/newer ResearchPal \(format 9/)
    expect(readdirSync(dir).some((f) => f.startsWith('library.json.unreadable-'))).toBe(true)
  })
})
