import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { citation, fakeApi } from '../fakeApi'

describe('viewer back / forward and find', () => {
  it('goes back and forward across citation jumps, keeping each place and its highlight', () => {
    const store = createAppStore(fakeApi().api)
    const s = () => store.getState()
    s().openCitation(citation(1, { paperId: 'a', page: 3, snippet: 'first' }))
    s().openCitation(citation(2, { paperId: 'b', page: 7, snippet: 'second' }))
    s().openPaper('a', 1)
    expect(s().viewer).toMatchObject({ paperId: 'a', page: 1, highlight: null })
    s().goBack()
    expect(s().viewer).toMatchObject({ paperId: 'b', page: 7 })
    expect(s().viewer.highlight?.snippet).toBe('second')
    s().goBack()
    expect(s().viewer).toMatchObject({ paperId: 'a', page: 3 })
    expect(s().viewer.back).toHaveLength(0)
    s().goForward()
    expect(s().viewer).toMatchObject({ paperId: 'b', page: 7 })
    // A new jump clears what was ahead.
    s().openCitation(citation(3, { paperId: 'c', page: 2 }))
    expect(s().viewer.forward).toHaveLength(0)
    s().goForward()
    expect(s().viewer.paperId).toBe('c')
  })

  it('starts find at the first hit on or after the page being read and wraps around', () => {
    const store = createAppStore(fakeApi().api)
    const s = () => store.getState()
    s().openPaper('a', 1)
    s().goToPage(5)
    s().setFind({ open: true, query: 'attention' })
    expect(s().viewer.find.hits).toBeNull()
    const hits = [2, 5, 9].map((page) => ({ page, ranges: [{ item: 0, start: 0, end: 9 }] }))
    s().setFindHits('attention', hits)
    expect(s().viewer.find.current).toBe(1)
    s().stepFind(1)
    s().stepFind(1)
    expect(s().viewer.find.current).toBe(0)
    s().stepFind(-1)
    expect(s().viewer.find.current).toBe(2)
    // Hits for an older query are ignored.
    s().setFind({ query: 'heads' })
    s().setFindHits('attention', hits)
    expect(s().viewer.find.hits).toBeNull()
  })
})
