import type { Paper } from '../../../../shared/types'
import type { TFunction } from '../../i18n'
import { useTranslation } from '../../i18n'

/** "Synced from /path/file.pdf" or "Synced from Zotero: Retrieval"; null when not synced. */
export function syncSourceLine(paper: Paper, t: TFunction): string | null {
  const origin = paper.syncOrigin
  if (!origin) return null
  return origin === 'Zotero' || origin.startsWith('Zotero: ')
    ? t('paper.syncedFromZotero', { origin })
    : t('paper.syncedFrom', { path: origin })
}

/** What the flag says and what to do: the file is gone, or the item is in Zotero's trash. */
function flagTexts(paper: Paper, t: TFunction): { label: string; hint: string } | null {
  if (paper.syncFlag === 'fileMissing')
    return { label: t('paper.fileMissing'), hint: t('paper.fileMissingHint') }
  if (paper.syncFlag === 'zoteroTrash')
    return { label: t('paper.zoteroTrash'), hint: t('paper.zoteroTrashHint') }
  return null
}

/** The row's small mark when a synced paper's source went away (its hint on hover). */
export function SyncFlag({ paper }: { paper: Paper }) {
  const { t } = useTranslation()
  const flag = flagTexts(paper, t)
  if (!flag) return null
  return (
    <span className="paper-sync-flag" title={flag.hint} data-testid="sync-flag">
      {flag.label}
    </span>
  )
}

/** The details view's line: where the paper is synced from, and the flag with what to do. */
export function SyncSourceDetails({ paper }: { paper: Paper }) {
  const { t } = useTranslation()
  const line = syncSourceLine(paper, t)
  const flag = flagTexts(paper, t)
  if (!line && !flag) return null
  return (
    <p className="paper-sync" data-testid="sync-source">
      {line}
      {flag && (
        <>
          {' '}
          <span className="paper-sync-flag">{flag.label}</span> {flag.hint}
        </>
      )}
    </p>
  )
}
