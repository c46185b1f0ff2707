import { describe, expect, it } from 'vitest'
import { splitWordpieceWindows } from '../../../../src/main/search/embedder/wordpieceWindows'

const ids = (n: number): number[] => Array.from({ length: n }, (_, i) => i)

describe('splitWordpieceWindows', () => {
  it('keeps a text that fits as one window', () => {
    expect(splitWordpieceWindows(ids(254), 254)).toEqual([ids(254)])
    expect(splitWordpieceWindows([], 254)).toEqual([[]])
  })

  it('splits a long text into even windows that cover every wordpiece once, in order', () => {
    const windows = splitWordpieceWindows(ids(300), 254)
    expect(windows.map((w) => w.length)).toEqual([150, 150])
    expect(windows.flat()).toEqual(ids(300))
    const many = splitWordpieceWindows(ids(1000), 254)
    expect(many).toHaveLength(4)
    expect(Math.max(...many.map((w) => w.length))).toBeLessThanOrEqual(254)
    expect(many.flat()).toEqual(ids(1000))
  })
})
