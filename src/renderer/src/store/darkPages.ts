/** Where the viewer's dark reading mode is kept between restarts. */
export const DARK_PAGES_KEY = 'researchpal.darkPages'
/** The stored format's version: `{ v: 1, dark }` as JSON. */
const DARK_PAGES_VERSION = 1

/**
 * Whether pages were last read dark; light (the PDF as printed) when nothing, or something
 * unreadable, is stored.
 */
export function loadDarkPages(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage
): boolean {
  try {
    const v: unknown = JSON.parse(storage?.getItem(DARK_PAGES_KEY) ?? 'null')
    if (!v || typeof v !== 'object') return false
    const { v: version, dark } = v as Record<string, unknown>
    return version === DARK_PAGES_VERSION && dark === true
  } catch {
    return false
  }
}

/** Remembers the reading mode for the next launch. */
export function saveDarkPages(
  dark: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage
): void {
  try {
    storage?.setItem(DARK_PAGES_KEY, JSON.stringify({ v: DARK_PAGES_VERSION, dark }))
  } catch {
    // Storage can be unavailable; the mode then lasts until the window closes.
  }
}
