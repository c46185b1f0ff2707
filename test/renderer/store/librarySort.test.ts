import { describe, expect, it } from 'vitest'
import {
  loadLibraryOrder,
  nextOrder,
  saveLibraryOrder
} from '../../../src/renderer/src/store/librarySort'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>()
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) }
}

describe('the library’s order', () => {
  it('starts newest first; a column starts in its natural direction and reverses when picked again', () => {
    const first = loadLibraryOrder(memoryStorage())
    expect(first).toEqual({ sort: 'added', direction: 'descending' })
    const byYear = nextOrder(first, 'year')
    expect(byYear).toEqual({ sort: 'year', direction: 'descending' })
    expect(nextOrder(byYear, 'year')).toEqual({ sort: 'year', direction: 'ascending' })
    expect(nextOrder(byYear, 'title')).toEqual({ sort: 'title', direction: 'ascending' })
  })

  it('is remembered in a versioned format, and an unreadable one falls back to the default', () => {
    const storage = memoryStorage()
    saveLibraryOrder({ sort: 'author', direction: 'descending' }, storage)
    expect(JSON.parse(storage.getItem('researchpal.libraryOrder')!)).toEqual({
      v: 1,
      sort: 'author',
      direction: 'descending'
    })
    expect(loadLibraryOrder(storage)).toEqual({ sort: 'author', direction: 'descending' })
    for (const stored of [
      '{',
      '"year"',
      JSON.stringify({ v: 2, sort: 'year', direction: 'ascending' }),
      JSON.stringify({ v: 1, sort: 'pages', direction: 'ascending' })
    ]) {
      storage.setItem('researchpal.libraryOrder', stored)
      expect(loadLibraryOrder(storage)).toEqual({ sort: 'added', direction: 'descending' })
    }
  })
})
