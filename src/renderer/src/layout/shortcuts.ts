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

/**
 * The window's keyboard shortcuts: Ctrl/Cmd+K library search, Ctrl/Cmd+L question box, and
 * while a paper is open Ctrl/Cmd+F find, Ctrl/Cmd +/−/0 zoom, Alt+←/→ back and forward, and
 * Escape (closes the drawer, then find, then the viewer).
 */
export function useShortcuts(store: AppStore, targets: ShortcutTargets): void {
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
