// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { DrawnPages, type DrawnPage } from '../../../../src/renderer/src/features/viewer/drawnPages'

/** A page drawn on a `width`×`height` canvas, with one span. */
function drawing(width: number, height: number): DrawnPage {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const layer = document.createElement('div')
  const span = document.createElement('span')
  span.textContent = 'Attention'
  layer.append(span)
  return { canvas, layer, spans: [span], items: ['Attention'] }
}

describe('DrawnPages', () => {
  it('gives a page put away back as it was drawn, once', () => {
    const kept = new DrawnPages(1_000_000)
    const doc = {}
    const page = drawing(100, 100)
    kept.keep(doc, 4, 1.5, page)
    expect(kept.bytes).toBe(40_000)
    const back = kept.take(doc, 4, 1.5)
    expect(back).toBe(page)
    expect(back!.canvas.width).toBe(100)
    expect(back!.spans[0]!.textContent).toBe('Attention')
    // On screen now: it is not kept (nor counted) twice.
    expect(kept.take(doc, 4, 1.5)).toBeNull()
    expect(kept.bytes).toBe(0)
  })

  it('does not give a page drawn at another scale or of another paper', () => {
    const kept = new DrawnPages(1_000_000)
    const doc = {}
    const older = drawing(100, 100)
    kept.keep(doc, 4, 1.5, older)
    expect(kept.take(doc, 4, 2)).toBeNull()
    expect(kept.take({}, 4, 1.5)).toBeNull()
    // Drawn again at a new scale: the older bitmap is let go.
    kept.keep(doc, 4, 2, drawing(100, 100))
    expect(older.canvas.width).toBe(0)
    expect(kept.take(doc, 4, 1.5)).toBeNull()
    expect(kept.take(doc, 4, 2)).not.toBeNull()
  })

  it('keeps within its budget, letting go of the page put away longest ago', () => {
    // Room for two 100×100 bitmaps (40,000 bytes each).
    const kept = new DrawnPages(80_000)
    const doc = {}
    const [one, two, three] = [drawing(100, 100), drawing(100, 100), drawing(100, 100)]
    kept.keep(doc, 1, 1, one)
    kept.keep(doc, 2, 1, two)
    kept.keep(doc, 3, 1, three)
    expect(kept.bytes).toBe(80_000)
    expect(one.canvas.width).toBe(0)
    expect(kept.take(doc, 1, 1)).toBeNull()
    expect(kept.take(doc, 2, 1)).toBe(two)
    expect(kept.take(doc, 3, 1)).toBe(three)
    // A drawing bigger than the whole budget is not kept at all.
    const huge = drawing(200, 200)
    kept.keep(doc, 5, 1, huge)
    expect(huge.canvas.width).toBe(0)
    expect(kept.bytes).toBe(0)
  })

  it('lets go of the pages of a paper closed, and only those', () => {
    const kept = new DrawnPages(1_000_000)
    const [closed, open] = [{}, {}]
    const gone = drawing(10, 10)
    kept.keep(closed, 1, 1, gone)
    kept.keep(open, 1, 1, drawing(10, 10))
    kept.forget(closed)
    expect(gone.canvas.width).toBe(0)
    expect(kept.take(closed, 1, 1)).toBeNull()
    expect(kept.take(open, 1, 1)).not.toBeNull()
  })
})
