import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { citation, fakeApi, ok } from '../fakeApi'

describe('viewer slice', () => {
  it('opens the cited paper at the cited page with the snippet to highlight, in one action', () => {
    const store = createAppStore(fakeApi().api)
    const seen: unknown[] = []
    store.subscribe((s) => seen.push(s.viewer))
    store
      .getState()
      .openCitation(citation(1, { paperId: '1810.04805', page: 6, snippet: 'Masked LM' }))
    const v = store.getState().viewer
    expect(v).toMatchObject({ open: true, paperId: '1810.04805', page: 6 })
    expect(v.highlight).toMatchObject({ page: 6, snippet: 'Masked LM' })
    expect(seen).toHaveLength(1)
  })

  it('re-runs the highlight when the same citation is clicked again', () => {
    const store = createAppStore(fakeApi().api)
    store.getState().openCitation(citation(1))
    const first = store.getState().viewer
    store.getState().openCitation(citation(1))
    const second = store.getState().viewer
    expect(second.highlight!.nonce).not.toBe(first.highlight!.nonce)
    expect(second.navNonce).toBe(first.navNonce + 1)
  })

  it('opens a paper from the library without a highlight and clamps navigation to its pages', () => {
    const store = createAppStore(fakeApi().api)
    store.getState().openCitation(citation(1))
    store.getState().openPaper('2005.11401')
    expect(store.getState().viewer).toMatchObject({
      paperId: '2005.11401',
      page: 1,
      highlight: null
    })
    store.getState().setPageCount(19)
    store.getState().goToPage(40)
    expect(store.getState().viewer.page).toBe(19)
    store.getState().goToPage(0)
    expect(store.getState().viewer.page).toBe(1)
    store.getState().setZoom(10)
    expect(store.getState().viewer.zoom).toBe(3)
  })

  it('fetches the PDF bytes from main', async () => {
    const data = new TextEncoder().encode('%PDF-1.7')
    const fake = fakeApi({ 'library:pdf': () => ok({ paperId: 'x', data }) })
    const store = createAppStore(fake.api)
    const got = await store.getState().fetchPdf('x')
    expect('bytes' in got && new TextDecoder().decode(got.bytes)).toBe('%PDF-1.7')
  })
})
