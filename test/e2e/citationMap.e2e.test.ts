import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { CORPUS_FILES, sharedCorpusPresent } from '../fixtures/sharedCorpus'
import { CORPUS, startHarness, type Harness } from './harness'

/** The map's nodes as drawn: each paper's focusable spot over the canvas. */
async function spots(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLButtonElement>('.map-spot')].map((b) => [
        b.dataset.nodeId!,
        b.getAttribute('aria-label') ?? ''
      ])
    )
  )
}

describe.runIf(sharedCorpusPresent('the citation map e2e'))(
  'the citation map of the 18 papers',
  () => {
    let h: Harness
    let page: Page

    beforeAll(async () => {
      // A library already ingested (RESEARCHPAL_GRAPH_EVAL_DIR, as the eval keeps it) is copied,
      // so the map is tested without ingesting again; else the 18 papers are ingested here.
      const kept = process.env.RESEARCHPAL_GRAPH_EVAL_DIR
      const dataDir = mkdtempSync(join(tmpdir(), 'rp-map-e2e-'))
      if (kept && existsSync(join(kept, 'library.json'))) cpSync(kept, dataDir, { recursive: true })
      h = await startHarness({
        dataDir,
        embedder: new FakeEmbedderProvider(null),
        viewport: { width: 1440, height: 900 }
      })
      page = h.page
      if (h.services.library.list().length < 18) {
        await h.services.library.addPathsDetailed(CORPUS_FILES.map((f) => join(CORPUS, f)))
        await h.services.library.whenIdle()
        await page.reload()
      }
      await page.waitForFunction(
        () => document.querySelector('.library-count')?.textContent === '18 ready',
        undefined,
        {
          timeout: 60_000
        }
      )
      await page.getByRole('tab', { name: 'Map' }).click()
      await page.waitForSelector('.map-canvas[data-layout="done"]', { timeout: 60_000 })
    }, 400_000)
    afterAll(async () => {
      await h?.close()
    })

    it('draws the real citations, the clusters and the missing works', async () => {
      const shot = await h.screenshot('citation-map-18-papers')
      console.log(`citation map e2e: screenshot ${shot}`)
      const summary = await page.locator('.map-summary').innerText()
      expect(summary).toMatch(/^18 papers, (7\d) citations between them/)
      const drawn = await spots(page)
      expect(Object.keys(drawn).filter((id) => !id.startsWith('ghost:'))).toHaveLength(18)
      // The edges the map draws are the graph's; these are among them.
      const graph = await h.services.router.invoke('graph:get', {})
      if (!graph.ok) throw new Error(graph.error.message)
      const cites = (
        graph.value as { edges: { source: string; target: string; kind: string }[] }
      ).edges
        .filter((e) => e.kind === 'cites')
        .map((e) => `${e.source}→${e.target}`)
      for (const e of [
        '1810.04805→1706.03762',
        '2005.11401→1810.04805',
        '2004.04906→1810.04805',
        '1907.11692→1810.04805'
      ])
        expect(cites).toContain(e)
      expect(await page.locator('.map-cluster').count()).toBeGreaterThanOrEqual(2)
    })

    it('shows a paper on hover and opens its details on click', async () => {
      const bert = page.locator('.map-spot[data-node-id="1810.04805"]')
      await bert.hover()
      await expect
        .poll(() => page.locator('.map-info-title').innerText())
        .toMatch(/^BERT: Pre-training/)
      await expect
        .poll(() => page.locator('.map-info').innerText())
        .toMatch(/Cited by \d+ of your papers/)
      await bert.click()
      await expect.poll(() => page.getByRole('dialog').count()).toBeGreaterThan(0)
      await h.screenshot('citation-map-details')
      await page.keyboard.press('Escape')
    })

    it('offers to add a work several papers cite that the library lacks', async () => {
      const adam = page.locator('.map-spot.ghost[aria-label^="Adam"]')
      await adam.first().click()
      await expect
        .poll(() => page.locator('.map-info').innerText())
        .toMatch(/Not in the library; cited by \d+ of your papers/)
      await expect
        .poll(() =>
          page.locator('.map-info').getByRole('button', { name: 'Add', exact: true }).isEnabled()
        )
        .toBe(true)
      await h.screenshot('citation-map-missing-work')
    })

    it('picks a cluster and offers to ask about or compare its papers, by keyboard too', async () => {
      const first = page.locator('.map-cluster').first()
      await first.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true')
      await expect
        .poll(() => page.getByRole('button', { name: /^Ask about these \(\d+\)$/ }).count())
        .toBe(1)
      await expect
        .poll(() => page.getByRole('button', { name: /^Compare these \(\d+\)$/ }).count())
        .toBe(1)
      await h.screenshot('citation-map-cluster')
      await page.getByRole('button', { name: /^Compare these/ }).click()
      await expect
        .poll(() => page.locator('.compare-form input[type="checkbox"]:checked').count())
        .toBeGreaterThan(1)
    })

    it('filters by search', async () => {
      await page.getByRole('tab', { name: 'Map' }).click()
      await page.waitForSelector('.map-canvas[data-layout="done"]', { timeout: 60_000 })
      await page.getByRole('searchbox', { name: 'Find a title or author' }).fill('retrieval')
      await page.waitForSelector('.map-canvas[data-layout="done"]', { timeout: 60_000 })
      await expect
        .poll(
          async () => Object.keys(await spots(page)).filter((id) => !id.startsWith('ghost:')).length
        )
        .toBeLessThan(18)
      await expect.poll(async () => Object.keys(await spots(page))).toContain('2004.04906')
      await h.screenshot('citation-map-search')
    })

    it('picks papers one by one with Shift-click, colours by collection and exports SVG', async () => {
      await page.getByRole('searchbox', { name: 'Find a title or author' }).fill('')
      await page.waitForSelector('.map-canvas[data-layout="done"]', { timeout: 60_000 })
      // A cluster left picked by an earlier test is let go first.
      const pressed = page.locator('.map-cluster[aria-pressed="true"]')
      if (await pressed.count()) await pressed.first().click()
      for (const id of ['1810.04805', '1706.03762'])
        await page.locator(`.map-spot[data-node-id="${id}"]`).click({ modifiers: ['Shift'] })
      await expect.poll(() => page.locator('.map-selection').innerText()).toBe('2 picked')
      // Shift-click again takes a paper back out.
      await page.locator('.map-spot[data-node-id="1706.03762"]').click({ modifiers: ['Shift'] })
      await expect.poll(() => page.locator('.map-selection').innerText()).toBe('1 picked')
      await page.locator('.map-spot[data-node-id="2005.11401"]').focus()
      await page.keyboard.press('Shift+Enter')
      await expect.poll(() => page.locator('.map-selection').innerText()).toBe('2 picked')
      expect(await page.getByRole('dialog').count()).toBe(0)

      await page.getByRole('combobox', { name: 'Colour by' }).selectOption('collection')
      await expect
        .poll(() => page.locator('.map-legend li').last().innerText())
        .toBe('In no collection')
      await h.screenshot('citation-map-picked-by-collection')

      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'SVG', exact: true }).click()
      const file = await (await download).path()
      const svg = readFileSync(file, 'utf8')
      expect(svg).toMatch(/^<\?xml[^>]*>\n<svg /)
      expect(svg.match(/<circle /g)?.length).toBe(Object.keys(await spots(page)).length)
      expect(svg).toContain('<title>BERT: Pre-training')

      await page.getByRole('button', { name: 'Compare these (2)' }).click()
      const checked = await page
        .locator('.compare-form input[type="checkbox"]:checked')
        .evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.textContent ?? ''))
      expect(checked).toHaveLength(2)
      expect(checked.some((t) => t.startsWith('BERT: Pre-training'))).toBe(true)
      expect(checked.some((t) => t.startsWith('Retrieval-Augmented Generation'))).toBe(true)
    })
  }
)
