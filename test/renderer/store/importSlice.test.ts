import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { err } from '../../../src/shared/errors'
import { fakeApi, ok, paper } from '../fakeApi'

const emptySummary = {
  added: [],
  failed: [],
  withoutPdf: [],
  collections: [],
  entries: 0,
  encoding: 'utf-8',
  issues: [],
  matched: []
}

describe('import slice', () => {
  it('reads the chosen Zotero folder, imports only the picked collections and shows progress', async () => {
    const fake = fakeApi({
      'library:pickImport': () => ok({ path: '/home/me/Zotero' }),
      'library:zoteroCollections': () =>
        ok({
          collections: [
            { name: 'Retrieval', items: 3 },
            { name: 'Vision', items: 5 }
          ],
          items: 8,
          withPdf: 6
        }),
      'library:importZotero': () => ok({ ...emptySummary, collections: ['Retrieval'] }),
      'library:collections': () => ok({ collections: [] })
    })
    const store = createAppStore(fake.api)
    store.connect()
    store.getState().openImport()
    await store.getState().chooseImportSource('zotero')
    expect(store.getState().importer).toMatchObject({ phase: 'ready', path: '/home/me/Zotero' })
    expect(store.getState().importer.zotero?.collections).toHaveLength(2)
    store.getState().toggleZoteroCollection('Retrieval')
    const running = store.getState().runImport()
    expect(store.getState().importer.phase).toBe('importing')
    fake.emit('library:importProgress', { done: 1, total: 3, file: 'a.pdf' })
    expect(store.getState().importer.progress).toEqual({ done: 1, total: 3, file: 'a.pdf' })
    await running
    expect(fake.calls.find((c) => c.channel === 'library:importZotero')?.input).toEqual({
      folder: '/home/me/Zotero',
      collections: ['Retrieval']
    })
    expect(store.getState().importer.phase).toBe('done')
    expect(store.getState().importer.summary?.collections).toEqual(['Retrieval'])
  })

  it('stays at the first step when the dialog is cancelled, and says why a folder cannot be read', async () => {
    let answer: string | null = null
    const fake = fakeApi({
      'library:pickImport': () => ok({ path: answer }),
      'library:zoteroCollections': () =>
        err('NOT_FOUND', '/tmp is not a Zotero data folder: it has no zotero.sqlite.')
    })
    const store = createAppStore(fake.api)
    store.getState().openImport()
    await store.getState().chooseImportSource('zotero')
    expect(store.getState().importer).toMatchObject({ phase: 'choose', path: null, error: null })
    answer = '/tmp'
    await store.getState().chooseImportSource('zotero')
    expect(store.getState().importer.phase).toBe('choose')
    expect(store.getState().importer.error?.message).toMatch(/not a Zotero data folder/)
  })

  it('fetches an entry without PDF by arXiv id, else by DOI, and keeps each outcome', async () => {
    const fake = fakeApi({
      'library:addArxiv': () => ok({ paper: paper({ id: '1810.04805' }) }),
      'library:addDoi': () =>
        err('NOT_FOUND', 'There is no open-access copy of 10.1/x; get it from the publisher.')
    })
    const store = createAppStore(fake.api)
    const entry = {
      title: 'BERT',
      key: 'devlin',
      arxivId: '1810.04805',
      doi: null,
      paperId: 'ref-1',
      reason: 'x'
    }
    await store.getState().fetchMissing(entry)
    await store.getState().fetchMissing({ ...entry, key: 'closed', arxivId: null, doi: '10.1/x' })
    expect(store.getState().importer.fetches['1810.04805']).toEqual({
      state: 'added',
      paperId: '1810.04805'
    })
    expect(store.getState().importer.fetches['10.1/x']).toMatchObject({ code: 'NOT_FOUND' })
  })
})
