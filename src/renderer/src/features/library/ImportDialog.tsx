import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ImportSummaryView } from './ImportSummaryView'
import { fileName } from './fileName'
import { useModal } from './useModal'
import type { ImportProgress, ZoteroOverview } from '../../../../shared/imports'

/**
 * Import a BibTeX/RIS file or a Zotero library: choose the source, pick Zotero collections,
 * watch the PDFs come in, then read what was imported, what failed and what has no PDF.
 */
export function ImportDialog() {
  const imp = useAppStore((s) => s.importer)
  const closeImport = useAppStore((s) => s.closeImport)
  const setCollection = useAppStore((s) => s.setImportCollection)
  const { t } = useTranslation()
  const ref = useModal(imp.open)
  const zotero = imp.kind === 'zotero' ? imp.zotero : null
  return (
    <dialog
      ref={ref}
      className="settings import-dialog"
      aria-label={t('import.label')}
      onClose={closeImport}
    >
      {imp.open && (
        <div className="settings-body">
          <header className="settings-header">
            <h2>{t('import.heading')}</h2>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('import.close')}
              onClick={closeImport}
            >
              ×
            </button>
          </header>
          {imp.error && (
            <div className="notice notice-error" role="alert">
              <ErrorMessage error={imp.error} />
            </div>
          )}
          {imp.phase === 'choose' && <ImportSources />}
          {imp.phase === 'reading' && <p className="small">{t('import.reading')}</p>}
          {imp.path && imp.phase !== 'choose' && (
            <p className="small import-path" title={imp.path}>
              {t(imp.kind === 'zotero' ? 'import.folder' : 'import.file', {
                name: fileName(imp.path)
              })}
            </p>
          )}
          {imp.phase === 'ready' && imp.kind === 'bibliography' && (
            <label className="import-collection small">
              {t('import.intoCollection')}
              <input
                value={imp.collection}
                placeholder={t('import.intoCollectionPlaceholder')}
                onChange={(e) => setCollection(e.target.value)}
              />
            </label>
          )}
          {imp.phase === 'ready' && zotero && <ZoteroCollections zotero={zotero} />}
          {imp.phase === 'importing' && <ImportingProgress progress={imp.progress} />}
          {imp.phase === 'done' && imp.summary && <ImportSummaryView summary={imp.summary} />}
          <ImportActions />
        </div>
      )}
    </dialog>
  )
}

/** The two kinds of import, as big buttons. */
function ImportSources() {
  const choose = useAppStore((s) => s.chooseImportSource)
  const { t } = useTranslation()
  return (
    <div className="import-sources">
      <button type="button" className="import-source" onClick={() => void choose('bibliography')}>
        <strong>{t('import.bibliography')}</strong>
        <span className="muted small">{t('import.bibliographyHint')}</span>
      </button>
      <button type="button" className="import-source" onClick={() => void choose('zotero')}>
        <strong>{t('import.zotero')}</strong>
        <span className="muted small">{t('import.zoteroHint')}</span>
      </button>
    </div>
  )
}

/** The Zotero library's collections, to import some or all of them. */
function ZoteroCollections({ zotero }: { zotero: ZoteroOverview }) {
  const chosen = useAppStore((s) => s.importer.chosen)
  const toggle = useAppStore((s) => s.toggleZoteroCollection)
  const { t } = useTranslation()
  return (
    <fieldset className="zotero-collections">
      <legend className="small">
        {t('import.zoteroHolds', { items: zotero.items, withPdf: zotero.withPdf })}
      </legend>
      {zotero.collections.length === 0 && (
        <p className="muted small">{t('import.noCollections')}</p>
      )}
      <ul>
        {zotero.collections.map((c) => (
          <li key={c.name}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(c.name)}
                onChange={() => toggle(c.name)}
              />
              <span className="grow">{c.name}</span>
              <span className="muted small">{t('import.items', { count: c.items })}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('import.noneChosen')}</p>
    </fieldset>
  )
}

/** How many of the import's PDFs have come in. */
function ImportingProgress({ progress }: { progress: ImportProgress | null }) {
  const { t } = useTranslation()
  return (
    <div aria-label={t('import.progressLabel')}>
      <p className="small">
        {progress
          ? t('import.adding', {
              done: progress.done,
              total: progress.total,
              file: progress.file
            })
          : t('import.starting')}
      </p>
      <div className="progress">
        <div
          className="progress-bar"
          style={{
            width: `${progress ? (progress.done / Math.max(1, progress.total)) * 100 : 0}%`
          }}
        />
      </div>
    </div>
  )
}

/** Import, stop or close, depending on the phase. */
function ImportActions() {
  const imp = useAppStore((s) => s.importer)
  const closeImport = useAppStore((s) => s.closeImport)
  const runImport = useAppStore((s) => s.runImport)
  const cancelReading = useAppStore((s) => s.cancelReading)
  const { t } = useTranslation()
  const zotero = imp.kind === 'zotero' ? imp.zotero : null
  const chosenItems = zotero
    ? zotero.collections.filter((c) => imp.chosen.includes(c.name)).reduce((n, c) => n + c.items, 0)
    : 0
  return (
    <footer className="dialog-actions">
      <span className="grow" />
      {imp.phase === 'ready' && (
        <button type="button" className="btn btn-primary" onClick={() => void runImport()}>
          {zotero
            ? imp.chosen.length
              ? t('import.importChosen', {
                  count: imp.chosen.length,
                  items: t('import.items', { count: chosenItems })
                })
              : t('import.importAll', { items: t('import.items', { count: zotero.items }) })
            : t('import.importFile')}
        </button>
      )}
      {imp.phase === 'importing' && imp.kind === 'bibliography' && (
        <button type="button" className="btn" onClick={() => void cancelReading()}>
          {t('import.stopReading')}
        </button>
      )}
      <button type="button" className="btn" onClick={closeImport}>
        {imp.phase === 'done' ? t('import.done') : t('import.cancel')}
      </button>
    </footer>
  )
}
