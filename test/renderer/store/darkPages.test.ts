// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import {
  DARK_PAGES_KEY,
  loadDarkPages,
  saveDarkPages
} from '../../../src/renderer/src/store/darkPages'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { fakeApi } from '../fakeApi'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>()
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) }
}

describe('dark pages', () => {
  beforeEach(() => localStorage.clear())

  it('are off until turned on, then on at the next launch, and off again when turned off', () => {
    const storage = memoryStorage()
    expect(loadDarkPages(storage)).toBe(false)
    saveDarkPages(true, storage)
    expect(loadDarkPages(storage)).toBe(true)
    saveDarkPages(false, storage)
    expect(loadDarkPages(storage)).toBe(false)
  })

  it('fall back to pages as printed when what is stored cannot be read', () => {
    const storage = memoryStorage()
    for (const stored of ['true', '{', JSON.stringify({ v: 2, dark: true }), '{"dark":true}']) {
      storage.setItem(DARK_PAGES_KEY, stored)
      expect(loadDarkPages(storage), stored).toBe(false)
    }
  })

  it('turned on in the viewer are on in the next window', () => {
    const first = createAppStore(fakeApi().api)
    expect(first.getState().viewer.darkPages).toBe(false)
    first.getState().setDarkPages(true)
    expect(first.getState().viewer.darkPages).toBe(true)
    // Opening a paper keeps the mode: it belongs to the reader, not to the paper.
    first.getState().openPaper('1706.03762')
    expect(first.getState().viewer.darkPages).toBe(true)
    expect(createAppStore(fakeApi().api).getState().viewer.darkPages).toBe(true)
  })
})
