import { useEffect } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

const SHOWN = 8

/** In a paper's details: the library's papers most like it and the references it lacks. */
export function PaperDiscovery({ paperId }: { paperId: string }) {
  const discovery = useAppStore((s) =>
    s.organize.discovery?.paperId === paperId ? s.organize.discovery : null
  )
  const loadDiscovery = useAppStore((s) => s.loadDiscovery)
  const openPaper = useAppStore((s) => s.openPaper)
  const openDetails = useAppStore((s) => s.openDetails)
  const addArxiv = useAppStore((s) => s.addArxiv)
  const addByDoi = useAppStore((s) => s.addByDoi)
  const { t } = useTranslation()
  useEffect(() => {
    void loadDiscovery(paperId)
  }, [paperId, loadDiscovery])
  if (!discovery) return null
  const { related, missing } = discovery
  return (
    <section className="discovery" aria-label={t('details.related')}>
      <h3 className="small">{t('details.related')}</h3>
      {!related ? (
        <p className="muted small">{t('details.loading')}</p>
      ) : related.related.length === 0 ? (
        <p className="muted small">{t('details.relatedNone')}</p>
      ) : (
        <ul className="discovery-list">
          {related.related.map((r) => (
            <li key={r.paperId}>
              <button
                type="button"
                className="link-btn"
                title={r.passage}
                onClick={() => {
                  openDetails(null)
                  openPaper(r.paperId)
                }}
              >
                {r.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      {missing && (
        <>
          <h3 className="small">
            {missing.total
              ? t('details.missing', { missing: missing.missing.length, total: missing.total })
              : t('details.missingNone')}
          </h3>
          <ul className="discovery-list">
            {missing.missing.slice(0, SHOWN).map((m, i) => (
              <li key={`${i}-${m.text.slice(0, 20)}`}>
                <span className="grow" title={m.text}>
                  {m.title ?? m.text}
                  {m.year ? ` (${m.year})` : ''}
                </span>
                {(m.arxivId || m.doi) && (
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => void (m.arxivId ? addArxiv(m.arxivId) : addByDoi(m.doi!))}
                  >
                    {t('details.addRef')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
