import { useEffect } from 'react'
import type { AppStore } from '../store/createAppStore'
import { ZOOM_STEP } from '../features/viewer/ViewerToolbar'

/** What the window-wide shortcuts act on besides the store. */
export interface ShortcutTargets {
  /** Shows the library (drawer or tab) and focuses its first field. */
  focusLibrary: () => void
  /** Shows the chat and focuses the question box. */
  focusQuestion: () => void
  /** Closes an open drawer; true when there was one. */
  closeDrawer: () => boolean
}

/** Focuses the question box (after the pane holding it is shown). */
export function focusQuestionBox(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('.composer textarea')?.focus())
}

/** Focuses the library's search field, or its first control. */
export function focusLibraryField(): void {
  requestAnimationFrame(() => {
    const library = document.querySelector<HTMLElement>('.library')
    const field =
      library?.querySelector<HTMLElement>('input[type="search"]') ??
      library?.querySelector<HTMLElement>('input, button')
    field?.focus()
  })
}

/** True when a key pressed there is typing (a text field, a text area, an editable region). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.closest !== 'function') return false
  return (
    el.isContentEditable || el.closest('textarea, input:not([type="checkbox"]), select') !== null
  )
}

/** Opens the conversation above (-1) or below (+1) the open one in the list, if there is one. */
function stepThread(store: AppStore, by: -1 | 1): void {
  const s = store.getState()
  if (s.chat.turns.some((t) => t.status === 'running')) return
  const list = s.threads.list
  const at = list.findIndex((t) => t.id === s.threads.current?.id)
  const next = at < 0 ? (by > 0 ? list[0] : undefined) : list[at + by]
  if (next) void s.openThread(next.id)
}

/**
 * A way to find a control again after the layout redraws it (closing the viewer changes the
 * window's panes): its tag, its data attributes and label, its text, and the turn it is in.
 */
function controlFinder(el: HTMLElement): () => HTMLElement | null {
  const attrs = [...el.attributes].filter(
    (a) => a.name.startsWith('data-') || a.name === 'aria-label'
  )
  const selector =
    el.tagName.toLowerCase() + attrs.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join('')
  const turn = el.closest('[data-request-id]')?.getAttribute('data-request-id') ?? null
  const text = el.textContent
  return () => {
    if (el.isConnected) return el
    const same = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (c) => c.textContent === text && !c.closest('[inert]')
    )
    return (
      same.find((c) => c.closest('[data-request-id]')?.getAttribute('data-request-id') === turn) ??
      same[0] ??
      null
    )
  }
}

/**
 * Gives focus back to what opened the paper (a citation chip, a source, a library row) when
 * the viewer closes, rather than leaving it on the page's body.
 */
function useFocusReturn(store: AppStore): void {
  useEffect(() => {
    let opener: (() => HTMLElement | null) | null = null
    return store.subscribe((s, prev) => {
      const opened =
        s.viewer.open && (!prev.viewer.open || s.viewer.navNonce !== prev.viewer.navNonce)
      if (opened) {
        const active = document.activeElement as HTMLElement | null
        if (active && active !== document.body && !active.closest('.viewer'))
          opener = controlFinder(active)
      } else if (prev.viewer.open && !s.viewer.open) {
        const back = opener
        opener = null
        requestAnimationFrame(() => {
          const now = document.activeElement
          const lost =
            !now || now === document.body || !now.isConnected || now.closest('.viewer') !== null
          if (!lost) return
          const control = back?.()
          if (control) control.focus()
          else focusQuestionBox()
        })
      }
    })
  }, [store])
}

/**
 * The window's keyboard shortcuts: Ctrl/Cmd+K library search, Ctrl/Cmd+L question box,
 * Ctrl/Cmd+Shift+O a new conversation, Alt+↑/↓ the previous/next conversation (not while
 * typing), and while a paper is open Ctrl/Cmd+F find, Ctrl/Cmd +/−/0 zoom, Alt+←/→ back and
 * forward, and Escape (closes the drawer, then find, then the viewer, giving focus back to the
 * citation that opened it). "?" and Ctrl/Cmd+/ (the list of shortcuts) are ShortcutsHelp's.
 */
export function useShortcuts(store: AppStore, targets: ShortcutTargets): void {
  useFocusReturn(store)
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent): void => {
      const s = store.getState()
      if (s.settings.open) return
      const mod = e.ctrlKey || e.metaKey
      const key = e.key.toLowerCase()
      const viewer = s.viewer.open
      let handled = true
      if (mod && key === 'k') targets.focusLibrary()
      else if (mod && key === 'l') targets.focusQuestion()
      else if (mod && e.shiftKey && key === 'o') {
        if (s.chat.turns.some((t) => t.status === 'running')) return
        s.newThread()
        targets.focusQuestion()
      } else if (e.altKey && !isTyping(e.target) && (e.key === 'ArrowUp' || e.key === 'ArrowDown'))
        stepThread(store, e.key === 'ArrowUp' ? -1 : 1)
      else if (viewer && mod && key === 'f') {
        s.setFind({ open: true })
        requestAnimationFrame(() =>
          document.querySelector<HTMLInputElement>('.find-input')?.select()
        )
      } else if (viewer && mod && (key === '+' || key === '='))
        s.setZoom(s.viewer.scale * ZOOM_STEP)
      else if (viewer && mod && key === '-') s.setZoom(s.viewer.scale / ZOOM_STEP)
      else if (viewer && mod && key === '0') s.setZoom('fit')
      else if (viewer && e.altKey && e.key === 'ArrowLeft') s.goBack()
      else if (viewer && e.altKey && e.key === 'ArrowRight') s.goForward()
      else if (e.key === 'Escape') {
        if (targets.closeDrawer()) return e.preventDefault()
        if (s.viewer.find.open) s.setFind({ open: false })
        else if (viewer) s.closeViewer()
        else handled = false
      } else handled = false
      if (handled) e.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [store, targets])
}
