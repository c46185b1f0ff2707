import { useEffect, useSyncExternalStore } from 'react'

/** The colour theme: the system's (prefers-color-scheme), or light or dark chosen by hand. */
export type Theme = 'system' | 'light' | 'dark'

const THEME_KEY = 'researchpal.theme'
/** The themes, in the order the top bar's button cycles through them. */
export const THEMES: readonly Theme[] = ['system', 'light', 'dark']

function stored(): Theme {
  const value = globalThis.localStorage?.getItem(THEME_KEY) as Theme | null
  return value && THEMES.includes(value) ? value : 'system'
}

// One theme for the window: the top bar's button and the Settings field show and set the same.
let current: Theme = stored()
const listeners = new Set<() => void>()

function setTheme(theme: Theme): void {
  if (theme === current) return
  current = theme
  for (const l of listeners) l()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The remembered theme, and a setter that applies it to `<html data-theme>` and keeps it. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, () => current)
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme')
    else document.documentElement.dataset.theme = theme
    localStorage.setItem(THEME_KEY, theme)
  }, [theme])
  return [theme, setTheme]
}

/** The theme after `theme` in the cycle system → light → dark. */
export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!
}
