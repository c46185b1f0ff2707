import { useState, type DragEvent } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { bytesToBase64 } from '../../store/base64'
import { AddPapers } from './AddPapers'
import { PaperRow } from './PaperRow'

/**
 * The library sidebar: every paper with its status, the overall ingestion progress, adding
 * papers (dialog, drop, arXiv id) and, on an empty library, the default corpus.
 */
export function LibraryPanel() {
  const papers = useAppStore((s) => s.library.papers)
  const loaded = useAppStore((s) => s.library.loaded)
  const overall = useAppStore((s) => s.library.overall)
  // The queue's last event may not say "all done": show the bar only while a paper is in work.
  const ingesting = useAppStore((s) =>
    s.library.papers.some((p) => p.status !== 'indexed' && p.status !== 'error')
  )
  const error = useAppStore((s) => s.library.error)
  const fetchingDefaults = useAppStore((s) => s.library.busy.includes('defaults'))
  const addDefaults = useAppStore((s) => s.addDefaults)
  const addFile = useAppStore((s) => s.addFile)
  const dismiss = useAppStore((s) => s.dismissLibraryError)
  const [dragging, setDragging] = useState(false)
  const newThread = useAppStore((s) => s.newThread)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const chosen = papers.filter((p) => selected.has(p.id) && p.status === 'indexed')
  const toggle = (id: string): void => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }
  const { t } = useTranslation()

  const onDrop = async (e: DragEvent): Promise<void> => {
    e.preventDefault()
    setDragging(false)
    for (const file of Array.from(e.dataTransfer.files)) {
      const bytes = new Uint8Array(await file.arrayBuffer())
      await addFile(file.name, bytesToBase64(bytes))
    }
  }

  return (
    <aside
      className={`library${dragging ? ' dragging' : ''}`}
      aria-label={t('library.label')}
      onDragOver={(e) => {
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false)
      }}
      onDrop={(e) => void onDrop(e)}
    >
      <header className="pane-header">
        <h2>{t('library.title')}</h2>
        <span className="muted small">
          {papers.length > 0 ? t('library.count', { count: papers.length }) : ''}
        </span>
      </header>
      {ingesting && overall && overall.total > 0 && (
        <div className="overall" aria-label={t('library.overall')}>
          <div className="small">
            {t('library.indexingOf', {
              current: Math.min(overall.done + 1, overall.total),
              total: overall.total
            })}
          </div>
          <div className="progress">
            <div
              className="progress-bar"
              style={{ width: `${(overall.done / overall.total) * 100}%` }}
            />
          </div>
        </div>
      )}
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage message={error.message} />
          <button type="button" className="btn btn-small btn-quiet" onClick={dismiss}>
            {t('library.dismiss')}
          </button>
        </div>
      )}
      {loaded && papers.length === 0 && (
        <div className="first-run">
          <p>{t('library.empty')}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={fetchingDefaults}
            onClick={() => void addDefaults()}
          >
            {fetchingDefaults ? t('library.adding') : t('library.addDefaults')}
          </button>
          <p className="muted small">{t('library.defaultsHint')}</p>
        </div>
      )}
      {chosen.length > 0 && (
        <div className="selection-bar">
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={() => {
              newThread(chosen.map((p) => p.id))
              setSelected(new Set())
            }}
          >
            {t('threads.askAboutThese', { count: chosen.length })}
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => setSelected(new Set())}
          >
            {t('threads.clearSelection')}
          </button>
        </div>
      )}
      <ul className="paper-list">
        {papers.map((p) => (
          <PaperRow
            key={p.id}
            paper={p}
            selected={selected.has(p.id)}
            onToggle={() => toggle(p.id)}
          />
        ))}
      </ul>
      <AddPapers />
      <p className="drop-hint muted small">{t('library.dropHint')}</p>
    </aside>
  )
}
