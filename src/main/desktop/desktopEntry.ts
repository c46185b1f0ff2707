import { stat } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import { isResearchPalLink, parseDeepLink, type PassageLink } from '../../shared/deepLink'
import type { LibraryNotice, Paper } from '../../shared/types'
import { mainT } from '../i18n'

/** What the system handed the app: links and files, from any of its ways of doing so. */
export interface DesktopInput {
  /** A launch's command line (first start or a second instance forwarding its own). */
  argv?: string[]
  /** Where that command line was typed: relative file names resolve against it. */
  cwd?: string
  /** `open-url` (macOS). */
  urls?: string[]
  /** `open-file` (macOS), a drop on the dock icon. */
  files?: string[]
}

/** What came of one input, for the caller (and the tests) to see. */
export type DesktopOutcome =
  | { kind: 'passage'; link: PassageLink }
  | { kind: 'added'; paper: Paper; duplicate: boolean }
  | { kind: 'refused'; input: string; notice: LibraryNotice }

/** What the entry needs from the app. */
export interface DesktopEntryDeps {
  /** The paper with this id, if the library has it. */
  paper: (id: string) => Paper | undefined
  /** Adds PDFs by path with the library's own duplicate check (sha256, arXiv id). */
  addPaths: (paths: string[]) => Promise<{ paper: Paper; duplicate: boolean }[]>
  /** Tells the window to open a passage (the contract's `desktop:open` event). */
  openPassage: (link: PassageLink) => void
  /** Tells the window something went wrong (the contract's `library:notice` event). */
  notice: (notice: LibraryNotice) => void
}

/**
 * The one way links and files reach the app from the desktop: the first launch's command line, a
 * second launch forwarded by the single-instance lock, macOS's `open-url` and `open-file`.
 * @remarks Electron's handlers only pass their arguments here, and the tests call the same method
 * with the same arguments. A passage waits until the window says it is ready (a link that
 * started the app arrives before the page can listen); files are added at once. Flags and
 * anything that is neither a link nor an existing `.pdf` file are ignored, so Chromium's and
 * Playwright's own switches pass through harmlessly.
 */
export class DesktopEntry {
  private pending: PassageLink[] = []
  private windowReady = false

  constructor(private readonly deps: DesktopEntryDeps) {}

  /** Handles everything in `input`; one bad item never stops the others. */
  async handle(input: DesktopInput): Promise<DesktopOutcome[]> {
    const links = [...(input.urls ?? [])]
    const files = [...(input.files ?? []).map((f) => resolve(input.cwd ?? '.', f))]
    for (const arg of input.argv ?? []) {
      if (isResearchPalLink(arg)) links.push(arg)
      else if (!arg.startsWith('-') && extname(arg).toLowerCase() === '.pdf') {
        const path = resolve(input.cwd ?? '.', arg)
        if (await isFile(path)) files.push(path)
      }
    }
    const out: DesktopOutcome[] = []
    for (const text of links) out.push(this.openLink(text))
    if (files.length > 0) out.push(...(await this.addFiles(files)))
    return out
  }

  /** The window can now open passages: the ones that came before are returned and dropped. */
  ready(): PassageLink[] {
    this.windowReady = true
    const queued = this.pending
    this.pending = []
    return queued
  }

  private openLink(text: string): DesktopOutcome {
    const parsed = parseDeepLink(text)
    if (!parsed.ok) return this.refuse(text, 'linkInvalid', { link: text.slice(0, 200) })
    const { link } = parsed
    if (!this.deps.paper(link.paperId)) {
      return this.refuse(text, 'linkPaperMissing', { paperId: link.paperId })
    }
    if (this.windowReady) this.deps.openPassage(link)
    else this.pending.push(link)
    return { kind: 'passage', link }
  }

  private async addFiles(paths: string[]): Promise<DesktopOutcome[]> {
    try {
      const added = await this.deps.addPaths(paths)
      return added.map((a) => ({ kind: 'added', paper: a.paper, duplicate: a.duplicate }))
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e)
      return [this.refuse(paths.join(', '), 'openFileFailed', { detail })]
    }
  }

  private refuse(
    input: string,
    key: string,
    params: Record<string, string>
  ): Extract<DesktopOutcome, { kind: 'refused' }> {
    const notice: LibraryNotice = {
      level: 'warning',
      message: mainT('en')(`errors.${key}`, params),
      paperId: params.paperId ?? null,
      key,
      params
    }
    this.deps.notice(notice)
    return { kind: 'refused', input, notice }
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false
}
