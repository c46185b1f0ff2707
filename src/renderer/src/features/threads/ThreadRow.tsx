import { useState, type KeyboardEvent } from 'react'
import type { ThreadSummary } from '../../../../shared/threads'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { usePopover } from '../../components/usePopover'
import { when } from './when'

/** Moves focus among a menu's items with the arrow keys, Home and End. */
function menuKeys(e: KeyboardEvent<HTMLElement>): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')]
  const at = items.indexOf(document.activeElement as HTMLElement)
  const next =
    e.key === 'ArrowDown'
      ? (at + 1) % items.length
      : e.key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? items.length - 1
            : -1
  if (next < 0) return
  e.preventDefault()
  items[next]?.focus()
}

/** One conversation of the list: the whole row opens it; ⋯ holds rename and delete. */
export function ThreadRow({ thread, open }: { thread: ThreadSummary; open: boolean }) {
  const openThread = useAppStore((s) => s.openThread)
  const renameThread = useAppStore((s) => s.renameThread)
  const deleteThread = useAppStore((s) => s.deleteThread)
  const [editing, setEditing] = useState(false)
  // The list scrolls, so the menu is placed in the window (fixed, right-aligned under its ⋯
  // button) where the list would cut it off.
  const [menuAt, setMenuAt] = useState<{ top: number; left: number } | null>(null)
  const menu = menuAt !== null
  const setMenu = (open: boolean, trigger?: HTMLElement): void => {
    const box = trigger?.getBoundingClientRect()
    setMenuAt(open && box ? { top: box.bottom + 4, left: box.right } : null)
  }
  const [title, setTitle] = useState(thread.title)
  const { wrap, popover } = usePopover(menu, () => setMenu(false))
  const { t } = useTranslation()
  const label = thread.title || thread.lastQuestion || t('threads.untitled')

  const save = (): void => {
    setEditing(false)
    if (title.trim() && title.trim() !== thread.title) void renameThread(thread.id, title.trim())
  }
  const startRename = (): void => {
    setMenu(false)
    setTitle(thread.title || label)
    setEditing(true)
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
              e.stopPropagation()
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
          onKeyDown={(e) => {
            if (e.key === 'F2') {
              e.preventDefault()
              startRename()
            } else if (e.key === 'Delete') {
              e.preventDefault()
              void deleteThread(thread.id)
            }
          }}
        >
          <span className="thread-title">{label}</span>
          <span className="thread-meta">
            {when(thread.updatedAt, t)} · {t('threads.questions', { count: thread.turnCount })}
            {thread.scope ? ` · ${t('threads.papers', { count: thread.scope.length })}` : ''}
          </span>
        </button>
      )}
      <span className={`thread-actions${menu ? ' open' : ''}`} ref={wrap}>
        <button
          type="button"
          className="btn btn-small btn-quiet thread-more"
          aria-label={t('threads.moreLabel', { title: label })}
          title={t('threads.more')}
          aria-haspopup="menu"
          aria-expanded={menu}
          onClick={(e) => setMenu(!menu, e.currentTarget)}
        >
          ⋯
        </button>
        {menu && (
          <div
            ref={popover}
            className="popover thread-menu"
            role="menu"
            style={menuAt ?? undefined}
            aria-label={t('threads.moreLabel', { title: label })}
            onKeyDown={menuKeys}
          >
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              autoFocus
              onClick={startRename}
            >
              {t('threads.rename')}
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu-item menu-item-danger"
              onClick={() => {
                setMenu(false)
                void deleteThread(thread.id)
              }}
            >
              {t('threads.delete')}
            </button>
          </div>
        )}
      </span>
    </li>
  )
}
