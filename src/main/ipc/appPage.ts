/**
 * Which page is the app's own: the renderer ResearchPal loads, and nothing else.
 * @remarks Pure (no Electron import) so the rules are tested; src/main/index.ts applies them to
 * IPC senders and permission requests. In development the page is served by the electron-vite
 * dev server (`ELECTRON_RENDERER_URL`), so its origin is the app; in a packaged app it is one
 * exact `file:` URL, because any `file://` page (a downloaded HTML file the window was somehow
 * sent to) is not the app.
 */
export interface AppPage {
  /** The URL the window loads: the dev server's, or the packaged `index.html` as a file URL. */
  url: string
}

/** The permissions the app's own page uses: writing copied answers to the clipboard. */
const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

function parse(url: string | null | undefined): URL | null {
  if (!url) return null
  try {
    return new URL(url)
  } catch {
    return null
  }
}

// Chromium and Node escape a file path differently (`;`, `~`, non-ASCII), so paths are compared
// decoded; a path that does not decode is compared as it is.
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname)
  } catch {
    return url.pathname
  }
}

/**
 * True when `frameUrl` is the app's page: the same origin as the dev server, or exactly the
 * packaged file (a query or `#fragment` aside). An empty, missing or unparsable URL is false.
 */
export function isAppPageUrl(frameUrl: string | null | undefined, page: AppPage): boolean {
  const actual = parse(frameUrl)
  const expected = parse(page.url)
  if (!actual || !expected) return false
  if (expected.protocol === 'file:') {
    return (
      actual.protocol === 'file:' &&
      actual.host === '' &&
      decodedPath(actual) === decodedPath(expected)
    )
  }
  return actual.origin !== 'null' && actual.origin === expected.origin
}

/** The part of a sending frame the check needs (Electron's `WebFrameMain`). */
export interface SenderFrame {
  url: string
  parent: unknown
}

/**
 * True for an IPC call from the app's page in the window's top frame.
 * @remarks A null frame (it navigated away or was destroyed) and any iframe are refused.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, page: AppPage): boolean {
  if (!frame || frame.parent) return false
  return isAppPageUrl(frame.url, page)
}

/**
 * Whether a web permission (camera, notifications, geolocation, ...) is granted: only the few
 * the app's own page uses, and only to it; everything else is denied.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | null | undefined,
  page: AppPage
): boolean {
  return APP_PERMISSIONS.has(permission) && isAppPageUrl(requestingUrl, page)
}
