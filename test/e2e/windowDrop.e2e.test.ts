import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Embedder } from '../../src/main/search/types'
import { FakeEmbedder, FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { startHarness, type Harness } from './harness'

const TITLE = 'Dropped On The Window'

/** Holds a PDF over `selector` as the file manager does (dragenter, dragover), kept for the drop. */
async function holdPdfOver(page: Page, selector: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ selector, b64 }) => {
      const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'dropped.pdf', {
        type: 'application/pdf'
      })
      const dt = new DataTransfer()
      dt.items.add(file)
      ;(window as unknown as { heldFiles: DataTransfer }).heldFiles = dt
      const target = document.querySelector(selector)!
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }))
      target.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true })
      )
    },
    { selector, b64: Buffer.from(bytes).toString('base64') }
  )
}

/** Drops what {@link holdPdfOver} holds on `selector`. */
async function drop(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => {
    const dt = (window as unknown as { heldFiles: DataTransfer }).heldFiles
    document
      .querySelector(selector)!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
  }, selector)
}

describe('dropping a PDF anywhere on the window (issue 30)', () => {
  let h: Harness
  let page: Page

  beforeAll(async () => {
    h = await startHarness({
      embedder: new FakeEmbedderProvider(),
      defaultCorpusDir: null,
      viewport: { width: 1280, height: 800 }
    })
    page = h.page
  }, 120_000)

  afterAll(async () => {
    await h?.close()
  })

  it('shows the whole window as the drop target, and adds the PDF dropped on the chat', async () => {
    const pdf = makePaperPdf({ title: TITLE, pages: 2, seed: 7 })
    const target = page.locator('.window-drop')
    // Held again until the app listens (its window listeners are set once it has started).
    await expect
      .poll(
        async () => {
          await holdPdfOver(page, '.chat-slot', pdf)
          return target.isVisible()
        },
        { timeout: 30_000 }
      )
      .toBe(true)
    expect(await target.textContent()).toContain('Drop PDFs to add them to the library')
    const box = (await target.boundingBox())!
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 1280, 800])
    const shot = await h.screenshot('window-drop-target-en')
    expect(shot).toMatch(/window-drop-target-en\.png$/)

    await drop(page, '.chat-slot')
    await target.waitFor({ state: 'detached' })
    const row = page
      .locator('.paper-list > li')
      .filter({ has: page.locator('.paper-title', { hasText: TITLE }) })
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 120_000 }).toBe('indexed')
    expect(await page.locator('.library-count').textContent()).toBe('1 ready')
    await h.screenshot('window-drop-added-en')
  }, 180_000)
})

describe('the drop target in Portuguese', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness({
      embedder: new FakeEmbedderProvider(),
      defaultCorpusDir: null,
      viewport: { width: 800, height: 600 },
      locale: 'pt-BR'
    })
  }, 120_000)

  afterAll(async () => {
    await h?.close()
  })

  it('says it in the UI language, inside the window at 800×600', async () => {
    await holdPdfOver(h.page, 'main', makePaperPdf({ title: TITLE, pages: 1, seed: 3 }))
    const card = h.page.locator('.window-drop-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('Solte os PDFs para adicioná-los à biblioteca')
    const box = (await card.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(800)
    await h.screenshot('window-drop-target-pt-BR')
  }, 60_000)
})

/** An embedder that holds every call until released: a paper stays mid-index as long as needed. */
class GatedEmbedder implements Embedder {
  private inner = new FakeEmbedder()
  readonly dims = this.inner.dims
  readonly id = this.inner.id
  private open!: () => void
  private gate = new Promise<void>((resolve) => (this.open = resolve))

  async embed(texts: string[]): Promise<Float32Array[]> {
    await this.gate
    return this.inner.embed(texts)
  }

  release(): void {
    this.open()
  }

  async close(): Promise<void> {}
}

describe('a dropped paper while it is indexed', () => {
  let h: Harness
  const gated = new GatedEmbedder()

  beforeAll(async () => {
    h = await startHarness({
      embedder: new FakeEmbedderProvider(gated),
      defaultCorpusDir: null,
      viewport: { width: 1280, height: 800 }
    })
  }, 120_000)

  afterAll(async () => {
    gated.release()
    await h?.close()
  })

  it('is named by its title as soon as its text is read, and the header and the bar count one batch', async () => {
    const { page } = h
    await holdPdfOver(page, '.chat-slot', makePaperPdf({ title: TITLE, pages: 3, seed: 11 }))
    await drop(page, '.chat-slot')
    const row = page.locator('.paper-list > li').first()
    // Its passages wait for the embedder; its title is already the PDF's, not "dropped.pdf".
    await expect
      .poll(() => row.locator('.paper-title').textContent(), { timeout: 30_000 })
      .toBe(TITLE)
    expect(await row.getAttribute('data-status')).not.toBe('indexed')
    expect(await page.locator('.library-count').textContent()).toBe('0 ready, 1 indexing')
    expect(await page.locator('.overall').textContent()).toContain('Indexing 1 of 1')
    await h.screenshot('window-drop-indexing-en')
    gated.release()
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 120_000 }).toBe('indexed')
    expect(await page.locator('.overall').count()).toBe(0)
  }, 180_000)
})
