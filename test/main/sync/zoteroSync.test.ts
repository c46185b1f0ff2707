import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLine, syncSummary } from '../../../src/main/cli/syncCommands'
import { SyncService, syncStateFile } from '../../../src/main/sync/SyncService'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { corpusFile } from '../../fixtures/sharedCorpus'
import { makeZoteroFolder, ZOTERO_FIXTURE } from '../../fixtures/zoteroFixture'

const BERT = corpusFile('1810.04805.pdf', 'Zotero link')
const RAG = corpusFile('2005.11401.pdf', 'Zotero link')

/** Changes Zotero's database as Zotero would (the test plays Zotero between syncs). */
function zoteroEdit(dir: string, sql: string): void {
  const db = new DatabaseSync(join(dir, 'zotero.sqlite'))
  db.exec(sql)
  db.close()
}

describe.skipIf(!BERT || !RAG)('a linked Zotero library', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('brings in new items (those without a PDF as details-only papers), follows edits, notes and collection moves, puts a later PDF into the same paper, keeps hand edits, flags the trash', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-zsync-'))
    const zotero = makeZoteroFolder(join(dir, 'Zotero'), readFileSync(BERT!))
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const sync = new SyncService({ library: lib.service, file: syncStateFile(join(dir, 'data')) })
    await sync.load()
    await sync.linkZotero(zotero)
    const pass = async () => {
      const run = await sync.syncAll()
      await lib.service.whenIdle()
      return run
    }
    const collectionsOf = (id: string): string[] => {
      const names = new Map(lib.service.organizer.collections().map((c) => [c.id, c.name]))
      return lib.service.byId(id)!.collectionIds.map((c) => names.get(c)!)
    }

    // 1. First sync: the item with a PDF arrives with Zotero's fields; the one without a PDF is
    // kept as a metadata-only paper (its details, tags, collection and note), said once.
    let run = await pass()
    expect(run.counts).toEqual({ new: 1, noPdf: 1 })
    const refChange = run.changes.find((c) => c.kind === 'noPdf')!
    expect(changeLine(refChange, 'en')).toBe(
      `· “${ZOTERO_FIXTURE.withoutPdf.title}”: no PDF in Zotero; kept with its details only (attach or fetch its PDF in the library)`
    )
    const ref = lib.service.byId(refChange.paperId!)!
    expect(ref).toMatchObject({
      status: 'metadata',
      title: ZOTERO_FIXTURE.withoutPdf.title,
      syncOrigin: 'Zotero: Transformers',
      notes: [ZOTERO_FIXTURE.withoutPdf.noteText]
    })
    expect(ref.tags).toEqual(ZOTERO_FIXTURE.withoutPdf.tags)
    const first = lib.service.byId(run.changes.find((c) => c.kind === 'new')!.paperId!)!
    expect(first).toMatchObject({
      status: 'indexed',
      title: ZOTERO_FIXTURE.withPdf.title,
      doi: ZOTERO_FIXTURE.withPdf.doi,
      syncOrigin: 'Zotero: Retrieval'
    })
    expect(collectionsOf(first.id)).toEqual(['Retrieval'])
    expect((await pass()).counts).toEqual({})

    // 2. In Zotero: a new item with a PDF, the first item's title edited and moved to
    // Transformers.
    mkdirSync(join(zotero, 'storage', 'ATTKEY06'))
    writeFileSync(join(zotero, 'storage', 'ATTKEY06', 'Lewis - 2020 - RAG.pdf'), readFileSync(RAG!))
    zoteroEdit(
      zotero,
      `INSERT INTO items (itemID, itemTypeID, libraryID, key) VALUES (16, 33, 1, 'ITEMKEY6'), (17, 14, 1, 'ATTKEY06');
       INSERT INTO itemDataValues VALUES (100, 'RAG as Zotero Has It'), (101, 'Edited in Zotero'), (102, '2020-05-22');
       INSERT INTO itemData VALUES (16, 110, 100), (16, 14, 102);
       INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path)
         VALUES (17, 16, 0, 'application/pdf', 'storage:Lewis - 2020 - RAG.pdf');
       INSERT INTO collectionItems VALUES (2, 16, 1);
       UPDATE itemData SET valueID = 101 WHERE itemID = 1 AND fieldID = 110;
       UPDATE collectionItems SET collectionID = 2 WHERE itemID = 1;`
    )
    const dbMtime = statSync(join(zotero, 'zotero.sqlite')).mtimeMs
    run = await pass()
    expect(run.counts).toEqual({ new: 1, updated: 1 })
    expect(lib.service.byId(first.id)).toMatchObject({
      title: 'Edited in Zotero',
      syncOrigin: 'Zotero: Transformers'
    })
    expect(collectionsOf(first.id)).toEqual(['Transformers'])
    const rag = lib.service.byId(run.changes.find((c) => c.kind === 'new')!.paperId!)!
    expect(rag).toMatchObject({ status: 'indexed', title: 'RAG as Zotero Has It', year: 2020 })
    expect(lib.service.list()).toHaveLength(3)
    // Read-only: the database was copied, never written.
    expect(statSync(join(zotero, 'zotero.sqlite')).mtimeMs).toBe(dbMtime)

    // 3. A title edited here by hand stays when Zotero edits it again; its other fields follow.
    await lib.service.organizer.edit(first.id, { title: 'My own title' })
    zoteroEdit(
      zotero,
      `INSERT INTO itemDataValues VALUES (103, 'Zotero Again'), (104, '2019');
       UPDATE itemData SET valueID = 103 WHERE itemID = 1 AND fieldID = 110;
       UPDATE itemData SET valueID = 104 WHERE itemID = 1 AND fieldID = 14;`
    )
    run = await pass()
    expect(run.counts).toEqual({ updated: 1 })
    expect(lib.service.byId(first.id)).toMatchObject({ title: 'My own title', year: 2019 })

    // 4. A note written in Zotero on the item kept without a PDF comes in, beside its first one;
    // then a new item without a PDF arrives on a pass that brings no PDF.
    zoteroEdit(
      zotero,
      `INSERT INTO items (itemID, itemTypeID, libraryID, key) VALUES (18, 1, 1, 'NOTEKEY8'), (19, 4, 1, 'ITEMKEY9');
       INSERT INTO itemNotes (itemID, parentItemID, note, title) VALUES (18, 3, '<p>Read <b>section 4</b> again</p>', 'Read');
       INSERT INTO itemDataValues VALUES (105, 'Only Details in Zotero');
       INSERT INTO itemData VALUES (19, 110, 105);
       INSERT INTO collectionItems VALUES (1, 19, 2);`
    )
    run = await pass()
    expect(run.counts).toEqual({ updated: 1, noPdf: 1 })
    expect(lib.service.byId(ref.id)!.notes).toEqual([
      ZOTERO_FIXTURE.withoutPdf.noteText,
      'Read section 4 again'
    ])
    const detailsOnly = lib.service.byId(run.changes.find((c) => c.kind === 'noPdf')!.paperId!)!
    expect(detailsOnly).toMatchObject({
      status: 'metadata',
      title: 'Only Details in Zotero',
      syncOrigin: 'Zotero: Retrieval'
    })
    expect((await pass()).counts).toEqual({})

    // 5. A PDF attached in Zotero to that item goes into the same paper (same id), indexed.
    mkdirSync(join(zotero, 'storage', 'ATTKEY20'))
    writeFileSync(
      join(zotero, 'storage', 'ATTKEY20', 'details.pdf'),
      makePaperPdf({ title: 'Only Details in Zotero', pages: 2, seed: 33 })
    )
    zoteroEdit(
      zotero,
      `INSERT INTO items (itemID, itemTypeID, libraryID, key) VALUES (20, 14, 1, 'ATTKEY20');
       INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path)
         VALUES (20, 19, 0, 'application/pdf', 'storage:details.pdf');`
    )
    run = await pass()
    expect(run.counts).toEqual({ updated: 1 })
    expect(lib.service.byId(detailsOnly.id)).toMatchObject({ status: 'indexed', pages: 2 })
    expect(lib.service.list()).toHaveLength(4)
    expect((await pass()).counts).toEqual({})

    // 6. Moved to Zotero's trash: flagged here, never removed, and said once; the same for the
    // paper kept without a PDF.
    zoteroEdit(zotero, 'INSERT INTO deletedItems (itemID) VALUES (16), (3)')
    run = await pass()
    expect(run.changes.map((c) => changeLine(c, 'en')).sort()).toEqual([
      `! “${ZOTERO_FIXTURE.withoutPdf.title}” is in Zotero's trash (or was deleted there). It is kept here, marked; remove it with: remove ${ref.id}`,
      `! “RAG as Zotero Has It” is in Zotero's trash (or was deleted there). It is kept here, marked; remove it with: remove ${rag.id}`
    ])
    expect(syncSummary(run.counts, 'pt-BR')).toBe('2 na lixeira do Zotero')
    expect(lib.service.byId(rag.id)).toMatchObject({ status: 'indexed', syncFlag: 'zoteroTrash' })
    expect(lib.service.byId(ref.id)).toMatchObject({
      status: 'metadata',
      syncFlag: 'zoteroTrash'
    })
    expect((await pass()).counts).toEqual({})

    // 7. Restored from the trash: the flags are lifted; the one without a PDF stays so.
    zoteroEdit(zotero, 'DELETE FROM deletedItems WHERE itemID IN (16, 3)')
    run = await pass()
    expect(run.counts).toEqual({ restored: 2 })
    expect(lib.service.byId(rag.id)!.syncFlag).toBeNull()
    expect(lib.service.byId(ref.id)).toMatchObject({ status: 'metadata', syncFlag: null })
    expect(sync.current().zotero!.items.ITEMKEY3!.state).toBe('noPdf')
    expect(lib.service.list()).toHaveLength(4)
    expect((await pass()).counts).toEqual({})
    await lib.service.close()
  }, 120_000)

  it('refuses a link to collections Zotero does not have, naming those it has', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-zsync-'))
    const zotero = makeZoteroFolder(join(dir, 'Zotero'), readFileSync(BERT!))
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const sync = new SyncService({ library: lib.service, file: syncStateFile(join(dir, 'data')) })
    await sync.load()
    await expect(sync.linkZotero(zotero, ['Nope'])).rejects.toThrow(/Retrieval, Transformers/)
    expect(sync.current().zotero).toBeNull()
    await lib.service.close()
  })
})
