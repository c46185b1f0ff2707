import { useRef, useState, type DragEvent } from 'react'
import type { AppError } from '../../../../shared/errors'
import type { Paper } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { PAPER_DRAG_TYPE } from './PaperRow'
import { statusText } from './statusText'

/** What getting a reference's PDF is doing: nothing yet, a call in flight, its outcome. */
type Getting = { kind: 'idle' } | { kind: 'fetching' | 'attaching' } | { kind: 'done' }

/**
 * Getting the PDF of a paper kept without one: fetch it (arXiv, Unpaywall), attach a chosen
 * file, or take a dropped one. The details dialog and its drop target share it.
 */
export function useReferencePdf(paper: Paper) {
  const attachPdf = useAppStore((s) => s.attachPdf)
  const fetchMissingPdf = useAppStore((s) => s.fetchMissingPdf)
  const [getting, setGetting] = useState<Getting>({ kind: 'idle' })
  const [error, setError] = useState<AppError | null>(null)
  const [dropTarget, setDropTarget] = useState(false)
  const run = async (kind: 'fetching' | 'attaching', call: () => Promise<AppError | null>) => {
    setError(null)
    setGetting({ kind })
    const failed = await call()
    setError(failed)
    setGetting({ kind: failed ? 'idle' : 'done' })
  }
  const attach = (file: File): Promise<void> =>
    run('attaching', async () =>
      attachPdf(paper.id, file.name, new Uint8Array(await file.arrayBuffer()))
    )
  const fetch = (): Promise<void> => run('fetching', () => fetchMissingPdf(paper.id))
  const isFileDrag = (e: DragEvent): boolean =>
    paper.status === 'metadata' &&
    !e.dataTransfer.types.includes(PAPER_DRAG_TYPE) &&
    e.dataTransfer.types.includes('Files')
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      if (!isFileDrag(e)) return
      e.preventDefault()
      setDropTarget(true)
    },
    onDragLeave: (e: DragEvent) => {
      if (e.currentTarget === e.target) setDropTarget(false)
    },
    onDrop: (e: DragEvent) => {
      if (!isFileDrag(e)) return
      e.preventDefault()
      setDropTarget(false)
      const file = e.dataTransfer.files[0]
      if (file) void attach(file)
    }
  }
  return { getting, error, dropTarget, dropHandlers, attach, fetch }
}

/**
 * The details' PDF section for a reference without one: why it is not searched, how it would
 * be fetched, Fetch PDF and Attach PDF…, then the progress or the error of that call.
 */
export function ReferencePdf({
  paper,
  state
}: {
  paper: Paper
  state: ReturnType<typeof useReferencePdf>
}) {
  const progress = useAppStore((s) => s.library.progress[paper.id])
  const chooser = useRef<HTMLInputElement>(null)
  const { t } = useTranslation()
  const { getting, error } = state
  const working = getting.kind === 'fetching' || getting.kind === 'attaching'
  if (paper.status !== 'metadata' && getting.kind !== 'done') return null
  const how = paper.arxivId
    ? t('details.fetchFromArxiv', { id: paper.arxivId })
    : paper.doi
      ? t('details.fetchFromDoi')
      : t('details.fetchNone')
  return (
    <section
      className={`reference-pdf${paper.status === 'metadata' ? '' : ' arrived'}${state.dropTarget ? ' drop-target' : ''}`}
      aria-labelledby="reference-pdf-title"
    >
      <h3 id="reference-pdf-title" className="reference-pdf-title">
        {paper.status === 'metadata' ? (
          <>
            <span className="badge-no-pdf">{t('status.noPdf')}</span> {t('details.noPdfTitle')}
          </>
        ) : (
          t('details.pdf')
        )}
      </h3>
      {paper.status === 'metadata' && <p className="small">{t('details.noPdfText')}</p>}
      {paper.status === 'metadata' && (
        <>
          <p className="small muted" id="reference-pdf-how">
            {how}
          </p>
          <div className="reference-pdf-actions">
            <button
              type="button"
              className="btn btn-small btn-primary"
              disabled={working || (!paper.arxivId && !paper.doi)}
              aria-describedby="reference-pdf-how"
              onClick={() => void state.fetch()}
            >
              {t('details.fetchPdf')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={working}
              onClick={() => chooser.current?.click()}
            >
              {t('details.attachPdf')}
            </button>
            <input
              ref={chooser}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('details.attachLabel', { title: paper.title })}
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) void state.attach(file)
              }}
            />
            <span className="small muted">{t('details.dropPdf')}</span>
          </div>
        </>
      )}
      {working && (
        <p className="small" role="status">
          {getting.kind === 'fetching' ? t('details.fetching') : t('details.attaching')}
        </p>
      )}
      {getting.kind === 'done' && paper.status !== 'metadata' && (
        <p className="small status-line ok" role="status">
          {t('details.pdfArrived', { status: statusText(paper, progress, t) })}
        </p>
      )}
      {paper.status === 'error' && paper.error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={paper.error} />
        </div>
      )}
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
    </section>
  )
}
