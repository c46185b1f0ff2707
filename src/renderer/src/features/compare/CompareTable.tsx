import { useState, type FormEvent } from 'react'
import { cellKey, type Comparison } from '../../../../shared/compare'
import { uiLanguage, useTranslation } from '../../i18n'
import { saveTextFile } from '../../components/saveTextFile'
import { useAppStore } from '../../store/StoreContext'
import { CompareCellView } from './CompareCellView'
import { useOrigin } from './useOrigin'

/** The toolbar of an open comparison: progress, stop/fill, add a column, exports. */
function CompareToolbar({ comparison }: { comparison: Comparison }) {
  const progress = useAppStore((s) => s.compare.progress)
  const runComparison = useAppStore((s) => s.runComparison)
  const cancelComparison = useAppStore((s) => s.cancelComparison)
  const addColumn = useAppStore((s) => s.addColumn)
  const exportComparison = useAppStore((s) => s.exportComparison)
  const closeComparison = useAppStore((s) => s.closeComparison)
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [kind, setKind] = useState<'question' | 'claim'>('question')
  const missing = comparison.cells.some((c) => c.status === 'pending' || c.status === 'failed')
  const add = (e: FormEvent): void => {
    e.preventDefault()
    if (!text.trim()) return
    void addColumn(kind, text, uiLanguage())
    setText('')
  }
  const download = async (format: 'markdown' | 'csv' | 'bibtex'): Promise<void> => {
    const out = await exportComparison(format)
    if (out) saveTextFile({ fileName: out.filename, mimeType: out.mimeType, text: out.text })
  }
  return (
    <div className="compare-toolbar">
      <button type="button" className="btn btn-small" onClick={closeComparison}>
        {t('compare.back')}
      </button>
      <h2 className="compare-title">{comparison.title}</h2>
      {progress && (
        <span className="compare-progress" role="status">
          {progress.state === 'paused'
            ? t('compare.paused', { seconds: progress.retryAfterSeconds ?? 0 })
            : t('compare.progress', { done: progress.done, total: progress.total })}
        </span>
      )}
      {progress ? (
        <button type="button" className="btn btn-small" onClick={() => void cancelComparison()}>
          {t('compare.cancel')}
        </button>
      ) : (
        missing && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void runComparison(uiLanguage())}
          >
            {t('compare.run')}
          </button>
        )
      )}
      <form className="compare-add" onSubmit={add}>
        <select
          aria-label={t('compare.addKind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as 'question' | 'claim')}
        >
          <option value="question">{t('compare.addQuestion')}</option>
          <option value="claim">{t('compare.addClaim')}</option>
        </select>
        <input
          type="text"
          value={text}
          aria-label={t('compare.addPlaceholder')}
          placeholder={t('compare.addPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-small" disabled={Boolean(progress)}>
          {t('compare.add')}
        </button>
      </form>
      <span className="compare-exports">
        <button type="button" className="btn btn-small" onClick={() => void download('markdown')}>
          {t('compare.exportMarkdown')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => void download('csv')}>
          {t('compare.exportCsv')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => void download('bibtex')}>
          {t('compare.exportBibtex')}
        </button>
      </span>
    </div>
  )
}

/** Where the table's papers came from; for a conversation's, a way back to it. */
function CompareOrigin({ comparison }: { comparison: Comparison }) {
  const origin = useOrigin()
  const setCompareOpen = useAppStore((s) => s.setCompareOpen)
  const openThread = useAppStore((s) => s.openThread)
  const known = useAppStore((s) => s.threads.list.some((x) => x.id === comparison.threadId))
  const { t } = useTranslation()
  const text = origin(comparison)
  if (!text) return null
  const threadId = comparison.threadId
  return (
    <p className="compare-origin">
      {text}
      {threadId && known && (
        <>
          {' '}
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setCompareOpen(false)
              void openThread(threadId)
            }}
          >
            {t('compare.backToThread')}
          </button>
        </>
      )}
    </p>
  )
}

/** The evidence table: a row per paper, a column per question or claim. */
export function CompareTable({ comparison }: { comparison: Comparison }) {
  const papers = useAppStore((s) => s.library.papers)
  const removePaper = useAppStore((s) => s.removePaperFromComparison)
  const busy = useAppStore((s) => Boolean(s.compare.progress))
  const { t } = useTranslation()
  const titles = new Map(papers.map((p) => [p.id, p.title]))
  const cells = new Map(comparison.cells.map((c) => [cellKey(c.paperId, c.columnId), c]))
  const evidenceOnly = comparison.cells.some((c) => c.status === 'evidence')
  return (
    <div className="compare-view">
      <CompareToolbar comparison={comparison} />
      <CompareOrigin comparison={comparison} />
      {evidenceOnly && <p className="compare-evidence-note">{t('compare.evidenceNote')}</p>}
      <div className="compare-scroll chat-log">
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col">{t('compare.paperColumn')}</th>
              {comparison.columns.map((col) => (
                <th key={col.id} scope="col">
                  {col.kind === 'claim' ? t('compare.claimColumn', { text: col.text }) : col.text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.paperIds.map((id) => (
              <tr key={id} data-paper-id={id}>
                <th scope="row">
                  <span className="compare-paper-title">{titles.get(id) ?? id}</span>
                  {comparison.paperIds.length > 1 && (
                    <button
                      type="button"
                      className="btn-link"
                      disabled={busy}
                      aria-label={t('compare.removePaper', { title: titles.get(id) ?? id })}
                      onClick={() => void removePaper(id)}
                    >
                      ×
                    </button>
                  )}
                </th>
                {comparison.columns.map((col) => {
                  const cell = cells.get(cellKey(id, col.id))
                  return <td key={col.id}>{cell && <CompareCellView cell={cell} />}</td>
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
