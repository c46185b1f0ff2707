import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { fakeApi, ok, paper } from '../fakeApi'

describe('organise slice', () => {
  it('"Ask about these" starts a conversation scoped to the selected papers', () => {
    const store = createAppStore(fakeApi({}).api)
    store.getState().setSelection(['1706.03762', '1810.04805'])
    store.getState().askAboutPapers(store.getState().organize.selected)
    expect(store.getState().threads.pendingScope).toEqual(['1706.03762', '1810.04805'])
    expect(store.getState().organize.selected).toEqual([])
  })

  it('files papers in a collection and applies the edited paper to the list', async () => {
    const edited = paper({ title: 'Attention, edited', fieldSources: { title: 'user' } })
    const fake = fakeApi({
      'library:list': () => ok({ papers: [paper()] }),
      'library:setCollection': () => ok({ papers: [paper({ collectionIds: ['c1'] })] }),
      'library:collections': () =>
        ok({ collections: [{ id: 'c1', name: 'Reading', createdAt: 'x', count: 1 }] }),
      'library:edit': () => ok({ paper: edited })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadLibrary()
    await store.getState().fileInCollection('c1', ['1706.03762'])
    expect(store.getState().library.papers[0]!.collectionIds).toEqual(['c1'])
    expect(store.getState().organize.collections[0]).toMatchObject({ name: 'Reading', count: 1 })
    expect(await store.getState().editPaper('1706.03762', { title: 'Attention, edited' })).toBe(
      true
    )
    expect(store.getState().library.papers[0]!.title).toBe('Attention, edited')
    expect(fake.calls.find((c) => c.channel === 'library:edit')?.input).toEqual({
      paperId: '1706.03762',
      edit: { title: 'Attention, edited' }
    })
  })
})

describe('asking about selected papers', () => {
  it("creates the next question's thread with the chosen papers as its scope", async () => {
    const fake = fakeApi({})
    const store = createAppStore(fake.api)
    store.getState().askAboutPapers(['1706.03762', '1810.04805'])
    await store.getState().ask('How do they differ?')
    const create = fake.calls.find((c) => c.channel === 'threads:create')
    expect(create?.input).toEqual({ scope: ['1706.03762', '1810.04805'] })
  })
})
