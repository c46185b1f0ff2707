import { describe, expect, it } from 'vitest'
import {
  libraryWidth,
  loadLibraryWidth,
  saveLibraryWidth
} from '../../../src/renderer/src/layout/libraryWidth'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>()
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) }
}

describe('the library’s width', () => {
  it('is 340 px until widened, then the width dragged to at the next launch', () => {
    const storage = memoryStorage()
    expect(loadLibraryWidth(storage)).toBe(340)
    saveLibraryWidth(912.4, storage)
    expect(loadLibraryWidth(storage)).toBe(912)
  })

  it('ignores a stored width it cannot read (another format, or narrower than the default)', () => {
    const storage = memoryStorage()
    storage.setItem('researchpal.libraryWidth', '900')
    expect(loadLibraryWidth(storage)).toBe(340)
    storage.setItem('researchpal.libraryWidth', JSON.stringify({ v: 1, px: 100 }))
    expect(loadLibraryWidth(storage)).toBe(340)
  })

  it('leaves the chat its room, and the answer and the page theirs when a paper is open', () => {
    // 1920 − 6 (splitter) − 480 (chat) = 1434.
    expect(libraryWidth(1800, 1920, false)).toBe(1434)
    // 1920 − 6 − 560 (answer) − 6 − 640 (page) = 708.
    expect(libraryWidth(1000, 1920, true)).toBe(708)
    expect(libraryWidth(900, 1024, false)).toBe(538)
    expect(libraryWidth(900, 1600, true)).toBe(388)
  })
})
