import { useEffect, useState } from 'react'
import { SETTLED_CHANGE_KINDS, type SyncStatus } from '../../../../shared/sync'
import { ErrorMessage } from '../../components/ErrorMessage'
import { formatDate, useTranslation, type TFunction } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** "3 new, 1 updated and 1 file missing" in the UI language. */
export function syncSummary(
  counts: Record<string, number>,
  t: TFunction,
  language: string
): string {
  const parts = SETTLED_CHANGE_KINDS.filter((k) => (counts[k] ?? 0) > 0).map((k) =>
    t(`settings.sync.count.${k}`, { count: counts[k] })
  )
  return parts.length
    ? new Intl.ListFormat(language, { type: 'unit' }).format(parts)
    : t('settings.sync.noChanges')
}

const when = (iso: string): string => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Settings' watched folders and Zotero link: the folders with add (folder dialog), remove and
 * polling; the Zotero data folder with its collections; pause/resume, the last sync and what it
 * changed, and Sync now.
 */
export function SyncSetup() {
  const sync = useAppStore((s) => s.sync)
  const loadSync = useAppStore((s) => s.loadSync)
  const { t, i18n } = useTranslation()

  useEffect(() => {
    void loadSync()
  }, [loadSync])

  const status = sync.status
  return (
    <section className="field sync-setup" aria-labelledby="sync-heading">
      <span className="field-label" id="sync-heading">
        {t('settings.sync.heading')}
      </span>
      <span className="field-help">{t('settings.sync.help')}</span>
      {sync.error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={sync.error} />
        </div>
      )}
      {status && !status.available && (
        <span className="field-help">
          <ErrorMessage
            error={
              status.error ?? {
                message: 'Watched folders and Zotero cannot be changed here.',
                key: 'syncUnavailable'
              }
            }
          />
        </span>
      )}
      {status && status.available && (
        <>
          <Folders status={status} />
          <Zotero status={status} />
          <LastRun status={status} language={i18n.language} />
        </>
      )}
    </section>
  )
}

function Folders({ status }: { status: SyncStatus }) {
  const busy = useAppStore((s) => s.sync.busy)
  const addWatchedFolder = useAppStore((s) => s.addWatchedFolder)
  const removeWatchedFolder = useAppStore((s) => s.removeWatchedFolder)
  const [poll, setPoll] = useState(false)
  const { t } = useTranslation()
  return (
    <div className="sync-block" aria-label={t('settings.sync.folders')} role="group">
      <span className="sync-subhead">{t('settings.sync.folders')}</span>
      {status.folders.length === 0 ? (
        <span className="field-help">{t('settings.sync.noFolders')}</span>
      ) : (
        <ul className="sync-list">
          {status.folders.map((f) => (
            <li key={f.path} className="sync-item" data-testid="watched-folder">
              <span className="sync-path" title={f.path}>
                {f.path}
              </span>
              <span className="field-help">
                {[
                  t('settings.sync.files', { count: f.files }),
                  f.missing ? t('settings.sync.missing', { count: f.missing }) : null,
                  f.poll ? t('settings.sync.polled') : null,
                  f.lastSyncAt
                    ? t('settings.sync.lastSync', { when: when(f.lastSyncAt) })
                    : t('settings.sync.never')
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <button
                type="button"
                className="btn btn-small btn-quiet"
                disabled={busy}
                aria-label={t('settings.sync.removeLabel', { path: f.path })}
                onClick={() => void removeWatchedFolder(f.path)}
              >
                {t('settings.sync.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="field-row">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => void addWatchedFolder(poll)}
        >
          {t('settings.sync.addFolder')}
        </button>
        <label className="field-check">
          <input type="checkbox" checked={poll} onChange={(e) => setPoll(e.target.checked)} />{' '}
          {t('settings.sync.poll')}
        </label>
      </span>
    </div>
  )
}

function Zotero({ status }: { status: SyncStatus }) {
  const busy = useAppStore((s) => s.sync.busy)
  const draft = useAppStore((s) => s.sync.zoteroDraft)
  const choose = useAppStore((s) => s.chooseZoteroToLink)
  const link = useAppStore((s) => s.linkZotero)
  const cancel = useAppStore((s) => s.cancelZoteroLink)
  const unlink = useAppStore((s) => s.unlinkZotero)
  const [picked, setPicked] = useState<string[]>([])
  const { t } = useTranslation()
  const z = status.zotero
  return (
    <div className="sync-block" aria-label={t('settings.sync.zotero')} role="group">
      <span className="sync-subhead">{t('settings.sync.zotero')}</span>
      {z ? (
        <>
          <span className="field-help" data-testid="zotero-link">
            {t('settings.sync.zoteroLinked', {
              dir: z.dir,
              scope: z.collections.length
                ? z.collections.join(', ')
                : t('settings.sync.wholeLibrary')
            })}{' '}
            {[
              t('settings.sync.items', { count: z.items }),
              z.trashed ? t('settings.sync.trashed', { count: z.trashed }) : null,
              z.lastSyncAt
                ? t('settings.sync.lastSync', { when: when(z.lastSyncAt) })
                : t('settings.sync.never')
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className="field-row">
            <button
              type="button"
              className="btn btn-small btn-quiet"
              disabled={busy}
              onClick={() => void unlink()}
            >
              {t('settings.sync.unlink')}
            </button>
          </span>
        </>
      ) : draft ? (
        <fieldset className="sync-collections">
          <legend className="field-help">{t('settings.sync.collections')}</legend>
          <span className="sync-path">{draft.folder}</span>
          {draft.overview.collections.map((c) => (
            <label key={c.name} className="field-check">
              <input
                type="checkbox"
                checked={picked.includes(c.name)}
                onChange={(e) =>
                  setPicked(
                    e.target.checked ? [...picked, c.name] : picked.filter((n) => n !== c.name)
                  )
                }
              />{' '}
              {c.name} <span className="muted small">({c.items})</span>
            </label>
          ))}
          <span className="field-row">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void link(picked).then(() => setPicked([]))}
            >
              {t('settings.sync.link')}
            </button>
            <button type="button" className="btn btn-quiet" onClick={cancel}>
              {t('settings.sync.cancel')}
            </button>
          </span>
        </fieldset>
      ) : (
        <>
          <span className="field-help">{t('settings.sync.zoteroNone')}</span>
          <span className="field-row">
            <button type="button" className="btn" disabled={busy} onClick={() => void choose()}>
              {t('settings.sync.linkZotero')}
            </button>
          </span>
        </>
      )}
    </div>
  )
}

function LastRun({ status, language }: { status: SyncStatus; language: string }) {
  const busy = useAppStore((s) => s.sync.busy)
  const syncNow = useAppStore((s) => s.syncNow)
  const setPaused = useAppStore((s) => s.setSyncPaused)
  // Titles as the library has them now (a new paper is titled from its text once indexed).
  const papers = useAppStore((s) => s.library.papers)
  const { t } = useTranslation()
  const nothing = !status.folders.length && !status.zotero
  const run = status.lastRun
  return (
    <div className="sync-block">
      {status.error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={status.error} />
        </div>
      )}
      {status.paused && <span className="field-help">{t('settings.sync.paused')}</span>}
      <span className="field-help" data-testid="sync-last-run" aria-live="polite">
        {status.running
          ? t('settings.sync.syncing')
          : run
            ? t('settings.sync.lastRun', {
                when: when(run.at),
                summary: syncSummary(run.counts, t, language)
              })
            : t('settings.sync.noRun')}
      </span>
      {run && run.changes.length > 0 && (
        <ul className="sync-changes">
          {run.changes.map((c, i) => (
            <li key={`${c.kind}-${c.paperId ?? c.file ?? i}`}>
              <span className={`sync-kind sync-kind-${c.kind}`}>
                {t(`settings.sync.kind.${c.kind}`, { defaultValue: c.kind })}
              </span>{' '}
              {(c.paperId && papers.find((p) => p.id === c.paperId)?.title) ?? c.title ?? c.file}
            </li>
          ))}
        </ul>
      )}
      <span className="field-row">
        <button
          type="button"
          className="btn"
          disabled={busy || nothing || status.paused || status.running}
          onClick={() => void syncNow()}
        >
          {t('settings.sync.syncNow')}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={busy || nothing}
          onClick={() => void setPaused(!status.paused)}
        >
          {status.paused ? t('settings.sync.resume') : t('settings.sync.pause')}
        </button>
      </span>
    </div>
  )
}
