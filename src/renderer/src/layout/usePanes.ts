import { useEffect, useMemo, useRef, useState } from 'react'
import type { AppStore } from '../store/createAppStore'
import { layoutMode, type LayoutMode } from './layoutMode'
import {
  focusLibraryField,
  focusQuestionBox,
  useShortcuts,
  type ShortcutTargets
} from './shortcuts'

/** The pane shown when the window is narrow enough for one pane at a time. */
export type Tab = 'library' | 'chat' | 'viewer'

/** Which panes show in a layout: the library drawer, and the tab when one pane shows at a time. */
export interface Panes {
  drawerOpen: boolean
  setDrawerOpen: (open: boolean | ((open: boolean) => boolean)) => void
  tab: Tab
  setTab: (tab: Tab) => void
  /** What the window-wide shortcuts act on. */
  targets: ShortcutTargets
}

/**
 * The drawer and the tab of the window's `mode`, following the viewer (opening a paper shows
 * it) and the shortcuts (Ctrl/Cmd+K, Ctrl/Cmd+L, Escape).
 */
export function usePanes(
  store: AppStore,
  mode: LayoutMode,
  viewerOpen: boolean,
  navNonce: number
): Panes {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [tab, setTab] = useState<Tab>('chat')
  // Escape closes the library first: the drawer, or (one pane at a time) the library's tab.
  // Ctrl/Cmd+K shows the library the way this layout shows it: beside, as the drawer, or as
  // its tab (never leaving a tab chosen for a later, narrower layout).
  const escapeRef = useRef<() => boolean>(() => false)
  const showLibraryRef = useRef<() => void>(() => undefined)
  useEffect(() => {
    showLibraryRef.current = () => {
      // The layout of the window as it is now: a key pressed just after a resize, before the
      // resize has been drawn, shows the library in the new layout (the drawer opened for the
      // old one would stay hidden behind the tabs).
      const now = layoutMode(window.innerWidth, viewerOpen)
      if (now === 'medium') setDrawerOpen(true)
      if (now === 'narrow') setTab('library')
    }
    escapeRef.current = () => {
      if (mode === 'narrow' && tab === 'library') {
        setTab(viewerOpen ? 'viewer' : 'chat')
        return true
      }
      if (mode !== 'medium' || !drawerOpen) return false
      setDrawerOpen(false)
      return true
    }
  }, [mode, tab, drawerOpen, viewerOpen])

  // Opening a paper (from a chip or the library) shows it: the drawer closes, the tab switches.
  const [seen, setSeen] = useState({ open: viewerOpen, nonce: navNonce })
  if (seen.open !== viewerOpen || seen.nonce !== navNonce) {
    setSeen({ open: viewerOpen, nonce: navNonce })
    if (viewerOpen) {
      setDrawerOpen(false)
      setTab('viewer')
    } else if (tab === 'viewer') setTab('chat')
  }

  const targets = useMemo(
    () => ({
      focusLibrary: () => {
        showLibraryRef.current()
        focusLibraryField()
      },
      focusQuestion: () => {
        setTab('chat')
        focusQuestionBox()
      },
      closeDrawer: () => escapeRef.current()
    }),
    []
  )
  useShortcuts(store, targets)
  return { drawerOpen, setDrawerOpen, tab, setTab, targets }
}
