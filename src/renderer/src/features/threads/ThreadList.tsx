import { useEffect, useState } from 'react'
import type { ThreadSummary } from '../../../../shared/threads'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { when } from './when'

function ThreadItem({ thread, open }: { thread: ThreadSummary; open: boolean }) {
  const openThread = useAppStore((s) => s.openThread)
  const renameThread = useAppStore((s) => s.renameThread)
  const deleteThread = useAppStore((s) => s.deleteThread)
  const [editing, setEditing] = useState(false)
  const [title, setTitle] = useState(thread.title)
  const { t } = useTranslation()
  const label = thread.title || thread.lastQuestion || t('threads.untitled')
  const save = (): void => {
    setEditing(false)
    if (title.trim() && title.trim() !== thread.title) void renameThread(thread.id, title.trim())
  }
  return (
    <li className={`thread-item${open ? ' open' : ''}`} data-thread-id={thread.id}>
      {editing ? (
        <input
          className="thread-rename"
          aria-label={t('threads.titleLabel')}
          value={title}
          autoFocus
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save()
            if (e.key === 'Escape') {
              setTitle(thread.title)
              setEditing(false)
            }
          }}
        />
      ) : (
        <button
          type="button"
          className="thread-main"
          aria-current={open || undefined}
          onClick={() => void openThread(thread.id)}
        >
          <span className="thread-title">{label}</span>
          <span className="thread-meta">
            {when(thread.updatedAt, t)} · {t('threads.questions', { count: thread.turnCount })}
            {thread.scope ? ` · ${t('threads.papers', { count: thread.scope.length })}` : ''}
          </span>
        </button>
      )}
      <span className="thread-actions">
        <button
          type="button"
          className="btn btn-small btn-quiet"
          aria-label={t('threads.renameLabel', { title: label })}
          onClick={() => {
            setTitle(thread.title || label)
            setEditing(true)
          }}
        >
          {t('threads.rename')}
        </button>
        <button
          type="button"
          className="btn btn-small btn-quiet"
          aria-label={t('threads.deleteLabel', { title: label })}
          onClick={() => void deleteThread(thread.id)}
        >
          {t('threads.delete')}
        </button>
      </span>
    </li>
  )
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
      <ul className="thread-list" id="thread-list">
        {list.map((t) => (
          <ThreadItem key={t.id} thread={t} open={t.id === currentId} />
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
