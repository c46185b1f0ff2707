import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import type { EntryWithoutPdf, ImportSummary } from '../../../../shared/imports'
import { entryKey } from '../../store/bibliographyImportSlice'
import { useAppStore } from '../../store/StoreContext'
import { fileName } from './fileName'

/**
 * What an import did, kept up to date as its papers are indexed: imported, already in the
 * library, failed (with the reason), and entries without a PDF, each fetchable by arXiv id or
 * DOI when online.
 */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const papers = useAppStore((s) => s.library.papers)
  const { t } = useTranslation()
  const byId = new Map(papers.map((p) => [p.id, p]))
  const live = summary.added.map((a) => {
    const p = byId.get(a.paperId)
    return {
      ...a,
      title: p?.title ?? a.title,
      status: p?.status ?? a.status,
      error: p?.error?.message ?? a.error
    }
  })
  const failed = [
    ...live
      .filter((a) => a.status === 'error')
      .map((a) => ({ file: a.file, reason: a.error ?? '' })),
    ...summary.failed
  ]
  const imported = live.filter((a) => a.status !== 'error' && !a.duplicate)
  const indexing = imported.filter((a) => a.status !== 'indexed').length
  const duplicates = live.filter((a) => a.duplicate && a.status !== 'error').length
  return (
    <div className="import-summary" aria-label={t('import.summaryLabel')}>
      <p className="import-counts">
        {[
          t('import.imported', { count: imported.length }),
          t('import.duplicates', { count: duplicates }),
          t('import.failed', { count: failed.length }),
          t('import.withoutPdf', { count: summary.withoutPdf.length })
        ].join(' · ')}
      </p>
      {summary.encoding && (
        <p className="muted small">
          {t('import.readEntries', { count: summary.entries, encoding: summary.encoding })}
        </p>
      )}
      {indexing > 0 && <p className="muted small">{t('import.indexing', { count: indexing })}</p>}
      {summary.collections.length > 0 && (
        <p className="muted small">
          {t('import.collections', { names: summary.collections.join(', ') })}
        </p>
      )}
      {failed.length > 0 && (
        <section>
          <h3 className="small">{t('import.failedHeading')}</h3>
          <ul className="import-list">
            {failed.map((f) => (
              <li key={f.file}>
                <span className="import-entry" title={f.file}>
                  {fileName(f.file)}
                </span>
                <ErrorMessage message={f.reason} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <ImportIssues issues={summary.issues} />
      {summary.matched.length > 0 && (
        <section>
          <h3 className="small">{t('import.matchedHeading')}</h3>
          <ul className="import-list" aria-label={t('import.matchedHeading')}>
            {summary.matched.map((m) => (
              <li key={m.paperId + (m.key ?? '')}>
                <span className="import-entry">
                  {byId.get(m.paperId)?.title ?? m.title ?? m.key ?? t('import.untitled')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <WithoutPdfList entries={summary.withoutPdf} />
    </div>
  )
}

/** Lines of the file that could not be read as an entry, and why. */
function ImportIssues({ issues }: { issues: ImportSummary['issues'] }) {
  const { t } = useTranslation()
  if (issues.length === 0) return null
  return (
    <section>
      <h3 className="small">{t('import.issuesHeading')}</h3>
      <ul className="import-list" aria-label={t('import.issuesHeading')}>
        {issues.map((i) => (
          <li key={`${i.line}-${i.code}`}>
            <span className="import-entry">
              {t('import.issueLine', { line: i.line })}
              {i.key ? ` (${i.key})` : ''}
            </span>
            <span className="muted small">
              {t(`import.issues.${i.code}`, { detail: i.detail })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Entries that came without a PDF, each fetchable by arXiv id or DOI. */
function WithoutPdfList({ entries }: { entries: EntryWithoutPdf[] }) {
  const fetches = useAppStore((s) => s.importer.fetches)
  const fetchMissing = useAppStore((s) => s.fetchMissing)
  const { t } = useTranslation()
  if (entries.length === 0) return null
  return (
    <section>
      <h3 className="small">{t('import.withoutPdfHeading')}</h3>
      {entries.some((w) => w.paperId) && (
        <p className="muted small">{t('import.withoutPdfKept')}</p>
      )}
      <ul className="import-list">
        {entries.map((w) => {
          const f = fetches[entryKey(w)]
          const via = w.arxivId ? `arXiv:${w.arxivId}` : w.doi ? `DOI ${w.doi}` : null
          return (
            <li key={entryKey(w)}>
              <span className="import-entry" title={w.title ?? w.key ?? ''}>
                {w.title ?? w.key ?? t('import.untitled')}
              </span>
              <span className="muted small">{via ?? t('import.noId')}</span>
              {via &&
                (f && 'state' in f && f.state === 'added' ? (
                  <span className="small status-ok">{t('import.fetched')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={f !== undefined && 'state' in f && f.state === 'busy'}
                    onClick={() => void fetchMissing(w)}
                  >
                    {f && 'state' in f && f.state === 'busy'
                      ? t('import.fetching')
                      : w.arxivId
                        ? t('import.fetchArxiv')
                        : t('import.fetchDoi')}
                  </button>
                ))}
              {f && 'code' in f && <ErrorMessage error={f} />}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
