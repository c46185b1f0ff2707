import { describe, expect, it } from 'vitest'
import { DocumentCache } from '../../../../src/renderer/src/features/viewer/documentCache'

/** A document that records whether it was let go. */
function doc(name: string) {
  return {
    name,
    destroyed: false,
    destroy: async function () {
      this.destroyed = true
    }
  }
}

describe('DocumentCache', () => {
  it('opens a paper once and gives it back when it is opened again', async () => {
    const cache = new DocumentCache<ReturnType<typeof doc>>(3)
    let opened = 0
    const open = async () => (opened++, doc('a'))
    const first = await cache.get('a:1', open)
    const again = await cache.get('a:1', open)
    expect(again).toBe(first)
    expect(opened).toBe(1)
  })

  it('keeps the last few, letting go of the least recently shown one', async () => {
    const cache = new DocumentCache<ReturnType<typeof doc>>(2)
    const a = await cache.get('a', async () => doc('a'))
    const b = await cache.get('b', async () => doc('b'))
    await cache.get('a', async () => doc('a again'))
    const c = await cache.get('c', async () => doc('c'))
    await Promise.resolve()
    expect(b.destroyed).toBe(true)
    expect(a.destroyed).toBe(false)
    expect(c.destroyed).toBe(false)
    expect(cache.has('b')).toBe(false)
  })

  it('does not keep a paper that failed to open, so the next try opens it again', async () => {
    const cache = new DocumentCache<ReturnType<typeof doc>>(3)
    await expect(cache.get('a', async () => Promise.reject(new Error('damaged')))).rejects.toThrow(
      'damaged'
    )
    await Promise.resolve()
    expect(cache.has('a')).toBe(false)
    expect((await cache.get('a', async () => doc('a'))).name).toBe('a')
  })

  it('opens a paper afresh when its file changed (another key)', async () => {
    const cache = new DocumentCache<ReturnType<typeof doc>>(3)
    const before = await cache.get('a:old', async () => doc('old'))
    const after = await cache.get('a:new', async () => doc('new'))
    expect(after).not.toBe(before)
  })
})
