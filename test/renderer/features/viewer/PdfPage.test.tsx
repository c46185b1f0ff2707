// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { PdfPage } from '../../../../src/renderer/src/features/viewer/PdfPage'
import type {
  PdfjsDocument,
  RenderedPage
} from '../../../../src/renderer/src/features/viewer/pdfjs'
import { createAppStore } from '../../../../src/renderer/src/store/createAppStore'
import { StoreProvider } from '../../../../src/renderer/src/store/StoreContext'
import { fakeApi } from '../../fakeApi'

vi.mock('../../../../src/renderer/src/features/viewer/pdfjs', () => ({ CSS_PER_PDF_UNIT: 4 / 3 }))

/** The page reads OCR word boxes through the store: it is drawn inside one (kept on re-render). */
const store = createAppStore(fakeApi().api)
function Providers({ children }: { children: ReactNode }) {
  return (
    <StoreProvider store={store}>
      <div className="viewer-scroll">{children}</div>
    </StoreProvider>
  )
}

const ITEMS = [
  'Introduction',
  'Multi-head attention allows the model to attend jointly',
  'to information.'
]
const SNIPPET = 'Multi-head attention allows the model to attend jointly to information.'

/** A document whose page drawings finish when the test says so. */
function fakeDoc() {
  const draws: { scale: number; finish: () => void; cancelled: boolean }[] = []
  const doc = {
    render(_page: number, scale: number, _canvas: HTMLCanvasElement, layer: HTMLElement) {
      const draw = { scale, finish: () => {}, cancelled: false }
      const done = new Promise<RenderedPage>((resolve) => {
        draw.finish = () => {
          const spans = ITEMS.map((text) => {
            const span = document.createElement('span')
            span.textContent = text
            return span
          })
          layer.replaceChildren(...spans)
          resolve({ spans, items: ITEMS })
        }
      })
      draws.push(draw)
      return { done, cancel: () => (draw.cancelled = true) }
    }
  }
  return { doc: doc as unknown as PdfjsDocument, draws }
}

/**
 * Which spans were scrolled to, and whether they were in the page when it happened: the viewer
 * scrolls by the passage's offset from the pane's top, so reading a span's box is scrolling to it.
 */
let scrolled: { text: string; connected: boolean }[] = []
const boxOf = HTMLElement.prototype.getBoundingClientRect
beforeEach(() => {
  scrolled = []
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    if (this.tagName === 'SPAN')
      scrolled.push({ text: this.textContent ?? '', connected: this.isConnected })
    return boxOf.call(this)
  }
})
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = boxOf
  cleanup()
})

describe('PdfPage highlight', () => {
  const highlight = { page: 1, snippet: SNIPPET, nonce: 7 }
  const props = {
    paperId: 'paper-1',
    number: 1,
    size: { width: 600, height: 800 },
    near: true,
    defer: false,
    highlight,
    onHighlight: () => {},
    findHits: null,
    findNonce: 0
  }

  it('scrolls to the passage again once the page is drawn at a new scale', async () => {
    const { doc, draws } = fakeDoc()
    const view = render(<PdfPage {...props} doc={doc} scale={1} />, { wrapper: Providers })
    await act(async () => draws[0]!.finish())
    expect(scrolled).toEqual([{ text: ITEMS[1], connected: true }])
    expect(view.container.querySelectorAll('.highlight').length).toBe(2)

    // The sidebar closes or the window changes: the old drawing's spans are dropped first.
    view.rerender(<PdfPage {...props} doc={doc} scale={1.5} />)
    expect(draws[0]!.cancelled).toBe(true)
    expect(scrolled.filter((s) => !s.connected)).toEqual([])
    await act(async () => draws[1]!.finish())
    expect(scrolled).toEqual([
      { text: ITEMS[1], connected: true },
      { text: ITEMS[1], connected: true }
    ])
    expect(view.container.querySelectorAll('.highlight').length).toBe(2)
  })

  it('ignores a drawing that finishes after it was cancelled', async () => {
    const { doc, draws } = fakeDoc()
    const view = render(<PdfPage {...props} doc={doc} scale={1} />, { wrapper: Providers })
    view.rerender(<PdfPage {...props} doc={doc} scale={1.25} />)
    // The first drawing ends late, after the second started: it must not count as the page.
    await act(async () => draws[0]!.finish())
    expect(scrolled).toEqual([])
    expect(view.container.querySelector('.pdf-page')!.getAttribute('data-rendered')).toBe('false')
    await act(async () => draws[1]!.finish())
    expect(scrolled).toEqual([{ text: ITEMS[1], connected: true }])
  })

  it('waits to draw while a citation lands on another page, and keeps a drawing it has', async () => {
    const { doc, draws } = fakeDoc()
    const other = { ...props, number: 2, highlight: null }
    const view = render(<PdfPage {...other} doc={doc} scale={1} defer />, { wrapper: Providers })
    // The cited page goes first: this one is not started.
    expect(draws).toHaveLength(0)
    view.rerender(<PdfPage {...other} doc={doc} scale={1} defer={false} />)
    expect(draws).toHaveLength(1)
    await act(async () => draws[0]!.finish())
    // A later citation elsewhere does not undo a page already drawn.
    view.rerender(<PdfPage {...other} doc={doc} scale={1} defer />)
    expect(draws[0]!.cancelled).toBe(false)
    expect(view.container.querySelector('.pdf-page')!.getAttribute('data-rendered')).toBe('true')
  })
})
