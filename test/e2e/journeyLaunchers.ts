import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  _electron,
  type BrowserContext,
  type ElectronApplication,
  type Page
} from 'playwright-core'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { startHarness, type Harness } from './harness'
import type { JourneyLauncher } from './journey'

const ROOT = resolve(__dirname, '../..')

/** Where traces go (one zip per app start), beside the screenshots. */
export const TRACES = join(ROOT, 'test-output/traces')

async function startTrace(context: BrowserContext): Promise<void> {
  await context.tracing.start({ screenshots: true, snapshots: true, title: 'journey' })
}

async function stopTrace(context: BrowserContext, name: string): Promise<void> {
  mkdirSync(TRACES, { recursive: true })
  await context.tracing.stop({ path: join(TRACES, `${name}.zip`) }).catch(() => undefined)
}

/**
 * The journey's app in Debian's Chromium over the real main services (the e2e harness).
 * @remarks A restart closes the services and the browser, and opens new ones on the same data
 * folder, as quitting and starting the app does. The fake embedder stands in for MiniLM, whose
 * weights cannot be had here.
 */
export function chromiumLauncher(options: {
  geminiBaseUrl: string
  defaultCorpusDir: string | null
}): JourneyLauncher {
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-journey-'))
  let h: Harness | null = null
  let starts = 0
  const launcher: JourneyLauncher = {
    name: 'chromium',
    dataDir,
    async start() {
      h = await startHarness({
        dataDir,
        apiKey: null,
        geminiBaseUrl: options.geminiBaseUrl,
        embedder: new FakeEmbedderProvider(),
        defaultCorpusDir: options.defaultCorpusDir,
        viewport: { width: 1280, height: 800 }
      })
      await startTrace(h.page.context())
      return h.page
    },
    async restart() {
      await launcher.quit()
      return launcher.start()
    },
    async openLink(url) {
      await h!.services.desktop.handle({ urls: [url] })
    },
    async quit() {
      if (!h) return
      await stopTrace(h.page.context(), `chromium-${++starts}`)
      await h.close()
      h = null
    }
  }
  return launcher
}

/** Which Electron app the journey drives on GitHub: the electron-vite build, or the unpacked app. */
export type ElectronTarget =
  | { kind: 'built' }
  | {
      kind: 'packaged'
      /** The unpacked app's executable (linux-unpacked/researchpal, ResearchPal.exe, …). */
      executable: string
    }

/**
 * The target named by `RP_JOURNEY_ELECTRON`: `built`, or the path of a packaged executable.
 * Null when unset (the journey then runs in Chromium only).
 */
export function electronTargetFromEnv(env: NodeJS.ProcessEnv = process.env): ElectronTarget | null {
  const value = env.RP_JOURNEY_ELECTRON?.trim()
  if (!value) return null
  if (value === 'built') return { kind: 'built' }
  return { kind: 'packaged', executable: resolve(value) }
}

/** The Electron binary of `node_modules/electron` (its package exports the path). */
function electronBinary(): string {
  const path = createRequire(__filename)('electron') as unknown
  if (typeof path !== 'string' || !existsSync(path)) {
    throw new Error(
      'node_modules/electron has no binary: install without ELECTRON_SKIP_BINARY_DOWNLOAD'
    )
  }
  return path
}

/**
 * The real app through Playwright's Electron support (GitHub's runners only: no Electron binary
 * can be downloaded here).
 * @remarks The profile is an empty folder handed over with `RESEARCHPAL_USER_DATA`; the UI is
 * pinned to English with `--lang`; Gemini is the scripted server. A packaged app must be built
 * with the nodeCliInspect fuse on, which Playwright needs to attach (ci.yml does so for the copy
 * it tests; the installers keep it off).
 */
export function electronLauncher(options: {
  target: ElectronTarget
  geminiBaseUrl: string
}): JourneyLauncher {
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-journey-electron-'))
  const name = `electron-${options.target.kind}`
  let app: ElectronApplication | null = null
  let page: Page | null = null
  let starts = 0
  const launcher: JourneyLauncher = {
    name,
    dataDir,
    async start() {
      const target = options.target
      const env = Object.fromEntries(
        Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)
      )
      app = await _electron.launch({
        executablePath: target.kind === 'built' ? electronBinary() : target.executable,
        args: [...(target.kind === 'built' ? [ROOT] : []), '--lang=en-US'],
        env: {
          ...env,
          RESEARCHPAL_USER_DATA: dataDir,
          GEMINI_BASE_URL: options.geminiBaseUrl
        },
        timeout: 120_000
      })
      page = await app.firstWindow({ timeout: 120_000 })
      await page.setViewportSize({ width: 1280, height: 800 }).catch(() => undefined)
      await startTrace(app.context())
      return page
    },
    async restart() {
      await launcher.quit()
      return launcher.start()
    },
    async openLink(url) {
      // The event macOS sends; index.ts passes it to services.desktop, as for a second launch.
      await app!.evaluate(({ app: electronApp }, link) => {
        electronApp.emit('open-url', { preventDefault: () => undefined }, link)
      }, url)
    },
    async quit() {
      if (!app) return
      await stopTrace(app.context(), `${name}-${++starts}`)
      await app.close()
      app = null
      page = null
    }
  }
  return launcher
}
