import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  BackgroundWork,
  trayModel,
  type TrayModel,
  type TrayView
} from '../../../src/main/desktop/backgroundWork'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import type { FolderImportStatus } from '../../../src/shared/folderImport'
import type { UiLanguage } from '../../../src/shared/types'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { SlowEmbedder } from '../../fixtures/libraryHarness'

let dir = ''
const open: Services[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-background-'))
})
afterEach(async () => {
  for (const s of open.splice(0)) await s.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The tray as the app draws it: what it shows now, or null when hidden. */
class RecordingTray implements TrayView {
  shown: TrayModel | null = null
  shows = 0
  show(model: TrayModel): void {
    this.shown = model
    this.shows++
  }
  hide(): void {
    this.shown = null
  }
}

/** Real services over a real data folder, with an embedder slow enough to act mid-import. */
async function startApp(resume: boolean): Promise<Services> {
  const services = await createServices({
    dataDir: join(dir, 'data'),
    secrets: new MemorySecretStore(),
    embedder: new FakeEmbedderProvider(new SlowEmbedder(40)),
    resumeFolderImport: resume,
    measureIngestion: false,
    log: () => undefined
  })
  open.push(services)
  return services
}

/** The app's wiring in src/main/index.ts: the tray fed by the import's own events. */
function wire(services: Services, platform: NodeJS.Platform, language: UiLanguage = 'en') {
  const tray = new RecordingTray()
  const work = new BackgroundWork({ platform, language: () => language, view: tray })
  const seen: FolderImportStatus[] = []
  const current = services.folderImport.current()
  if (current) work.progress(current)
  services.events.subscribe((event, payload) => {
    if (event !== 'import:progress') return
    seen.push(payload as FolderImportStatus)
    work.progress(payload as FolderImportStatus)
  })
  return { tray, work, seen }
}

function writePapers(n: number): string {
  const folder = join(dir, 'Teses')
  mkdirSync(folder, { recursive: true })
  for (let i = 0; i < n; i++)
    writeFileSync(
      join(folder, `tese-${i}.pdf`),
      makePaperPdf({ title: `Background Paper ${i}`, pages: 2, seed: 400 + i })
    )
  return folder
}

/** Waits until the events have shown `check` (expect.poll: a failure says what never came). */
async function until(check: () => boolean, ms = 30_000): Promise<void> {
  await expect.poll(check, { timeout: ms, interval: 20 }).toBe(true)
}

describe('a folder import outlives the window (tray), from the import queue events', () => {
  it('closing the window mid-import keeps the app running with the tray, which shows the progress then the result', async () => {
    const services = await startApp(false)
    const { tray, work, seen } = wire(services, 'win32')
    await services.folderImport.start(writePapers(4))
    // The window closes once the import's own events have reported a paper done.
    await until(() => seen.some((s) => s.state === 'running' && s.indexed >= 1))

    expect(work.allWindowsClosed()).toBe('stay')
    expect(work.hasWindow()).toBe(false)
    const during = tray.shown!
    expect(during.status).toMatch(/^Importing Teses: [1-3] of 4 papers$/)
    expect(during.items.map((i) => i.label)).toEqual(['Show window', 'Quit ResearchPal'])
    expect(work.quitQuestion()!.message).toMatch(
      /^ResearchPal is still importing Teses \([1-3] of 4 papers\)\. Quit anyway\?$/
    )

    await services.folderImport.settled()
    await until(() => tray.shown?.status.includes('finished') ?? false, 5000)
    expect(tray.shown!.status).toBe(
      'Import of Teses finished: 4 added, 0 already in the library, 0 could not be read'
    )
    expect(tray.shown!.title).toBe('')
    expect(work.quitQuestion()).toBeNull()
    expect(services.library.list().filter((p) => p.status === 'indexed')).toHaveLength(4)

    work.windowShown()
    expect(tray.shown).toBeNull()
  }, 60_000)

  it('with nothing running, closing the window quits on Windows and Linux and stays in the dock on macOS, with no tray', async () => {
    const services = await startApp(false)
    for (const [platform, expected] of [
      ['win32', 'quit'],
      ['linux', 'quit'],
      ['darwin', 'stay']
    ] as const) {
      const { tray, work } = wire(services, platform)
      expect(work.allWindowsClosed()).toBe(expected)
      expect(tray.shows).toBe(0)
      expect(work.quitQuestion()).toBeNull()
    }
    // A finished import is not work: the window closing quits as usual.
    await services.folderImport.start(writePapers(1))
    await services.folderImport.settled()
    const { tray, work } = wire(services, 'linux')
    expect(work.allWindowsClosed()).toBe('quit')
    expect(tray.shows).toBe(0)
  }, 60_000)

  it('quitting mid-import asks (in pt-BR too); the import resumes at the next start and finishes, each paper once', async () => {
    const first = await startApp(false)
    const { work, seen } = wire(first, 'darwin', 'pt-BR')
    await first.folderImport.start(writePapers(5))
    await until(() => seen.some((s) => s.state === 'running' && s.indexed >= 1))
    expect(work.allWindowsClosed()).toBe('stay')
    expect(work.model().status).toMatch(/^Importando Teses: [1-4] de 5 artigos$/)
    expect(work.model().title).toMatch(/^[1-4]\/5$/)
    expect(work.model().items.map((i) => i.label)).toEqual([
      'Mostrar janela',
      'Sair do ResearchPal'
    ])
    const question = work.quitQuestion()!
    expect(question.title).toBe('Uma importação está em andamento')
    expect([question.quit, question.keep]).toEqual(['Sair', 'Continuar importando'])
    expect(question.detail).toContain('continua de onde parou')

    // The person chose Quit: the app closes its services, as before-quit does.
    await first.close()
    open.splice(open.indexOf(first), 1)

    const second = await startApp(true)
    const again = wire(second, 'darwin', 'pt-BR')
    // The next start resumes it on its own (the manifest still says running).
    await until(() => again.seen.some((s) => s.state === 'running'), 10_000)
    await second.folderImport.settled()
    await until(() => again.seen.some((s) => s.state === 'finished'), 5000)
    expect(second.folderImport.current()).toMatchObject({
      state: 'finished',
      total: 5,
      indexed: 5,
      duplicates: 0,
      failed: 0
    })
    expect(again.work.model().status).toBe(
      'Importação de Teses concluída: 5 adicionados, 0 já na biblioteca, 0 não puderam ser lidos'
    )
    const titles = second.library.list().map((p) => p.title)
    expect(new Set(titles).size).toBe(5)
    expect(titles).toHaveLength(5)
  }, 90_000)

  it('every import state has its line in both languages, from the status counts', () => {
    const base: FolderImportStatus = {
      jobId: 'j',
      folder: '/home/ana/Artigos',
      state: 'running',
      total: 40,
      indexed: 10,
      duplicates: 2,
      failed: 1,
      inFlight: 2,
      queued: 25,
      elapsedSeconds: 30,
      papersPerSecond: 0.4,
      etaSeconds: 60,
      failures: [],
      duplicateFiles: []
    }
    const lines = (language: UiLanguage) =>
      (['running', 'pausing', 'paused', 'finished', 'cancelled'] as const).map(
        (state) => trayModel({ ...base, state }, language).status
      )
    expect(lines('en')).toEqual([
      'Importing Artigos: 13 of 40 papers',
      'Pausing the import of Artigos: 13 of 40 papers',
      'Import of Artigos paused: 13 of 40 papers',
      'Import of Artigos finished: 10 added, 2 already in the library, 1 could not be read',
      'Import of Artigos cancelled: 10 added'
    ])
    expect(lines('pt-BR')).toEqual([
      'Importando Artigos: 13 de 40 artigos',
      'Pausando a importação de Artigos: 13 de 40 artigos',
      'Importação de Artigos pausada: 13 de 40 artigos',
      'Importação de Artigos concluída: 10 adicionados, 2 já na biblioteca, 1 não puderam ser lidos',
      'Importação de Artigos cancelada: 10 adicionados'
    ])
    expect(trayModel({ ...base, state: 'running' }, 'en').title).toBe('13/40')
    expect(trayModel({ ...base, state: 'paused' }, 'en').title).toBe('')
  })
})
