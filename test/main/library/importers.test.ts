import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { importBibliography, importZotero } from '../../../src/main/library/importers'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { makeZoteroFolder, ZOTERO_FIXTURE } from '../../fixtures/zoteroFixture'

describe('importing a library', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  async function library() {
    dir = mkdtempSync(join(tmpdir(), 'rp-import-'))
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    return lib
  }

  it('imports a BibTeX file: entries with a PDF are added with their metadata, the rest listed', async () => {
    const lib = await library()
    mkdirSync(join(dir, 'papers'))
    writeFileSync(
      join(dir, 'papers', 'smith.pdf'),
      makePaperPdf({ title: 'What The PDF Says', pages: 2 })
    )
    const bib = join(dir, 'refs.bib')
    writeFileSync(
      bib,
      `@inproceedings{smith2019,
  title = {What the Bibliography Says},
  author = {Smith, Jane and van der Berg, Anna},
  booktitle = {Proceedings of Fixtures},
  year = {2019},
  doi = {10.5555/FIX.1},
  file = {Full Text PDF:papers/smith.pdf:application/pdf}
}
@misc{guu2020realm,
  title = {REALM: Retrieval-Augmented Language Model Pre-Training},
  author = {Guu, Kelvin},
  year = {2020},
  eprint = {2002.08909},
  archivePrefix = {arXiv}
}`
    )
    const r = await importBibliography(lib.service, bib, { collection: 'From Zotero' })
    await lib.service.whenIdle()
    expect(r.added).toHaveLength(1)
    const p = lib.service.get(r.added[0]!.paperId)
    expect(p).toMatchObject({
      status: 'indexed',
      title: 'What the Bibliography Says',
      authors: ['Jane Smith', 'Anna van der Berg'],
      year: 2019,
      venue: 'Proceedings of Fixtures',
      doi: '10.5555/fix.1'
    })
    expect(p.fieldSources.title).toBe('import')
    expect(lib.service.organizer.collections()).toEqual([
      // The PDF's paper and the entry kept without its PDF.
      expect.objectContaining({ name: 'From Zotero', count: 2 })
    ])
    expect(r.withoutPdf).toEqual([
      expect.objectContaining({
        key: 'guu2020realm',
        arxivId: '2002.08909',
        reason: 'the entry has no PDF file'
      })
    ])
    await lib.service.close()
  })

  it('imports a Zotero folder read from a copy while Zotero holds its lock; collections become collections', async () => {
    const lib = await library()
    const zotero = makeZoteroFolder(
      join(dir, 'Zotero'),
      makePaperPdf({ title: 'What The PDF Says', pages: 2 })
    )
    const dbFile = join(zotero, 'zotero.sqlite')
    const before = statSync(dbFile).mtimeMs
    // Zotero keeps an exclusive lock on its database while it runs.
    const running = new DatabaseSync(dbFile)
    running.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;')
    try {
      const r = await importZotero(lib.service, zotero)
      await lib.service.whenIdle()
      const f = ZOTERO_FIXTURE
      expect(r.added).toHaveLength(1)
      expect(lib.service.get(r.added[0]!.paperId)).toMatchObject({
        status: 'indexed',
        title: f.withPdf.title,
        authors: f.withPdf.authors,
        year: 2021,
        doi: f.withPdf.doi,
        venue: f.withPdf.venue,
        abstract: 'An abstract kept by Zotero.'
      })
      // Transformers: the item kept without its PDF.
      expect(r.collections).toEqual(['Retrieval', 'Transformers'])
      expect(r.withoutPdf).toEqual([
        expect.objectContaining({ title: f.withoutPdf.title, arxivId: f.withoutPdf.arxivId })
      ])
      // Deleted items and notes are not imported.
      expect(JSON.stringify(r)).not.toContain('Deleted in Zotero')
    } finally {
      running.exec('ROLLBACK')
      running.close()
    }
    expect(statSync(dbFile).mtimeMs).toBe(before)
    await lib.service.close()
  })

  it('imports only the chosen Zotero collections and names the ones that do not exist', async () => {
    const lib = await library()
    const zotero = makeZoteroFolder(join(dir, 'Zotero'), makePaperPdf({ title: 'X', pages: 1 }))
    const r = await importZotero(lib.service, zotero, { collections: ['transformers'] })
    expect(r.added).toEqual([])
    expect(r.withoutPdf.map((w) => w.title)).toEqual([ZOTERO_FIXTURE.withoutPdf.title])
    await expect(importZotero(lib.service, zotero, { collections: ['Vision'] })).rejects.toThrow(
      /no collection "vision".*Its collections: Retrieval, Transformers/
    )
    await expect(importZotero(lib.service, join(dir, 'nowhere'))).rejects.toThrow(
      /is not a Zotero data folder: it has no zotero.sqlite/
    )
    await lib.service.close()
  })

  it('lists Zotero collections with the items an import would take, not notes or the trash', async () => {
    const lib = await library()
    const zotero = makeZoteroFolder(join(dir, 'Zotero'), makePaperPdf({ title: 'X', pages: 1 }))
    expect(await lib.service.imports.zoteroCollections(zotero)).toEqual({
      collections: [
        { name: 'Retrieval', items: 1 },
        { name: 'Transformers', items: 1 }
      ],
      items: 2,
      withPdf: 1
    })
    await lib.service.close()
  })

  it('reports a PDF it cannot read as a failure with its reason, adds the rest and says how far it is', async () => {
    const lib = await library()
    mkdirSync(join(dir, 'papers'))
    writeFileSync(join(dir, 'papers', 'good.pdf'), makePaperPdf({ title: 'Good One', pages: 1 }))
    writeFileSync(join(dir, 'papers', 'notes.pdf'), 'not a pdf at all')
    // A folder where a PDF should be: found on disk, but it cannot be read as a file.
    mkdirSync(join(dir, 'papers', 'odd.pdf'))
    const bib = join(dir, 'refs.bib')
    writeFileSync(
      bib,
      ['good', 'notes', 'odd']
        .map(
          (k) =>
            `@article{${k}, title = {${k} paper}, year = {2020}, file = {:papers/${k}.pdf:application/pdf}}`
        )
        .join('\n')
    )
    const r = await lib.service.imports.bibliography(bib)
    await lib.service.whenIdle()
    const progress = lib.events
      .filter((e) => e.event === 'library:importProgress')
      .map((e) => e.payload as { done: number; total: number; file: string })
      .map((p) => `${p.done}/${p.total} ${p.file}`)
    expect(progress).toEqual(['1/3 good.pdf', '2/3 notes.pdf', '3/3 odd.pdf'])
    expect(r.added.map((a) => [a.title, a.status])).toEqual([
      ['good paper', 'pending'],
      ['notes', 'error']
    ])
    expect(r.added[1]!.error).toMatch(/is not a PDF/)
    expect(r.failed).toEqual([
      {
        file: join(dir, 'papers', 'odd.pdf'),
        title: 'odd paper',
        reason: '"odd.pdf" is not a file.'
      }
    ])
    expect(lib.service.get(r.added[0]!.paperId).status).toBe('indexed')
    await lib.service.close()
  })

  it('says plainly that a zotero.sqlite from Zotero 4 or older cannot be read, instead of failing as a bug', async () => {
    const lib = await library()
    const old = join(dir, 'OldZotero')
    mkdirSync(old)
    // Zotero 4's layout (userdata schema 77): attachments point at sourceItemID, not parentItemID.
    const db = new DatabaseSync(join(old, 'zotero.sqlite'))
    db.exec(`CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT NOT NULL, key TEXT NOT NULL);
      CREATE TABLE itemTypes (itemTypeID INTEGER PRIMARY KEY, typeName TEXT);
      CREATE TABLE itemAttachments (itemID INTEGER PRIMARY KEY, sourceItemID INT, linkMode INT, mimeType TEXT, path TEXT);
      CREATE TABLE collections (collectionID INTEGER PRIMARY KEY, collectionName TEXT NOT NULL, parentCollectionID INT);`)
    db.close()
    await expect(importZotero(lib.service, old)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/does not have the tables of Zotero 5, 6 or 7.*older Zotero/)
    })
    await lib.service.close()
  })
})
