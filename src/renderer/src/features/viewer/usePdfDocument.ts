import { useEffect, useState } from 'react'
import type { Failure } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { DocumentCache } from './documentCache'
import { PdfjsDocument, type PageSize } from './pdfjs'

/** A paper's document as the viewer has it: opening, open (with its first page's size), or not. */
export type LoadedDocument =
  | { state: 'loading'; paperId: string }
  | { state: 'ready'; paperId: string; doc: PdfjsDocument; size: PageSize }
  | { state: 'failed'; paperId: string; error: Failure }

/** The papers last opened, kept open so that going back to one is immediate. */
const documents = new DocumentCache<PdfjsDocument>(3)

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
  const [loaded, setLoaded] = useState<LoadedDocument>({ state: 'loading', paperId })
  useEffect(() => {
    let stale = false
    void (async () => {
      try {
        const doc = await documents.get(`${paperId}:${sha256}`, async () => {
          const got = await fetchPdf(paperId)
          if ('error' in got) throw new PdfNotFetched(got.error)
          return PdfjsDocument.open(got.bytes)
        })
        const size = await doc.pageSize(1)
        if (stale) return
        setPageCount(doc.numPages)
        setLoaded({ state: 'ready', paperId, doc, size })
      } catch (e) {
        if (stale) return
        const error = e instanceof PdfNotFetched ? e.failure : { message: (e as Error).message }
        setLoaded({ state: 'failed', paperId, error })
      }
    })()
    return () => {
      stale = true
    }
  }, [paperId, sha256, fetchPdf, setPageCount])
  return loaded
}
