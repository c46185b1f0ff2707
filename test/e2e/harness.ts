import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { startFakeGemini, type FakeGemini, type FakeScript } from '../fakes/fakeGemini'
import { CHANNELS, EVENTS, eventMethodName } from '../../src/shared/contract'
import type { EmbedderProvider } from '../../src/main/search/types'
import { createServices, type Services } from '../../src/main/services'
import { MemorySecretStore } from '../../src/main/settings/secretStore'
import type { KeyStorage } from '../../src/shared/types'
import { serveStatic } from './staticServer'

const ROOT = resolve(__dirname, '../..')
const RENDERER = join(ROOT, 'out/renderer')
/** Where screenshots go; CI keeps the folder, and a person opens the PNGs. */
export const SCREENSHOTS = join(ROOT, 'test-output/screenshots')
/** The real default papers beside the checkout, when present. */
export const CORPUS = resolve(ROOT, '../shared/corpus')

/** How to start one app instance in the browser. */
export interface HarnessOptions {
  dataDir?: string
  apiKey?: string | null
  /** Where the key store says it keeps the key (`memory` unless a test plays another). */
  keyStorage?: KeyStorage
  geminiBaseUrl?: string
  /** What the scripted file dialog returns. */
  pickFiles?: string[]
  /** What the scripted folder dialog returns (null: cancelled). */
  pickFolder?: string | null
  /** Where arXiv PDFs are downloaded from (a local server in tests). */
  arxivBaseUrl?: string
  /** What the scripted import dialog returns: a BibTeX/RIS file, a Zotero data folder. */
  pickImport?: { bibliography?: string; zotero?: string }
  embedder?: EmbedderProvider
  defaultCorpusDir?: string | null
  viewport?: { width: number; height: number }
  /** The browser's language (navigator.language), which the UI follows by default. */
  locale?: string
  /** Follow watched folders and the Zotero link as the app does (settle time shortened). */
  syncInBackground?: boolean
}

/** A running app: the page in Chromium and the real main-process services behind it. */
export interface Harness {
  page: Page
  browser: Browser
  services: Services
  url: string
  dataDir: string
  /** Saves `test-output/screenshots/<name>.png` and returns its path. */
  screenshot(name: string): Promise<string>
  close(): Promise<void>
}

function ensureBuilt(): void {
  if (existsSync(join(RENDERER, 'index.html'))) return
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) throw new Error('electron-vite build failed; the e2e tests need out/renderer')
}

/** The Chromium flags that work on these machines (see TOOLCHAIN.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

/**
 * Serves the built renderer on 127.0.0.1, opens it in Debian Chromium and wires
 * `window.researchpal` to the real router in Node.
 * @remarks The page gets the same API shape the preload builds (one function per channel,
 * `on*` subscriptions), so UI tests exercise the real services end to end.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  ensureBuilt()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rp-e2e-'))
  const env: NodeJS.ProcessEnv = {}
  if (options.geminiBaseUrl) env.GEMINI_BASE_URL = options.geminiBaseUrl
  if (options.syncInBackground) env.RESEARCHPAL_SYNC_SETTLE_MS = '300'
  const services = await createServices({
    dataDir,
    secrets: new MemorySecretStore(options.apiKey ?? null, options.keyStorage),
    filePicker: {
      pickPdfs: async () => options.pickFiles ?? [],
      pickFolder: async () => options.pickFolder ?? null,
      pickImport: async (kind) => options.pickImport?.[kind] ?? null
    },
    env,
    ...(options.arxivBaseUrl && { arxivBaseUrl: options.arxivBaseUrl }),
    embedder: options.embedder,
    syncInBackground: options.syncInBackground ?? false,
    defaultCorpusDir: options.defaultCorpusDir ?? (existsSync(CORPUS) ? CORPUS : null),
    log: () => {}
  })
  const server = await serveStatic(RENDERER)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS
  })
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    // The UI follows the system language: pin it, so the tests see English unless they ask.
    locale: options.locale ?? 'en-US'
  })
  // Electron's IPC carries a Uint8Array (a PDF's bytes) as it is; this bridge carries JSON, so
  // bytes cross it as { $bytes: base64 } both ways, and only here.
  await context.exposeBinding('__rpInvoke', async (_source, channel: string, input: unknown) =>
    packBytes(await services.router.invoke(channel, unpackBytes(input), { transport: 'e2e' }))
  )
  await context.addInitScript(
    ({ channels, events }) => {
      const w = window as unknown as Record<string, unknown>
      const codec = (value: unknown, fix: (v: unknown) => unknown | undefined): unknown => {
        const fixed = fix(value)
        if (fixed !== undefined) return fixed
        if (Array.isArray(value)) return value.map((v) => codec(v, fix))
        if (value && typeof value === 'object')
          return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, codec(v, fix)]))
        return value
      }
      const pack = (v: unknown): unknown | undefined => {
        if (!(v instanceof Uint8Array)) return undefined
        let binary = ''
        for (const b of v) binary += String.fromCharCode(b)
        return { $bytes: btoa(binary) }
      }
      const unpack = (v: unknown): unknown | undefined => {
        const b64 = (v as { $bytes?: unknown } | null)?.$bytes
        return typeof b64 === 'string'
          ? Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
          : undefined
      }
      const rawInvoke = w.__rpInvoke as (c: string, i: unknown) => Promise<unknown>
      const invoke = async (c: string, i: unknown): Promise<unknown> =>
        codec(await rawInvoke(c, codec(i, pack)), unpack)
      const listeners = new Map<string, Set<(p: unknown) => void>>()
      const api: Record<string, unknown> = {}
      for (const channel of channels) {
        const [domain, verb] = channel.split(':') as [string, string]
        const group = (api[domain] ??= {}) as Record<string, unknown>
        group[verb] = (input: unknown) => invoke(channel, input)
      }
      for (const [event, method] of events) {
        listeners.set(event, new Set())
        api[method] = (l: (p: unknown) => void) => {
          listeners.get(event)!.add(l)
          return () => listeners.get(event)!.delete(l)
        }
      }
      w.researchpal = api
      w.__rpEmit = (event: string, payload: unknown) => {
        for (const l of listeners.get(event) ?? []) l(payload)
      }
    },
    { channels: CHANNELS as string[], events: EVENTS.map((e) => [e, eventMethodName(e)] as const) }
  )
  const page = await context.newPage()
  const unsubscribe = services.events.subscribe((event, payload) => {
    page
      .evaluate(
        ([e, p]) =>
          (window as unknown as { __rpEmit(e: unknown, p: unknown): void }).__rpEmit(e, p),
        [event, payload] as const
      )
      .catch(() => undefined)
  })
  await page.goto(server.url)
  mkdirSync(SCREENSHOTS, { recursive: true })
  return {
    page,
    browser,
    services,
    url: server.url,
    dataDir,
    async screenshot(name) {
      const path = join(SCREENSHOTS, `${name}.png`)
      await page.screenshot({ path })
      return path
    },
    async close() {
      unsubscribe()
      await browser.close().catch(() => undefined)
      await server.close()
      await services.close()
    }
  }
}

/** Letters and digits only, lowercased: how the viewer matches snippets to page text. */
export function norm(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/** The app over a scripted fake Gemini (with a key), as the chat, threads and compare tests use it. */
export async function startWithGemini(
  script: FakeScript,
  options: HarnessOptions = {}
): Promise<{ h: Harness; gemini: FakeGemini }> {
  const gemini = await startFakeGemini({ script })
  const h = await startHarness({
    apiKey: 'test-key',
    geminiBaseUrl: gemini.baseUrl,
    embedder: new FakeEmbedderProvider(),
    ...options
  })
  return { h, gemini }
}

/** Adds the three default papers from the first-run button and waits until all are indexed. */
export async function addDefaultPapers(page: Page, timeout = 200_000): Promise<void> {
  await page.getByRole('button', { name: 'Add the three default papers' }).click()
  await page.locator('li.paper[data-status="indexed"]').nth(2).waitFor({ timeout })
}

/**
 * Clicks a citation chip and waits until the viewer shows its paper with the cited snippet
 * highlighted on the cited page (the highlighted text holds the snippet).
 */
export async function openChip(
  page: Page,
  chip: Locator
): Promise<{ highlights: Locator; scroll: Locator; cited: number; snippet: string }> {
  const paperId = await chip.getAttribute('data-paper-id')
  const cited = Number(await chip.getAttribute('data-page'))
  const snippet = (await chip.getAttribute('data-snippet')) ?? ''
  await chip.click()
  const scroll = page.locator('.viewer-scroll')
  await expect.poll(() => scroll.getAttribute('data-paper-id')).toBe(paperId)
  const highlights = page.locator(`.pdf-page[data-page-number="${cited}"] .textLayer .highlight`)
  await highlights.first().waitFor({ timeout: 30_000 })
  expect(norm((await highlights.allTextContents()).join(''))).toContain(norm(snippet))
  return { highlights, scroll, cited, snippet }
}

/**
 * The app with no key and one PDF added through "Add PDFs…" and indexed (by the fake
 * embedder), at 1280×800 unless `options` say otherwise.
 */
export async function startWithPaper(pdf: string, options: HarnessOptions = {}): Promise<Harness> {
  const h = await startHarness({
    apiKey: null,
    embedder: new FakeEmbedderProvider(),
    pickFiles: [pdf],
    defaultCorpusDir: null,
    viewport: { width: 1280, height: 800 },
    ...options
  })
  // The add button, whatever the UI language.
  await h.page.locator('.add-papers .btn-primary').click()
  await h.page.locator('li.paper[data-status="indexed"]').waitFor({ timeout: 120_000 })
  return h
}

/** Bytes to JSON for the e2e bridge (see above). */
function packBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') }
  if (Array.isArray(value)) return value.map(packBytes)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, packBytes(v)]))
  return value
}

/** JSON back to bytes for the e2e bridge. */
function unpackBytes(value: unknown): unknown {
  const b64 = (value as { $bytes?: unknown } | null)?.$bytes
  if (typeof b64 === 'string') return new Uint8Array(Buffer.from(b64, 'base64'))
  if (Array.isArray(value)) return value.map(unpackBytes)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackBytes(v)]))
  return value
}
