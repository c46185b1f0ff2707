import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { citation, fakeApi, ok, paper } from '../fakeApi'

describe('library slice', () => {
  it('loads the papers and follows ingestion progress and library changes', async () => {
    const fake = fakeApi({ 'library:list': () => ok({ papers: [paper({ status: 'pending' })] }) })
    const store = createAppStore(fake.api)
    store.connect()
    await store.getState().loadLibrary()
    expect(store.getState().library.papers.map((p) => p.id)).toEqual(['1706.03762'])

    fake.emit('ingest:progress', {
      paperId: '1706.03762',
      stage: 'embedding',
      done: 10,
      total: 40,
      overall: { done: 0, total: 3 }
    })
    const lib = store.getState().library
    expect(lib.progress['1706.03762']).toEqual({ stage: 'embedding', done: 10, total: 40 })
    // The batch is the papers in work in this window (main's queue count is not a second one).
    expect(lib.batch?.ids).toEqual(['1706.03762'])
    expect(lib.papers[0]!.status).toBe('embedding')

    fake.emit('library:changed', {
      full: true,
      papers: [paper(), paper({ id: '1810.04805', title: 'BERT' })],
      removed: [],
      collections: []
    })
    expect(store.getState().library.papers.map((p) => p.status)).toEqual(['indexed', 'indexed'])
    expect(store.getState().library.batch).toBeNull()
  })

  it('keeps the title a progress event brings for the paper’s later events', async () => {
    const fake = fakeApi({
      'library:list': () =>
        ok({ papers: [paper({ id: '2005.11401', title: '', status: 'extracting' })] })
    })
    const store = createAppStore(fake.api)
    store.connect()
    await store.getState().loadLibrary()
    const at = { paperId: '2005.11401', overall: { done: 0, total: 1 } }
    fake.emit('ingest:progress', { ...at, stage: 'extracting', done: 19, total: 19, title: 'RAG' })
    fake.emit('ingest:progress', { ...at, stage: 'embedding', done: 5, total: 80 })
    expect(store.getState().library.progress['2005.11401']).toEqual({
      stage: 'embedding',
      done: 5,
      total: 80,
      title: 'RAG'
    })
  })

  it('applies a change of a few papers without being sent the whole library', async () => {
    const fake = fakeApi({
      'library:list': () =>
        ok({
          papers: [
            paper({ id: 'a', title: 'A' }),
            paper({ id: 'b', title: 'B', status: 'extracting' }),
            paper({ id: 'c', title: 'C' })
          ]
        })
    })
    const store = createAppStore(fake.api)
    store.connect()
    await store.getState().loadLibrary()
    fake.emit('ingest:progress', {
      paperId: 'a',
      stage: 'indexed',
      done: 1,
      total: 1,
      overall: { done: 1, total: 2 }
    })
    const c = store.getState().library.papers[2]
    // B indexed, A removed, D added: B keeps its place, D comes last.
    fake.emit('library:changed', {
      full: false,
      papers: [paper({ id: 'b', title: 'B' }), paper({ id: 'd', title: 'D', status: 'pending' })],
      removed: ['a'],
      collections: []
    })
    const lib = store.getState().library
    expect(lib.papers.map((p) => `${p.id}:${p.status}`)).toEqual([
      'b:indexed',
      'c:indexed',
      'd:pending'
    ])
    expect(lib.progress.a).toBeUndefined()
    // A paper that did not change is the same object: its (memoised) row is not rendered again.
    expect(lib.papers[1]).toBe(c)
    // Nothing changed: the list is the same object (the library view does not render again).
    fake.emit('library:changed', { full: false, papers: [], removed: [], collections: [] })
    expect(store.getState().library.papers).toBe(lib.papers)
  })

  it('adds the default papers and shows a failed call in the banner', async () => {
    const fake = fakeApi({
      'library:addDefaults': () => ok({ papers: [paper({ status: 'pending' })] }),
      'library:addArxiv': () => ({
        ok: false,
        error: {
          code: 'DOWNLOAD_FAILED',
          message: 'arXiv 9999.99999 could not be downloaded after 3 tries.'
        }
      })
    })
    const store = createAppStore(fake.api)
    await store.getState().addDefaults()
    expect(store.getState().library.papers).toHaveLength(1)
    expect(await store.getState().addArxiv('9999.99999')).toBe(false)
    expect(store.getState().library.error?.message).toContain('could not be downloaded')
    expect(store.getState().library.busy).toEqual([])
  })

  it('sends a dropped file as its bytes and a picked file by path', async () => {
    const fake = fakeApi({
      'library:addFile': () => ok({ paper: paper({ id: 'abc123abc123' }) }),
      'library:pickFiles': () => ok({ paths: ['/home/me/paper.pdf'] }),
      'library:addPaths': () => ok({ papers: [paper({ id: 'def456def456' })] })
    })
    const store = createAppStore(fake.api)
    const bytes = new TextEncoder().encode('%PDF-')
    await store.getState().addFile('x.pdf', bytes)
    await store.getState().pickAndAddFiles()
    expect(fake.calls.map((c) => c.channel)).toEqual([
      'library:addFile',
      'library:pickFiles',
      'library:addPaths'
    ])
    expect(fake.calls[0]!.input).toEqual({ name: 'x.pdf', data: bytes })
    expect(fake.calls[2]!.input).toEqual({ paths: ['/home/me/paper.pdf'] })
    expect(store.getState().library.papers.map((p) => p.id)).toEqual([
      'abc123abc123',
      'def456def456'
    ])
  })

  it('removing the paper that is open closes the viewer', async () => {
    const fake = fakeApi({
      'library:list': () => ok({ papers: [paper()] }),
      'library:remove': () => ok({ removed: true as const })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadLibrary()
    store.getState().openCitation(citation(1))
    await store.getState().removePaper('1706.03762')
    expect(store.getState().library.papers).toEqual([])
    expect(store.getState().viewer.open).toBe(false)
  })
})
