import { describe, expect, it } from 'vitest'
import { placeCard } from '../../../src/renderer/src/features/chat/CitationChip'
import { findAllItems } from '../../../src/renderer/src/features/viewer/highlightMatch'
import {
  layoutMode,
  loadViewerShare,
  MIN_CHAT,
  MIN_VIEWER,
  saveViewerShare,
  viewerWidth
} from '../../../src/renderer/src/layout/layoutMode'

describe('layout', () => {
  it('uses three panes when wide, a library drawer when medium, tabs when narrow', () => {
    expect(layoutMode(2560)).toBe('wide')
    expect(layoutMode(1280)).toBe('wide')
    expect(layoutMode(800)).toBe('medium')
    expect(layoutMode(700)).toBe('narrow')
  })

  it('with a paper open, gives the library’s room to the answer and the page, then makes them tabs', () => {
    expect(layoutMode(1920, true)).toBe('wide')
    // 1280: library 340 + answer 560 + page 640 do not fit; the library becomes a drawer.
    expect(layoutMode(1280, true)).toBe('medium')
    expect(layoutMode(1024, true)).toBe('medium')
    // 800: an answer and a page at their narrowest do not fit side by side.
    expect(layoutMode(800, true)).toBe('narrow')
  })

  it('gives the viewer its share of the room and always leaves the chat room', () => {
    expect(viewerWidth(0.5, 1620)).toBe(810)
    expect(viewerWidth(0.8, 1000)).toBe(1000 - MIN_CHAT)
    expect(viewerWidth(0.25, 1000)).toBe(MIN_VIEWER)
  })

  it('remembers the share, and ignores a damaged stored value', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v)
    }
    saveViewerShare(0.62, storage)
    expect(loadViewerShare(storage)).toBe(0.62)
    store.set('researchpal.viewerShare', 'garbage')
    expect(loadViewerShare(storage)).toBe(0.55)
  })
})

describe('hover card placement', () => {
  const view = { width: 1000, height: 700 }
  const card = { width: 340, height: 200 }
  it('shifts left near the right edge and flips above near the bottom', () => {
    const near = placeCard({ left: 900, top: 650, bottom: 670 }, card, view)
    expect(near.left + card.width).toBeLessThanOrEqual(view.width)
    expect(near.top + card.height).toBeLessThanOrEqual(650)
    const free = placeCard({ left: 100, top: 100, bottom: 120 }, card, view)
    expect(free).toEqual({ left: 100, top: 128 })
  })
})

describe('find in the page text', () => {
  it('finds every hit, across runs and hyphenation, as pieces of the text items', () => {
    const items = ['Multi-head atten-', 'tion and more attention', 'ATTENTION']
    const hits = findAllItems(items, 'attention')
    expect(hits).toHaveLength(3)
    expect(hits[0]).toEqual([
      { item: 0, start: 11, end: 16 },
      { item: 1, start: 0, end: 4 }
    ])
    expect(hits[1]).toEqual([{ item: 1, start: 14, end: 23 }])
    expect(hits[2]).toEqual([{ item: 2, start: 0, end: 9 }])
  })
})
