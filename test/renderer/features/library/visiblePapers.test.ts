import { describe, expect, it } from 'vitest'
import {
  libraryCount,
  visiblePapers
} from '../../../../src/renderer/src/features/library/visiblePapers'
import { i18n } from '../../../../src/renderer/src/i18n'
import { paper } from '../../fakeApi'

const papers = [
  paper({
    id: 'a',
    title: 'Attention Is All You Need',
    authors: ['Ashish Vaswani'],
    year: 2017,
    addedAt: '2026-01-01T00:00:01Z'
  }),
  paper({
    id: 'b',
    title: 'Dense Passage Retrieval',
    authors: ['Vladimir Karpukhin', 'Barlas Oğuz'],
    year: 2020,
    tags: ['retrieval'],
    collectionIds: ['c1'],
    addedAt: '2026-01-01T00:00:02Z'
  }),
  paper({
    id: 'c',
    title: 'BERT',
    authors: ['Jacob Devlin'],
    year: 2018,
    addedAt: '2026-01-01T00:00:03Z'
  })
]
const view = { query: '', sort: 'added' as const, collectionId: null }

describe('which papers the library shows', () => {
  it('matches every word of the query in title, authors or tags, ignoring accents and case', () => {
    expect(visiblePapers(papers, { ...view, query: 'oguz' }).map((p) => p.id)).toEqual(['b'])
    expect(
      visiblePapers(papers, { ...view, query: 'RETRIEVAL karpukhin' }).map((p) => p.id)
    ).toEqual(['b'])
    expect(visiblePapers(papers, { ...view, query: 'attention devlin' })).toEqual([])
  })

  it('sorts by added (newest first), year, title and first author, and filters a collection', () => {
    const ids = (sort: 'added' | 'year' | 'title' | 'author'): string[] =>
      visiblePapers(papers, { ...view, sort }).map((p) => p.id)
    expect(ids('added')).toEqual(['c', 'b', 'a'])
    expect(ids('year')).toEqual(['b', 'c', 'a'])
    expect(ids('title')).toEqual(['a', 'c', 'b'])
    expect(ids('author')).toEqual(['c', 'b', 'a'])
    expect(visiblePapers(papers, { ...view, collectionId: 'c1' }).map((p) => p.id)).toEqual(['b'])
  })

  it('counts ready and failed papers the way the header says it', () => {
    const all = [...papers, paper({ id: 'x', status: 'error' })]
    expect(libraryCount(all, i18n.getFixedT('en'))).toBe('3 ready, 1 failed')
    expect(libraryCount(all, i18n.getFixedT('pt-BR'))).toBe('3 prontos, 1 com falha')
  })
})
