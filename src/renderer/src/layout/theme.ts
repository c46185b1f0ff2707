import { useEffect, useState } from 'react'

/** The colour theme: the system's (prefers-color-scheme), or light or dark chosen by hand. */
export type Theme = 'system' | 'light' | 'dark'

const THEME_KEY = 'researchpal.theme'
const THEMES: readonly Theme[] = ['system', 'light', 'dark']

/** The remembered theme, and a setter that applies it to `<html data-theme>` and keeps it. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => {
    const stored = localStorage.getItem(THEME_KEY) as Theme | null
    return stored && THEMES.includes(stored) ? stored : 'system'
  })
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
