import { describe, expect, it } from 'vitest'
import { readCatalogPrefix } from '../../../src/main/storage/catalogPrefix'

const doc = JSON.stringify(
  {
    version: 3,
    journalSeq: 7,
    papers: [
      { id: 'a', title: 'Uma "tese" {com} [chaves]\\', tags: ['x'] },
      { id: 'b', title: 'B', year: 2020 }
    ],
    collections: [{ id: 'c1', name: 'Reading', createdAt: '2026-01-01' }]
  },
  null,
  1
)

describe('the readable prefix of a damaged library.json', () => {
  it('keeps every record that ends before the cut, and leaves out the one cut', () => {
    const cut = doc.indexOf('"B"')
    expect(readCatalogPrefix(doc.slice(0, cut))).toEqual({
      journalSeq: 7,
      papers: [{ id: 'a', title: 'Uma "tese" {com} [chaves]\\', tags: ['x'] }],
      collections: []
    })
  })

  it('reads a whole file whole, and nothing from an empty or garbled one', () => {
    const { journalSeq, papers, collections } = JSON.parse(doc) as Record<string, unknown>
    expect(readCatalogPrefix(doc)).toEqual({ journalSeq, papers, collections })
    expect(readCatalogPrefix(doc).collections).toHaveLength(1)
    expect(readCatalogPrefix('')).toEqual({ journalSeq: null, papers: [], collections: [] })
    expect(readCatalogPrefix('\u0000\u00ff garbage {{{').papers).toEqual([])
  })

  it('stops at a number that may have been cut', () => {
    expect(readCatalogPrefix('{"version": 3, "journalSeq": 12').journalSeq).toBeNull()
  })
})
