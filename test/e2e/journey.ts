import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { passageIds, type FakeScript } from '../fakes/fakeGemini'
import { chooseLanguage, otherLanguageOnScreen, UI } from './screenChecks'

/**
 * How the journey starts, stops and finds one app instance: the Chromium harness here, the
 * real Electron app (built or packaged) on GitHub's runners.
 * @remarks `start` opens the app on `dataDir` (an empty profile the first time) and returns its
 * window; `quit` closes it the way a user does, so what is on disk is what a restart reads.
 */
export interface JourneyLauncher {
  /** A name for screenshots and messages: `chromium`, `electron-built`, `electron-packaged`. */
  readonly name: string
  readonly dataDir: string
  start(): Promise<Page>
  restart(): Promise<Page>
  quit(): Promise<void>
  /** Hands a researchpal:// link to the running app the way the system does (open-url). */
  openLink(url: string): Promise<void>
}

/** Where the journey saves its screenshots (one folder per launcher). */
export interface JourneyOptions {
  screenshots: string
  /** How long indexing the three default papers may take (the real model is slower). */
  indexTimeoutMs?: number
}

/** What the journey saw, for the test to report. */
export interface JourneyResult {
  screenshots: string[]
  papersFromMcp: string[]
}

export const EVIDENCE_QUESTION = 'What is multi-head attention?'
export const GEMINI_QUESTION = 'How is BERT pre-trained?'

/** The scripted Gemini of the journey: it cites the first two passages it was given. */
export const JOURNEY_GEMINI: FakeScript = {
  synthesis: (request) => {
    const [a, b] = passageIds(request)
    return {
      text: [
        `BERT is pre-trained with a masked language model objective [[${a}]]`,
        b ? ` and next sentence prediction [[${b}]].` : '.'
      ]
    }
  }
}

const en = UI.en
const pt = UI['pt-BR']

/** Letters and digits only, lowercased: how the viewer matches snippets to page text. */
function norm(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: en.chat.question, exact: true })
  const before = await page.locator('article.turn').count()
  await box.fill(question)
  await box.press('Enter')
  const turn = page.locator('article.turn').nth(before)
  await expect.poll(() => turn.getAttribute('data-status'), { timeout: 120_000 }).toBe('done')
  return turn
}

/**
 * A user's first day with ResearchPal, then the next start, written once against Playwright's
 * page API so the same steps drive the Chromium harness and the real Electron app.
 * @remarks Empty profile → the three default papers → indexed → an evidence-only answer → the key
 * saved in Settings and a Gemini answer (over the scripted server the launcher points the app
 * at) → a chip opens the viewer at its page with the passage highlighted → quit → start again:
 * the conversation and its chips are back → Settings → Português: no English left on screen →
 * the MCP server, started exactly as Settings tells Claude Desktop to start it, lists the papers.
 */
export async function runJourney(
  launcher: JourneyLauncher,
  options: JourneyOptions
): Promise<JourneyResult> {
  let page: Page | null = null
  try {
    return await journey(launcher, options, (p) => (page = p))
  } catch (e) {
    // What the screen showed when a step failed, beside the other screenshots.
    const open = page as Page | null
    await open
      ?.screenshot({ path: join(options.screenshots, `${launcher.name}-failure.png`) })
      .catch(() => undefined)
    throw e
  }
}

async function journey(
  launcher: JourneyLauncher,
  options: JourneyOptions,
  seen: (page: Page) => void
): Promise<JourneyResult> {
  mkdirSync(options.screenshots, { recursive: true })
  const shots: string[] = []
  const shot = async (page: Page, name: string): Promise<void> => {
    const path = join(options.screenshots, `${launcher.name}-${name}.png`)
    await page.screenshot({ path })
    shots.push(path)
  }

  // 1. First run on an empty profile: the call to add the default papers.
  let page = await launcher.start()
  seen(page)
  const addDefaults = page.getByRole('button', { name: en.library.addDefaults, exact: true })
  await addDefaults.waitFor({ timeout: 60_000 })
  await shot(page, '01-first-run')
  await addDefaults.click()
  await page
    .locator('li.paper[data-status="indexed"]')
    .nth(2)
    .waitFor({ timeout: options.indexTimeoutMs ?? 300_000 })
  expect(await page.locator('li.paper').count()).toBe(3)
  await shot(page, '02-indexed')

  // 2. No key yet: the answer is the evidence itself.
  const evidence = await ask(page, EVIDENCE_QUESTION)
  expect(await evidence.locator('.evidence-item').count()).toBeGreaterThan(0)

  // 3. The key typed in Settings, as a user does: the next answer is Gemini's, with chips.
  await page.getByRole('button', { name: en.app.settings, exact: true }).click()
  await page.getByRole('textbox', { name: en.settings.apiKey, exact: true }).fill('journey-key')
  await page.getByRole('button', { name: en.settings.saveKey, exact: true }).click()
  await page.getByTestId('key-saved').waitFor()
  await page.getByRole('button', { name: en.settings.close, exact: true }).click()
  const answer = await ask(page, GEMINI_QUESTION)
  expect(await answer.locator('.answer-body').textContent()).toContain('masked language model')
  const chips = answer.locator('.answer-body button.chip')
  expect(await chips.count()).toBeGreaterThan(0)
  await shot(page, '03-answers')

  // 4. A chip opens the viewer at the cited page with the passage highlighted.
  const chip = chips.first()
  const paperId = await chip.getAttribute('data-paper-id')
  const cited = Number(await chip.getAttribute('data-page'))
  const snippet = (await chip.getAttribute('data-snippet')) ?? ''
  await chip.click()
  const scroll = page.locator('.viewer-scroll')
  await expect.poll(() => scroll.getAttribute('data-paper-id'), { timeout: 30_000 }).toBe(paperId)
  const highlights = page.locator(`.pdf-page[data-page-number="${cited}"] .textLayer .highlight`)
  await highlights.first().waitFor({ timeout: 60_000 })
  expect(norm((await highlights.allTextContents()).join(''))).toContain(norm(snippet))
  await expect
    .poll(() => page.getByRole('textbox', { name: en.viewer.page, exact: true }).inputValue())
    .toBe(String(cited))
  await shot(page, '04-viewer-highlight')

  // 4b. "Copy link to this passage" on the chip; the link, opened from the desktop, brings the
  // same page back with the same passage highlighted.
  await page.getByRole('button', { name: en.viewer.close, exact: true }).click()
  await chip.hover()
  const copy = page.getByRole('button', { name: en.chat.copyLink, exact: true })
  await copy.click()
  const link = (await copy.getAttribute('data-link')) ?? ''
  expect(link).toMatch(
    new RegExp(`^researchpal://paper/${paperId!.replace('.', '\\.')}\\?page=${cited}&quote=`)
  )
  await page.mouse.move(0, 0)
  await expect.poll(() => scroll.count()).toBe(0)
  await launcher.openLink(link)
  await expect.poll(() => scroll.getAttribute('data-paper-id'), { timeout: 30_000 }).toBe(paperId)
  await highlights.first().waitFor({ timeout: 60_000 })
  expect(norm((await highlights.allTextContents()).join(''))).toContain(norm(snippet).slice(0, 200))
  await shot(page, '04b-opened-from-link')
  const citations = await citationsByTurn(page)
  expect(citations.map((c) => c.length > 0)).toEqual([true, true])

  // 5. Quit and start again: the conversation and its chips are back.
  page = await launcher.restart()
  seen(page)
  const turns = page.locator('article.turn')
  await expect.poll(() => turns.count(), { timeout: 60_000 }).toBe(2)
  expect(await turns.locator('.question').allTextContents()).toEqual([
    EVIDENCE_QUESTION,
    GEMINI_QUESTION
  ])
  await expect.poll(() => citationsByTurn(page)).toEqual(citations)
  await page.locator('li.paper[data-status="indexed"]').nth(2).waitFor({ timeout: 60_000 })
  await shot(page, '05-after-restart')

  // 6. Settings → Português: the screen says nothing in English any more.
  await chooseLanguage(page, 'pt-BR')
  await page.getByRole('heading', { name: pt.library.title, exact: true }).waitFor()
  const titles = await page.locator('li.paper .paper-title').allTextContents()
  expect(await otherLanguageOnScreen(page, 'pt-BR', titles)).toEqual([])
  await shot(page, '06-pt-BR')

  // 7. The MCP server, started as Settings tells an MCP client to start it, lists the papers.
  await page.getByRole('button', { name: pt.app.settings, exact: true }).click()
  await page.getByRole('tab', { name: pt.settings.sections.connections, exact: true }).click()
  const snippetBox = page.getByTestId('mcp-snippet')
  await snippetBox.waitFor()
  await snippetBox.scrollIntoViewIfNeeded()
  await shot(page, '07-pt-BR-settings-mcp')
  const config = JSON.parse((await snippetBox.textContent()) ?? '') as {
    mcpServers: { researchpal: { command: string; args: string[]; env?: Record<string, string> } }
  }
  await page.getByRole('button', { name: pt.settings.close, exact: true }).click()
  const papersFromMcp = await listPapersOverMcp(config.mcpServers.researchpal)
  expect(papersFromMcp.join('\n')).toMatch(/1706\.03762/)
  expect(papersFromMcp.join('\n')).toMatch(/1810\.04805/)
  expect(papersFromMcp.join('\n')).toMatch(/2005\.11401/)
  await launcher.quit()
  return { screenshots: shots, papersFromMcp }
}

/** Each turn's citations (number, paper, page), once each: what its chips point at. */
async function citationsByTurn(page: Page): Promise<string[][]> {
  return page
    .locator('article.turn')
    .evaluateAll((turns) =>
      turns.map((turn) => [
        ...new Set(
          [...turn.querySelectorAll('button.chip')].map(
            (c) =>
              `[${c.getAttribute('data-citation')}] ${c.getAttribute('data-paper-id')} p${c.getAttribute('data-page')}`
          )
        )
      ])
    )
}

/** Starts the MCP server as an MCP client would, with the SDK's client, and calls `list_papers`. */
async function listPapersOverMcp(server: {
  command: string
  args: string[]
  env?: Record<string, string>
}): Promise<string[]> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)
  )
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    env: { ...env, ...server.env },
    stderr: 'pipe'
  })
  const client = new Client({ name: 'journey', version: '1.0.0' })
  await client.connect(transport)
  try {
    const result = await client.callTool({ name: 'list_papers', arguments: {} })
    const content = result.content as { type: string; text?: string }[]
    return content.filter((c) => c.type === 'text').map((c) => c.text ?? '')
  } finally {
    await client.close()
  }
}
