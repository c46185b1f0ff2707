import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { hasShared } from '../fixtures/sharedFolder'
import { lastUserText, passageIds, type FakeGemini, type FakeScript } from '../fakes/fakeGemini'
import {
  addDefaultPapers,
  CORPUS,
  openChip,
  startHarness,
  startWithGemini,
  type Harness
} from './harness'

const FIRST = 'What is the Transformer architecture?'
const FOLLOW_UP = 'How many layers does its decoder have?'

/**
 * A Gemini that answers in Markdown (a list and a table), cites two passages, and whose
 * rewrite names the Transformer only when the conversation reached it.
 */
const SCRIPT: FakeScript = {
  rewrite: (request) => {
    const text = lastUserText(request)
    if (/<conversation>[\s\S]*Transformer/.test(text) && /its decoder/.test(text)) {
      return { text: 'number of identical layers in the Transformer decoder stack' }
    }
    return { text: text.replace(/^[\s\S]*Follow-up to rewrite:\n/, '') }
  },
  synthesis: (request) => {
    const [a, b] = passageIds(request)
    return {
      delayMs: 300,
      text: [
        'In short:\n\n- **Encoder and decoder** stacks of identical layers ',
        `[[${a}]]\n- attention everywhere${b ? ` [[${b}]]` : ''}\n\n`,
        '| Part | Layers |\n| --- | --- |\n| decoder | N = 6 |\n'
      ]
    }
  }
}

async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  const turn = page.locator('article.turn').last()
  await turn.locator('button.chip').first().waitFor({ timeout: 60_000 })
  return turn
}

async function expectChipOpensHighlight(page: Page, chip: Locator): Promise<void> {
  await openChip(page, chip)
}

async function openExport(page: Page): Promise<void> {
  const menu = page.getByRole('group', { name: 'Export conversation' })
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Export…' }).click()
  await menu.waitFor()
}

async function download(page: Page, button: string): Promise<string> {
  await openExport(page)
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click()
  ])
  return readFileSync((await file.path())!, 'utf8')
}

describe.skipIf(!hasShared(join(CORPUS, '1706.03762.pdf'), 'the conversations e2e'))(
  'conversations in Chromium',
  () => {
    let gemini: FakeGemini
    let h: Harness
    let page: Page

    beforeAll(async () => {
      if (!existsSync(join(CORPUS, '1706.03762.pdf'))) {
        throw new Error(`The conversation e2e test needs the corpus at ${CORPUS}`)
      }
      ;({ h, gemini } = await startWithGemini(SCRIPT))
      page = h.page
      await addDefaultPapers(page)
    })
    afterAll(async () => {
      await h?.close()
      await gemini?.close()
    })

    it('asks, follows up with the history, and the follow-up is searched as a standalone query', async () => {
      const first = await ask(page, FIRST)
      expect(await first.locator('.answer-body li').count()).toBe(2)
      expect(await first.locator('.answer-body td').allTextContents()).toEqual(['decoder', 'N = 6'])
      await h.screenshot('threads-01-first-answer-markdown')
      const second = await ask(page, FOLLOW_UP)
      const tools = gemini.of('tools').at(-1)!
      expect(tools.body.contents[0]!.parts[0]!['text']).toBe(FIRST)
      expect(tools.body.contents.some((c) => c.role === 'model')).toBe(true)
      expect(await second.locator('button.chip').count()).toBeGreaterThan(0)
      await expect
        .poll(() => page.locator('.thread-item .thread-title').allTextContents())
        .toEqual([FIRST])
      expect(await page.locator('.thread-header-title').textContent()).toBe(FIRST)
      await h.screenshot('threads-02-follow-up')
      // The rewrite saw the conversation and named the Transformer.
      const rewrites = gemini.of('rewrite').map((r) => lastUserText(r))
      expect(rewrites.some((t) => t.includes('<conversation>') && t.includes(FIRST))).toBe(true)
    })

    it('brings the thread and its chips back after a reload, and a chip opens the highlighted page', async () => {
      await page.reload()
      const turns = page.locator('article.turn')
      await expect.poll(() => turns.count(), { timeout: 30_000 }).toBe(2)
      expect(await turns.locator('.question').allTextContents()).toEqual([FIRST, FOLLOW_UP])
      await page.locator('li.paper[data-status="indexed"]').nth(2).waitFor()
      await h.screenshot('threads-03-after-reload')
      const chip = turns.last().locator('button.chip').first()
      await expectChipOpensHighlight(page, chip)
      await h.screenshot('threads-04-restored-chip-opens-viewer')
      // Escape from inside the paper closes it and gives focus back to the chip, not the body.
      await page.locator('.viewer-scroll').click({ position: { x: 5, y: 5 } })
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('.viewer-scroll').count()).toBe(0)
      await expect.poll(() => chip.evaluate((el) => el === document.activeElement)).toBe(true)
    })

    it('scopes a new thread to one paper from the library, and every search stays in it', async () => {
      await page.getByRole('checkbox', { name: /Choose Attention Is All You Need/ }).check()
      await page.getByRole('button', { name: 'Ask about these (1)' }).click()
      expect(await page.locator('.scope-pill').textContent()).toBe(
        'Limited to Attention Is All You Need'
      )
      expect(await page.locator('article.turn').count()).toBe(0)
      const before = gemini.of('synthesis').length
      const turn = await ask(page, 'What does BERT mask during pre-training?')
      const synthesis = gemini.of('synthesis')[before]!
      const ids = passageIds(synthesis)
      expect(ids.length).toBeGreaterThan(0)
      expect(ids.every((id) => id.startsWith('1706.03762-'))).toBe(true)
      const papers = await turn
        .locator('button.chip')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-paper-id')))
      expect(new Set(papers)).toEqual(new Set(['1706.03762']))
      // Not quietly: the answer says the Transformer paper does not discuss it, names BERT's.
      const note = turn.locator('[data-label="outside-scope"]')
      await note.waitFor()
      expect(await note.textContent()).toContain('BERT: Pre-training of Deep Bidirectional')
      expect(await note.getByRole('button', { name: 'Ask all papers' }).isVisible()).toBe(true)
      await expect.poll(() => page.locator('.thread-item').count()).toBe(2)
      await h.screenshot('threads-05-scoped-thread')
      // The scope can be changed from the header: add BERT, and the next search covers both.
      await page.locator('.scope-pill').click()
      const picker = page.getByRole('dialog', { name: 'Papers for this conversation' })
      await picker.getByRole('checkbox', { name: /BERT/ }).check()
      await h.screenshot('threads-05b-scope-picker')
      await picker.getByRole('button', { name: 'Apply' }).click()
      await expect.poll(() => page.locator('.scope-pill').textContent()).toBe('Limited to 2 papers')
      const scoped = await h.services.router.invoke('threads:get', {
        threadId: (await page.locator('.thread-item.open').getAttribute('data-thread-id'))!
      })
      expect(scoped.ok && scoped.value).toMatchObject({
        thread: { scope: ['1706.03762', '1810.04805'] }
      })
    })

    it('exports the conversation as Markdown with references and as BibTeX (save and copy)', async () => {
      await page.locator('.thread-item', { hasText: FIRST }).locator('.thread-main').click()
      await expect.poll(() => page.locator('article.turn').count()).toBe(2)
      const md = await download(page, 'Save Markdown')
      expect(md).toMatch(new RegExp(`^# ${FIRST.replace('?', '\\?')}`))
      expect(md).toContain(`## 2. ${FOLLOW_UP}`)
      expect(md).toContain('## References')
      expect(md).toMatch(
        /\[1\] Ashish Vaswani.*Attention Is All You Need.*arXiv:1706\.03762.*p\. \d+/
      )
      const bib = await download(page, 'Save BibTeX')
      // A paper with a printed conference venue is an @inproceedings entry.
      expect(bib).toMatch(/@\w+\{vaswani2017attention,/)
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
      await openExport(page)
      await page.getByRole('button', { name: 'Copy Markdown' }).click()
      await page.getByRole('button', { name: 'Copied' }).waitFor()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(md)
      await h.screenshot('threads-06-export')
    })

    it('deletes a thread with undo, and searches threads by question', async () => {
      await page.getByRole('searchbox', { name: 'Search conversations' }).fill('decoder')
      await expect.poll(() => page.locator('.thread-item').count()).toBe(1)
      await page.getByRole('searchbox', { name: 'Search conversations' }).fill('')
      await expect.poll(() => page.locator('.thread-item').count()).toBe(2)
      const item = page.locator('.thread-item', { hasText: FIRST })
      // A row keeps its height under the pointer, and its whole width but ⋯ opens it.
      const rest = (await item.boundingBox())!
      await item.hover()
      expect((await item.boundingBox())!.height).toBe(rest.height)
      const main = (await item.locator('.thread-main').boundingBox())!
      const more = (await item.getByRole('button', { name: /^More actions/ }).boundingBox())!
      expect(main.x - rest.x).toBeLessThanOrEqual(1)
      expect(main.height).toBeGreaterThanOrEqual(rest.height - 2)
      expect(main.width + more.width).toBeGreaterThan(rest.width - 12)
      await item.getByRole('button', { name: /^More actions/ }).click()
      const menu = page.getByRole('menu')
      await menu.waitFor()
      const box = (await menu.boundingBox())!
      const view = page.viewportSize()!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(view.width)
      await h.screenshot('threads-06b-row-menu')
      await page.keyboard.press('Escape')
      await expect.poll(() => menu.count()).toBe(0)
      await item.getByRole('button', { name: /^More actions/ }).click()
      await page.getByRole('menuitem', { name: 'Delete' }).click()
      await page.getByRole('status').getByRole('button', { name: 'Undo' }).waitFor()
      expect(await page.locator('.thread-item').count()).toBe(1)
      await h.screenshot('threads-07-deleted-undo')
      await page.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(() => page.locator('.thread-item').count()).toBe(2)
      await expect.poll(() => page.locator('article.turn').count()).toBe(2)
    })

    it('lists the keyboard shortcuts on ?, and Ctrl+Shift+O starts a new conversation', async () => {
      await page.locator('.thread-item', { hasText: FIRST }).locator('.thread-main').focus()
      await page.keyboard.press('?')
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await sheet.waitFor()
      expect(await sheet.textContent()).toContain('Ctrl+Shift+O')
      await h.screenshot('threads-08-shortcuts')
      await page.keyboard.press('Escape')
      await expect.poll(() => sheet.isVisible()).toBe(false)
      await page.keyboard.press('Control+Shift+O')
      await expect.poll(() => page.locator('article.turn').count()).toBe(0)
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA')
      await page.locator('.thread-item', { hasText: FIRST }).locator('.thread-main').click()
      await expect.poll(() => page.locator('article.turn').count()).toBe(2)
    })

    it('keeps the conversations after the app restarts', async () => {
      const dataDir = h.dataDir
      await h.close()
      h = await startHarness({
        dataDir,
        apiKey: 'test-key',
        geminiBaseUrl: gemini.baseUrl,
        embedder: new FakeEmbedderProvider()
      })
      page = h.page
      await expect.poll(() => page.locator('.thread-item').count(), { timeout: 30_000 }).toBe(2)
      // A fresh window opens the newest conversation: the scoped one, with its scope.
      await expect.poll(() => page.locator('article.turn').count(), { timeout: 30_000 }).toBe(1)
      await expect.poll(() => page.locator('.scope-pill').textContent()).toBe('Limited to 2 papers')
      await page.locator('.thread-item', { hasText: FIRST }).locator('.thread-main').click()
      await expect
        .poll(() => page.locator('article.turn .question').first().textContent())
        .toBe(FIRST)
      await page.locator('li.paper[data-status="indexed"]').nth(2).waitFor()
      await expectChipOpensHighlight(
        page,
        page.locator('article.turn').first().locator('button.chip').first()
      )
      await h.screenshot('threads-08-after-restart')
    })
  }
)
