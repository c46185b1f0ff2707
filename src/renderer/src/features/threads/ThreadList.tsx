import { useEffect, type KeyboardEvent } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ThreadRow } from './ThreadRow'

/** ↑/↓ (and Home/End) move between the conversations' rows, as in a list box. */
function rowKeys(e: KeyboardEvent<HTMLUListElement>): void {
  const rows = [...e.currentTarget.querySelectorAll<HTMLElement>('.thread-main')]
  const at = rows.indexOf(document.activeElement as HTMLElement)
  if (at < 0) return
  const moves: Record<string, number> = {
    ArrowDown: at + 1,
    ArrowUp: at - 1,
    Home: 0,
    End: rows.length - 1
  }
  const to = moves[e.key]
  if (to === undefined || !rows[to]) return
  e.preventDefault()
  rows[to].focus()
}

/** How the conversation list is shown beside the conversation. */
export interface ThreadListProps {
  /** Folded to a rail (a toggle and "new conversation"), so the answer keeps its width. */
  folded: boolean
  /** Unfolded over the conversation rather than beside it (while a paper is open). */
  overlay: boolean
  onToggle: () => void
}

/**
 * The conversations: new, search, open, rename, delete with undo; newest first. Folds to a rail
 * while a paper is open beside the chat.
 */
export function ThreadList({ folded, overlay, onToggle }: ThreadListProps) {
  const list = useAppStore((s) => s.threads.list)
  const currentId = useAppStore((s) => s.threads.current?.id ?? null)
  const query = useAppStore((s) => s.threads.query)
  const deleted = useAppStore((s) => s.threads.deleted)
  const damaged = useAppStore((s) => s.threads.damaged)
  const loadThreads = useAppStore((s) => s.loadThreads)
  const setQuery = useAppStore((s) => s.setThreadQuery)
  const newThread = useAppStore((s) => s.newThread)
  const undo = useAppStore((s) => s.undoDeleteThread)
  const dismiss = useAppStore((s) => s.dismissThreadNotice)
  const running = useAppStore((s) => s.chat.turns.some((t) => t.status === 'running'))
  const { t } = useTranslation()
  useEffect(() => {
    void loadThreads()
  }, [loadThreads])
  useEffect(() => {
    if (!deleted) return
    const timer = setTimeout(dismiss, 10_000)
    return () => clearTimeout(timer)
  }, [deleted, dismiss])

  const toggle = (
    <button
      type="button"
      className="btn btn-small btn-quiet threads-toggle"
      aria-expanded={!folded}
      aria-controls={folded ? undefined : 'thread-list'}
      title={folded ? t('threads.show') : t('threads.hide')}
      aria-label={folded ? t('threads.show') : t('threads.hide')}
      onClick={onToggle}
    >
      {folded ? '»' : '«'}
    </button>
  )
  if (folded)
    return (
      <nav className="threads threads-rail" aria-label={t('threads.label')}>
        {toggle}
        <button
          type="button"
          className="btn btn-small btn-quiet threads-rail-new"
          title={t('threads.new')}
          aria-label={t('threads.new')}
          disabled={running}
          onClick={() => newThread()}
        >
          +
        </button>
      </nav>
    )

  return (
    <nav
      className={`threads${overlay ? ' threads-overlay' : ''}`}
      aria-label={t('threads.label')}
      onKeyDown={(e) => {
        if (overlay && e.key === 'Escape') {
          e.stopPropagation()
          onToggle()
        }
      }}
    >
      <div className="threads-head">
        <span className="threads-head-row">
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={running}
            onClick={() => newThread()}
          >
            {t('threads.new')}
          </button>
          {toggle}
        </span>
        <input
          type="search"
          className="threads-search"
          aria-label={t('threads.search')}
          placeholder={t('threads.search')}
          value={query}
          onChange={(e) => void setQuery(e.target.value)}
        />
      </div>
      {deleted && (
        <div className="notice thread-undo" role="status">
          <span className="notice-message">
            {t('threads.deleted', { title: deleted.title || t('threads.untitled') })}
          </span>
          <button type="button" className="btn btn-small" onClick={() => void undo()}>
            {t('threads.undo')}
          </button>
        </div>
      )}
      {damaged.length > 0 && (
        <div className="notice notice-warn" role="alert">
          <div className="notice-message">
            {t('threads.damaged', {
              count: damaged.length,
              dir: damaged[0]!.movedTo.replace(/[^/\\]*$/, '')
            })}
          </div>
        </div>
      )}
      <ul className="thread-list" id="thread-list" onKeyDown={rowKeys}>
        {list.map((t) => (
          <ThreadRow key={t.id} thread={t} open={t.id === currentId} />
        ))}
      </ul>
      {list.length === 0 && (
        <p className="muted small threads-empty">
          {query ? t('threads.noMatch') : t('threads.empty')}
        </p>
      )}
    </nav>
  )
}
