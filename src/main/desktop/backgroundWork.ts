import { basename } from 'node:path'
import type { FolderImportStatus } from '../../shared/folderImport'
import type { UiLanguage } from '../../shared/types'
import { mainT } from '../i18n'

/** What the tray (menu-bar icon on macOS) shows: a tooltip, the progress line and two items. */
export interface TrayModel {
  tooltip: string
  /** The import's progress or result, from its own events; shown as a disabled first item. */
  status: string
  /** Short progress for the macOS menu bar next to the icon (`12/40`); empty when done. */
  title: string
  items: { id: 'show' | 'quit'; label: string }[]
}

/** What {@link BackgroundWork} drives: the Electron tray, or a recording fake in the tests. */
export interface TrayView {
  /** Shows the icon with this model, or updates it if shown. */
  show(model: TrayModel): void
  hide(): void
}

/** The import question asked before quitting while an import is running. */
export interface QuitQuestion {
  title: string
  message: string
  detail: string
  quit: string
  keep: string
}

/** What {@link BackgroundWork} needs from the app. */
export interface BackgroundWorkDeps {
  platform: NodeJS.Platform
  language: () => UiLanguage
  view: TrayView
}

/** True while an import still has work to do (running or finishing the papers in flight). */
export function importBusy(status: FolderImportStatus | null): boolean {
  return status?.state === 'running' || status?.state === 'pausing'
}

/** The tray's model for an import's status (null: no import this session). */
export function trayModel(status: FolderImportStatus | null, language: UiLanguage): TrayModel {
  const t = mainT(language)
  const settled = status ? status.indexed + status.duplicates + status.failed : 0
  const params = {
    folder: status ? basename(status.folder) || status.folder : '',
    settled,
    total: status?.total ?? 0,
    indexed: status?.indexed ?? 0,
    duplicates: status?.duplicates ?? 0,
    failed: status?.failed ?? 0
  }
  const text = status ? t(`tray.${status.state}`, params) : t('tray.tooltip')
  return {
    tooltip: status ? `${t('tray.tooltip')}: ${text}` : t('tray.tooltip'),
    status: text,
    title: importBusy(status) ? `${settled}/${params.total}` : '',
    items: [
      { id: 'show', label: t('tray.show') },
      { id: 'quit', label: t('tray.quit') }
    ]
  }
}

/**
 * Keeps a folder import running when the window closes, with a tray icon showing its progress.
 * @remarks The decisions are here, in plain Node, and src/main/desktop/electronTray.ts only
 * draws them. Closing the last window while an import is running keeps the app running with the
 * icon (on every platform; on macOS it is a menu-bar icon beside the dock's). With nothing running
 * the app does what its platform expects: it quits on Windows and Linux, and stays in the dock
 * with no icon on macOS. Once shown, the icon stays until the window is back or the app quits, so
 * an import that ends with the window closed still shows its result. Quitting while an import is
 * running asks first; the import's manifest keeps it `running`, so the next start resumes it.
 */
export class BackgroundWork {
  private status: FolderImportStatus | null = null
  private trayShown = false
  private windowOpen = true

  constructor(private readonly deps: BackgroundWorkDeps) {}

  /** A status from the import's own events (`import:progress`). */
  progress(status: FolderImportStatus): void {
    this.status = status
    if (this.trayShown) this.deps.view.show(this.model())
  }

  /** The last window closed: whether the app quits now (`quit`) or keeps running (`stay`). */
  allWindowsClosed(): 'quit' | 'stay' {
    this.windowOpen = false
    if (importBusy(this.status)) {
      this.trayShown = true
      this.deps.view.show(this.model())
      return 'stay'
    }
    return this.deps.platform === 'darwin' ? 'stay' : 'quit'
  }

  /** A window is open again (from the tray, the dock, a second launch): the icon goes. */
  windowShown(): void {
    this.windowOpen = true
    if (!this.trayShown) return
    this.trayShown = false
    this.deps.view.hide()
  }

  /** Whether the window is open (the tray's "Show window" opens one when it is not). */
  hasWindow(): boolean {
    return this.windowOpen
  }

  /**
   * The question to ask before quitting, or null to quit at once (no import running, or the
   * person already said to quit).
   */
  quitQuestion(): QuitQuestion | null {
    const s = this.status
    if (!s || !importBusy(s)) return null
    const t = mainT(this.deps.language())
    const params = {
      folder: basename(s.folder) || s.folder,
      settled: s.indexed + s.duplicates + s.failed,
      total: s.total
    }
    return {
      title: t('quitDuringImport.title'),
      message: t('quitDuringImport.message', params),
      detail: t('quitDuringImport.detail'),
      quit: t('quitDuringImport.quit'),
      keep: t('quitDuringImport.keep')
    }
  }

  /** What the tray shows now. */
  model(): TrayModel {
    return trayModel(this.status, this.deps.language())
  }
}
