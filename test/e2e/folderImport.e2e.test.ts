import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { makePdf } from '../fixtures/makePdf'
import { SlowEmbedder } from '../fixtures/libraryHarness'
import { startHarness, type Harness } from './harness'

/** Starts recording the longest gap between animation frames in the page. */
async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longestFrame: number; __watching: boolean }
    w.__longestFrame = 0
    w.__watching = true
    let last = performance.now()
    const tick = (now: number): void => {
      w.__longestFrame = Math.max(w.__longestFrame, now - last)
      last = now
      if (w.__watching) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

describe('importing a folder from the library panel', () => {
  let h: Harness
  let page: Page

  beforeAll(async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'rp-folder-e2e-')), 'Reading list')
    mkdirSync(join(folder, '2024'), { recursive: true })
    for (let i = 0; i < 10; i++) {
      writeFileSync(
        join(folder, i < 5 ? '2024' : '', `paper-${i + 1}.pdf`),
        makePaperPdf({ title: `Folder Paper ${i + 1}`, pages: 2, seed: 300 + i })
      )
    }
    writeFileSync(join(folder, 'again.pdf'), readFileSync(join(folder, 'paper-6.pdf')))
    writeFileSync(
      join(folder, 'locked.pdf'),
      makePdf({ pages: [[{ text: 'x' }]], userPassword: 'p' })
    )
    h = await startHarness({
      embedder: new FakeEmbedderProvider(new SlowEmbedder(60)),
      pickFolder: folder,
      viewport: { width: 1280, height: 800 }
    })
    page = h.page
  }, 60_000)
  afterAll(() => h?.close())

  it('shows progress with an ETA, pauses and resumes, and ends with a summary of what was not imported', async () => {
    await page.getByRole('button', { name: 'Import a folder…' }).click()
    await watchFrames(page)
    const panel = page.getByLabel('Folder import')
    await expect.poll(() => panel.getByText('Importing Reading list').count()).toBe(1)
    await expect
      .poll(() => panel.getByText(/minute left|minutes left|Less than a minute/).count(), {
        timeout: 30_000
      })
      .toBe(1)
    await page.getByRole('button', { name: 'Pause' }).click()
    await expect
      .poll(() => panel.getByText('Folder import paused').count(), { timeout: 30_000 })
      .toBe(1)
    await h.screenshot('folder-import-paused')
    const pausedAt = h.services.folderImport.current()!
    expect(pausedAt.queued).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Resume' }).click()
    await expect
      .poll(() => panel.getByText(/^Folder imported/).count(), { timeout: 60_000 })
      .toBe(1)
    const longestFrameMs = await page.evaluate(
      () => (window as unknown as { __longestFrame: number }).__longestFrame
    )
    console.log(`folder import e2e: longest gap between frames ${Math.round(longestFrameMs)} ms`)
    expect(longestFrameMs).toBeLessThan(1000)
    expect(
      await panel
        .getByText('Folder imported (12 files) — indexed: 10 · duplicates: 1 · not imported: 1')
        .count()
    ).toBe(1)
    await panel.getByText('1 file not imported — why').click()
    expect(await panel.getByText(/password-protected/).count()).toBe(1)
    await panel.getByText('1 file already in the library').click()
    expect(await panel.getByText(/is the same PDF as "again.pdf"/).count()).toBe(1)
    await h.screenshot('folder-import-summary')
    expect(h.services.library.list().filter((p) => p.status === 'indexed')).toHaveLength(10)
  }, 120_000)
})
