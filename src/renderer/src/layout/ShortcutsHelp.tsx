import { useEffect, useState } from 'react'
import { useTranslation } from '../i18n'
import { useModal } from '../features/library/useModal'
import { isTyping } from './shortcuts'

/** "Ctrl", or "⌘" on a Mac, as the keys are written in the list. */
const MOD = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'

/** The list, by where each shortcut works: [keys, catalog key of what it does]. */
const GROUPS = [
  {
    name: 'shortcuts.groupWindow',
    rows: [
      [`${MOD}+K`, 'shortcuts.library'],
      [`${MOD}+L`, 'shortcuts.question'],
      [`?  ·  ${MOD}+/`, 'shortcuts.help']
    ]
  },
  {
    name: 'shortcuts.groupThreads',
    rows: [
      [`${MOD}+Shift+O`, 'shortcuts.newThread'],
      ['Alt+↑  ·  Alt+↓', 'shortcuts.prevNextThread'],
      ['↑  ·  ↓  ·  Home  ·  End', 'shortcuts.listMove'],
      ['F2', 'shortcuts.rename'],
      ['Delete', 'shortcuts.delete']
    ]
  },
  {
    name: 'shortcuts.groupViewer',
    rows: [
      [`${MOD}+F`, 'shortcuts.find'],
      [`${MOD}++  ·  ${MOD}+−  ·  ${MOD}+0`, 'shortcuts.zoom'],
      ['Alt+←  ·  Alt+→', 'shortcuts.backForward'],
      ['Esc', 'shortcuts.escape']
    ]
  }
] as const

/**
 * The keyboard shortcuts, listed in a sheet: opened from the top bar's button, by "?" when not
 * typing, or by Ctrl/Cmd+/ anywhere.
 */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false)
  const ref = useModal(open)
  const { t } = useTranslation()
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const mod = e.ctrlKey || e.metaKey
      if ((mod && e.key === '/') || (e.key === '?' && !mod && !isTyping(e.target))) {
        e.preventDefault()
        setOpen((was) => !was)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-quiet shortcuts-button"
        title={t('shortcuts.button')}
        aria-label={t('shortcuts.button')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        ⌨
      </button>
      <dialog
        ref={ref}
        className="settings shortcuts-sheet"
        aria-labelledby="shortcuts-title"
        onClose={() => setOpen(false)}
        onKeyDown={(e) => {
          // The dialog closes itself on Escape; the window's Escape (closing the paper) must not
          // also run.
          if (e.key === 'Escape') e.stopPropagation()
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false)
        }}
      >
        {open && (
          <div className="settings-body">
            <header className="settings-header">
              <h2 id="shortcuts-title">{t('shortcuts.title')}</h2>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('shortcuts.close')}
                onClick={() => setOpen(false)}
              >
                ×
              </button>
            </header>
            {GROUPS.map((group) => (
              <section key={group.name} className="shortcuts-group">
                <h3>{t(group.name)}</h3>
                <dl>
                  {group.rows.map(([keys, what]) => (
                    <div key={what} className="shortcuts-row">
                      <dt>
                        <kbd>{keys}</kbd>
                      </dt>
                      <dd>{t(what)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
            <p className="small muted">{t('shortcuts.hint', { mod: MOD })}</p>
          </div>
        )}
      </dialog>
    </>
  )
}
