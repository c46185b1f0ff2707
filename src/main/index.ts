import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, dialog, session, shell, type WebFrameMain } from 'electron'
import { isPermissionAllowed, isTrustedSender, type AppPage } from './ipc/appPage'
import { registerIpc } from './ipc/electronAdapter'
import { runCli } from './cli/runCli'
import { lastResortText } from './cli/diagnostics'
import { CLI_FLAG, currentCliLaunch } from './mcp/mcpConfig'
import { createServices, type Services } from './services'
import { SafeStorageSecretStore } from './settings/safeStorageSecrets'
import { dataPaths } from './paths'
import { writeFileAtomic } from './atomicWrite'
import { DesktopEvents } from './desktop/desktopEvents'
import { startUpdates } from './desktop/electronUpdates'
import { BackgroundWork } from './desktop/backgroundWork'
import { electronTray } from './desktop/electronTray'
import type { FolderImportStatus } from '../shared/folderImport'
import { languageForLocale, type UiLanguage } from '../shared/languages'
import { LINK_SCHEME } from '../shared/deepLink'

let services: Services | null = null
// Set once the services are up: keeps a folder import running when the window closes.
let work: BackgroundWork | null = null

// Links and PDFs the desktop hands over (command line, a second launch, open-url, open-file),
// kept until the services are up, then given to the one entry, services.desktop.
const desktopEvents = new DesktopEvents({ argv: process.argv, cwd: process.cwd() }, focusWindow)

// A window closed while an import ran in the background is opened again.
function focusWindow(): void {
  const win = BrowserWindow.getAllWindows()[0]
  if (!win) {
    if (services) createWindow()
    return
  }
  if (win.isMinimized()) win.restore()
  win.focus()
}

const rendererFile = join(__dirname, '../renderer/index.html')
const appPage: AppPage = {
  url: process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(rendererFile).href
}

function fromAppPage(frame: WebFrameMain | null): boolean {
  return isTrustedSender(frame, appPage)
}

// Camera, microphone, notifications, geolocation...: denied unless the app's page uses it.
function denyPermissionsByDefault(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl, appPage))
  )
  // A check carries an origin (`file:///` for any file page), so the page's full URL is used.
  session.defaultSession.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionAllowed(permission, details.requestingUrl || contents?.getURL(), appPage)
  )
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'ResearchPal',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false
    }
  })
  win.once('ready-to-show', () => win.show())
  work?.windowShown()
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void win.loadFile(rendererFile)
  return win
}

/** One file or folder from the system's open dialog; null when the user cancelled. */
async function chooseOne(options: Electron.OpenDialogOptions): Promise<string | null> {
  const owner = BrowserWindow.getFocusedWindow()
  const result = owner
    ? await dialog.showOpenDialog(owner, options)
    : await dialog.showOpenDialog(options)
  return result.canceled ? null : (result.filePaths[0] ?? null)
}

async function start(): Promise<void> {
  await app.whenReady()
  denyPermissionsByDefault()
  const root = app.getPath('userData')
  services = await createServices({
    dataDir: root,
    secrets: new SafeStorageSecretStore(dataPaths(root).secrets),
    resumeFolderImport: true,
    tuneWhenIdle: true,
    // Settings' switch for the local HTTP API; Hono and the MCP SDK load when it is first on.
    serveApi: async (s, o) =>
      (await import('./server/apiServer')).serveApi(s, { ...o, allowAdd: false }),
    filePicker: {
      async pickPdfs() {
        const owner = BrowserWindow.getFocusedWindow()
        const options: Electron.OpenDialogOptions = {
          title: 'Add papers',
          properties: ['openFile', 'multiSelections'],
          filters: [{ name: 'PDF', extensions: ['pdf'] }]
        }
        const result = owner
          ? await dialog.showOpenDialog(owner, options)
          : await dialog.showOpenDialog(options)
        return result.canceled ? [] : result.filePaths
      },
      pickFolder: (purpose) =>
        chooseOne({
          title: purpose === 'watch' ? 'Folder to watch for new PDFs' : 'Import a folder of PDFs',
          properties: ['openDirectory']
        }),
      pickImport: (kind) =>
        chooseOne(
          kind === 'zotero'
            ? { title: 'Zotero data folder', properties: ['openDirectory'] }
            : {
                title: 'BibTeX or RIS file',
                properties: ['openFile'],
                filters: [{ name: 'BibTeX or RIS', extensions: ['bib', 'ris', 'txt'] }]
              }
        ),
      async saveText(suggestedName, text) {
        const owner = BrowserWindow.getFocusedWindow()
        const options: Electron.SaveDialogOptions = {
          title: 'Save BibTeX',
          defaultPath: suggestedName,
          filters: [{ name: 'BibTeX', extensions: ['bib'] }]
        }
        const result = owner
          ? await dialog.showSaveDialog(owner, options)
          : await dialog.showSaveDialog(options)
        if (result.canceled || !result.filePath) return null
        await writeFileAtomic(result.filePath, text)
        return result.filePath
      }
    },
    version: app.getVersion(),
    onlineMetadata: true,
    resourcesPath: app.isPackaged ? process.resourcesPath : null,
    // One writer per data folder: a command-line ingest finishing its work is waited for.
    lock: { purpose: 'ResearchPal', waitMs: 30_000 },
    // Watched folders and a linked Zotero library (`watch add`, `zotero link`) are followed.
    syncInBackground: true,
    cliLaunch: currentCliLaunch({ mainDir: __dirname, packaged: app.isPackaged })
  })
  registerIpc(services.router, services.events, fromAppPage)
  work = new BackgroundWork({
    platform: process.platform,
    language: uiLanguage,
    view: electronTray({ show: focusWindow, quit: () => app.quit() })
  })
  const resumed = services.folderImport.current()
  if (resumed) work.progress(resumed)
  services.events.subscribe((event, payload) => {
    if (event === 'import:progress') work?.progress(payload as FolderImportStatus)
  })
  createWindow()
  const desktop = services.desktop
  desktopEvents.ready((input) => void desktop.handle(input))
  startUpdates({
    enabled: () => services?.settings.get().autoUpdate ?? false,
    language: uiLanguage,
    log: (line) => console.log(line)
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
}

/** The UI language main's own texts (tray, dialogs) are in. */
function uiLanguage(): UiLanguage {
  const chosen = services?.settings.get().uiLanguage ?? 'system'
  if (chosen !== 'system') return chosen
  return languageForLocale(app.getLocale())
}

// A folder import keeps running with a tray icon; otherwise the platform's usual (backgroundWork).
app.on('window-all-closed', () => {
  const decision = work ? work.allWindowsClosed() : process.platform === 'darwin' ? 'stay' : 'quit'
  if (decision === 'quit') app.quit()
})
/** Asks before quitting during an import; true when the person chose to keep it running. */
function keepImporting(): boolean {
  const question = work?.quitQuestion()
  if (!question) return false
  const owner = BrowserWindow.getAllWindows()[0]
  const box: Electron.MessageBoxSyncOptions = {
    type: 'question',
    title: question.title,
    message: question.message,
    detail: question.detail,
    buttons: [question.quit, question.keep],
    defaultId: 1,
    cancelId: 1
  }
  const choice = owner ? dialog.showMessageBoxSync(owner, box) : dialog.showMessageBoxSync(box)
  return choice === 1
}
// Quitting waits for the services to close (the conversation flushed, the writer lock released),
// then quits again: a restart reads everything the user saw.
// Quitting during an import asks first; either way the import resumes at the next start.
app.on('before-quit', (event) => {
  const open = services
  if (!open) return
  event.preventDefault()
  if (keepImporting()) return
  services = null
  // Never held open by a stuck close: after 15 s the app quits anyway (the catalog is journaled).
  const stuck = new Promise((done) => setTimeout(done, 15_000).unref())
  void Promise.race([open.close(), stuck]).finally(() => app.quit())
})

// `<app> --cli mcp ...` (how MCP clients start the installed app's server): the command runs in
// this process with Electron's own Node, with no window and without the app's single-instance
// lock, then exits. It replaces ELECTRON_RUN_AS_NODE, so the RunAsNode fuse can be off.
function runCliInstead(argv: string[]): void {
  app.dock?.hide()
  runCli(argv).then(
    (code) => app.exit(code),
    (e: unknown) => {
      process.stderr.write(`${lastResortText(e, argv.includes('--debug'))}\n`)
      app.exit(1)
    }
  )
}

// A separate profile (the journey tests, a portable copy): must be set before the lock is taken.
if (process.env.RESEARCHPAL_USER_DATA) app.setPath('userData', process.env.RESEARCHPAL_USER_DATA)

const cliAt = process.argv.indexOf(CLI_FLAG)
if (cliAt >= 0) {
  runCliInstead(process.argv.slice(cliAt + 1))
} else if (!app.requestSingleInstanceLock()) {
  // A second launch focuses the open window instead of opening the library twice.
  app.exit(0)
} else {
  // researchpal:// links: registered by the installers; a development run registers itself.
  if (!app.isPackaged && process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(LINK_SCHEME, process.execPath, [resolve(process.argv[1])])
  }
  // A second launch (a link or a PDF opened from the desktop) forwards its command line here.
  desktopEvents.listen(app)
  start().catch((e: unknown) => {
    dialog.showErrorBox('ResearchPal could not start', e instanceof Error ? e.message : String(e))
    app.exit(1)
  })
}
