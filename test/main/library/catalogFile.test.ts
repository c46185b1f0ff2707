import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
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
    expect(saved.version).toBe(3)
    expect(saved.journalSeq).toBe(0)
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
    expect(await catalog.load()).toEqual({ state: 'ok', migratedFrom: 2 })
    expect(catalog.listCollections().map((c) => c.name)).toEqual(['Reading'])
    expect(catalog.unreadableRecords()).toMatchObject([{ kind: 'collection', id: 'c9' }])
    await catalog.update('1706.03762', { tags: ['nlp', 'attention'] })
    await catalog.close() // library.json is written whole at close
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

/** A catalog of `n` papers in format 3, with its journal holding `entries` (header first). */
function library(dir: string, n: number, journalSeq = 0, entries: unknown[] | null = null) {
  const file = join(dir, 'library.json')
  const papers = Array.from({ length: n }, (_, i) => ({
    ...v1Paper,
    id: `p${i}`,
    title: `Paper ${i}`,
    chunkerId: null
  }))
  writeFileSync(file, JSON.stringify({ version: 3, journalSeq, papers, collections: [] }, null, 1))
  const journal = join(dir, 'library.journal')
  if (entries) {
    const header = JSON.stringify({ format: 'researchpal-catalog-journal', version: 1 })
    writeFileSync(journal, [header, ...entries.map((e) => JSON.stringify(e))].join('\n') + '\n')
  }
  return { file, journal }
}

const journalLines = (path: string): string[] => readFileSync(path, 'utf8').trim().split('\n')

describe('library.journal: a paper’s change without rewriting the catalog', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('appends one line per change, leaves library.json alone, and reads the changes back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const { file, journal } = library(dir, 500)
    const catalog = new Catalog(file)
    await catalog.load()
    const before = readFileSync(file, 'utf8')
    const stamp = statSync(file).mtimeMs
    for (const status of ['extracting', 'embedding', 'indexed'] as const)
      await catalog.update('p7', { status })
    await catalog.delete('p8')
    await catalog.put({ ...catalog.get('p1')!, id: 'new', title: 'A new paper' })
    // Five changes: five short lines after the header, the 500-paper file untouched.
    expect(readFileSync(file, 'utf8')).toBe(before)
    expect(statSync(file).mtimeMs).toBe(stamp)
    const lines = journalLines(journal)
    expect(lines).toHaveLength(6)
    expect(lines.slice(1).map((l) => JSON.parse(l).seq)).toEqual([1, 2, 3, 4, 5])
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(2000)

    // As another process (or the next start) reads it: the changes applied, in order.
    const reader = new Catalog(file, true)
    await reader.load()
    expect(reader.get('p7')!.status).toBe('indexed')
    expect(reader.has('p8')).toBe(false)
    expect(
      reader
        .list()
        .map((p) => p.id)
        .slice(-2)
    ).toEqual(['p499', 'new'])
    expect(reader.list()).toEqual(catalog.list())
    // A reader writes nothing.
    expect(readFileSync(file, 'utf8')).toBe(before)

    // The writer's next open writes the catalog whole once and empties the journal.
    const next = new Catalog(file)
    await next.load()
    const saved = JSON.parse(readFileSync(file, 'utf8'))
    expect(saved).toMatchObject({ version: 3, journalSeq: 5 })
    expect(saved.papers).toHaveLength(500)
    expect(journalLines(journal)).toHaveLength(1)
    expect(next.list()).toEqual(catalog.list())
  })

  it('writes library.json whole once the journal is as long as the catalog, and at close', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const { file, journal } = library(dir, 3)
    const catalog = new Catalog(file, false, { compactAfter: 4 })
    await catalog.load()
    for (let i = 0; i < 3; i++) await catalog.update('p0', { pages: i })
    expect(JSON.parse(readFileSync(file, 'utf8')).journalSeq).toBe(0)
    await catalog.update('p0', { pages: 3 }) // the fourth change
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ journalSeq: 4 })
    expect(journalLines(journal)).toHaveLength(1)
    await catalog.update('p1', { pages: 9 })
    expect(journalLines(journal)).toHaveLength(2)
    await catalog.close()
    const saved = JSON.parse(readFileSync(file, 'utf8'))
    expect(saved.journalSeq).toBe(5)
    expect(saved.papers[1].pages).toBe(9)
    expect(journalLines(journal)).toHaveLength(1)
  })

  it('skips journal lines library.json already holds (a stop between its two writes)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const paper = (pages: number) => ({ ...v1Paper, id: 'p0', title: 'Paper 0', pages })
    const { file } = library(dir, 2, 5, [
      { seq: 4, op: 'put', paper: paper(4) },
      { seq: 5, op: 'delete', id: 'p1' },
      { seq: 6, op: 'put', paper: paper(6) }
    ])
    const catalog = new Catalog(file)
    const load = await catalog.load()
    expect(load).toEqual({ state: 'ok', migratedFrom: null })
    // seq 5 (remove p1) is in library.json, which still lists p1: only seq 6 is applied.
    expect(catalog.list().map((p) => [p.id, p.pages])).toEqual([
      ['p0', 6],
      ['p1', 15]
    ])
  })

  it('keeps a damaged journal aside, applies the lines it can read and says what was left out', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const { file, journal } = library(dir, 2, 0, [
      { seq: 1, op: 'put', paper: { ...v1Paper, id: 'p0', title: 'Renamed', pages: 1 } },
      { seq: 2, op: 'put', paper: { ...v1Paper, id: 'p1', title: 'Also renamed', pages: 2 } }
    ])
    const text = readFileSync(journal, 'utf8')
    // The second line garbled, and a last line cut short by a crash.
    const damaged = text.replace('"seq":1', '"seq":1,,') + '{"seq":3,"op":"del'
    writeFileSync(journal, damaged)

    // A reader leaves it where it is and does not alarm anyone about the line being written.
    const reader = new Catalog(file, true)
    const seen = await reader.load()
    expect(seen.state === 'ok' && seen.journal?.reason).toMatch(/line 2: not JSON/)
    expect(seen.state === 'ok' && seen.journal?.reason).not.toMatch(/cut short/)
    expect(readFileSync(journal, 'utf8')).toBe(damaged)

    const catalog = new Catalog(file)
    const load = await catalog.load()
    expect(load.state === 'ok' && load.journal?.reason).toMatch(
      /line 2: not JSON.*line 4 was cut short.*changes 1 to 1 are missing/
    )
    expect(catalog.get('p0')!.title).toBe('Paper 0') // its change was lost, the paper is not
    expect(catalog.get('p1')!.title).toBe('Also renamed')
    const aside = load.state === 'ok' ? load.journal?.aside : null
    expect(aside).toMatch(/library\.journal\.unreadable-/)
    expect(readFileSync(aside!, 'utf8')).toBe(damaged)
    // The catalog as read is written whole; the next open finds nothing wrong.
    expect(JSON.parse(readFileSync(file, 'utf8')).journalSeq).toBe(2)
    expect(await new Catalog(file).load()).toEqual({ state: 'ok', migratedFrom: null })
  })

  it('refuses a journal written by a newer version and leaves both files untouched', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const { file, journal } = library(dir, 1)
    const lib = readFileSync(file, 'utf8')
    const text = `${JSON.stringify({ format: 'researchpal-catalog-journal', version: 2 })}\n{"seq":1}\n`
    writeFileSync(journal, text)
    await expect(new Catalog(file).load()).rejects.toMatchObject({
      code: 'NEWER_FORMAT',
      message: expect.stringContaining('library.journal')
    })
    expect(readFileSync(journal, 'utf8')).toBe(text)
    expect(readFileSync(file, 'utf8')).toBe(lib)
  })

  it('keeps the journal of an unreadable library.json aside too, never applying it to the rebuild', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const { file, journal } = library(dir, 1, 0, [{ seq: 1, op: 'delete', id: 'p0' }])
    writeFileSync(file, '{"version": 3, "papers": [')
    const load = await new Catalog(file).load()
    expect(load).toMatchObject({
      state: 'unreadable',
      aside: expect.stringContaining('library.json.unreadable-')
    })
    const journalAside = load.state === 'unreadable' ? load.journalAside : null
    expect(journalAside).toMatch(/library\.journal\.unreadable-/)
    expect(existsSync(journal)).toBe(false)
    expect(readFileSync(journalAside!, 'utf8')).toContain('"op":"delete"')
  })

  it('a change appended after the journal was emptied is kept (writes never overtake)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-cat-'))
    const { file, journal } = library(dir, 2)
    const catalog = new Catalog(file, false, { compactAfter: 2 })
    await catalog.load()
    // Not awaited one by one: the second change triggers the whole write, the third comes after.
    await Promise.all([
      catalog.update('p0', { pages: 1 }),
      catalog.update('p0', { pages: 2 }),
      catalog.update('p1', { pages: 3 })
    ])
    appendFileSync(journal, '') // nothing pending: the file is complete
    const reader = new Catalog(file, true)
    await reader.load()
    expect(reader.list().map((p) => p.pages)).toEqual([2, 3])
  })
})
