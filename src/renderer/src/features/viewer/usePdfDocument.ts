import { useEffect, useState } from 'react'
import type { Failure } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { DocumentCache } from './documentCache'
import { PdfjsDocument, type PageSize } from './pdfjs'
import { drawnPages } from './usePageDrawing'

/** A paper's document as the viewer has it: opening, open (with its first page's size), or not. */
export type LoadedDocument =
  | { state: 'loading'; paperId: string }
  | { state: 'ready'; paperId: string; doc: PdfjsDocument; size: PageSize }
  | { state: 'failed'; paperId: string; error: Failure }

/**
 * The papers last opened, kept open so that going back to one is immediate; the pages drawn of
 * one let go are let go with it.
 */
const documents = new DocumentCache<PdfjsDocument>(3, (doc) => drawnPages.forget(doc))

/** The first page's size of each document opened (the size every page is laid out at). */
const sizes = new WeakMap<PdfjsDocument, PageSize>()

/** Main could not give the PDF's bytes (the reason is main's, for the person). */
class PdfNotFetched extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}

/**
 * Opens a paper's PDF: from the papers kept open when it is one of them, otherwise its bytes
 * from main, parsed by pdf.js; and tells the store its page count.
 * @remarks Kept by paper and file hash, so a paper whose PDF was replaced opens afresh.
 */
export function usePdfDocument(paperId: string): LoadedDocument {
  const fetchPdf = useAppStore((s) => s.fetchPdf)
  const sha256 = useAppStore((s) => s.library.papers.find((p) => p.id === paperId)?.sha256 ?? '')
  const setPageCount = useAppStore((s) => s.setPageCount)
  const key = `${paperId}:${sha256}`
  // A paper kept open is shown in the first frame, not after an "Opening…" one.
  const [loaded, setLoaded] = useState<LoadedDocument>(() => {
    const doc = documents.peek(key)
    const size = doc && sizes.get(doc)
    return doc && size ? { state: 'ready', paperId, doc, size } : { state: 'loading', paperId }
  })
  useEffect(() => {
    let stale = false
    void (async () => {
      try {
        const doc = await documents.get(key, async () => {
          const got = await fetchPdf(paperId)
          if ('error' in got) throw new PdfNotFetched(got.error)
          return PdfjsDocument.open(got.bytes)
        })
        const size = sizes.get(doc) ?? (await doc.pageSize(1))
        sizes.set(doc, size)
        if (stale) return
        setPageCount(doc.numPages)
        // The same document already shown keeps its state (no second render of every page).
        setLoaded((was) =>
          was.state === 'ready' && was.doc === doc ? was : { state: 'ready', paperId, doc, size }
        )
      } catch (e) {
        if (stale) return
        const error = e instanceof PdfNotFetched ? e.failure : { message: (e as Error).message }
        setLoaded({ state: 'failed', paperId, error })
      }
    })()
    return () => {
      stale = true
    }
  }, [key, paperId, fetchPdf, setPageCount])
  return loaded
}
