import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import type { IngestProgress } from '../../../src/shared/types'
import { findSnippetItems } from '../../../src/shared/textMatch'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePdf } from '../../fixtures/makePdf'
import { makeScannedPdf } from '../../fixtures/scannedPdf'
import { corpusFile } from '../../fixtures/sharedCorpus'
import { wordErrorRate } from '../../fixtures/wordErrorRate'

const source = corpusFile('1706.03762.pdf', 'OCR of a scanned Transformer paper')

/** Pages of the Transformer paper scanned for the test: text, Figure 1, Section 3.2. */
const PAGES = 4

describe.skipIf(!source)('a scanned paper, read by OCR (real workers)', () => {
  let root: string
  let services: Services
  let scanFile: string
  const progress: IngestProgress[] = []

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'ocr-'))
    scanFile = join(root, 'transformer-scan.pdf')
    await writeFile(scanFile, await makeScannedPdf(source!, { first: 1, last: PAGES }))
    services = await open()
  }, 60_000)

  async function open(): Promise<Services> {
    const opened = await createServices({
      dataDir: join(root, 'data'),
      secrets: new MemorySecretStore(),
      embedder: new FakeEmbedderProvider(null),
      log: () => {}
    })
    opened.events.subscribe((event, payload) => {
      if (event === 'ingest:progress') progress.push(payload as IngestProgress)
    })
    return opened
  }

  afterAll(async () => {
    await services?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('indexes the scan, searchable, with OCR chunks, word boxes and per-page progress', async () => {
    const [added] = await services.library.addPaths([scanFile])
    await services.library.whenIdle()
    const paper = services.library.list().find((p) => p.id === added!.id)!
    expect(paper.error).toBeNull()
    expect(paper).toMatchObject({ status: 'indexed', pages: PAGES })

    const ocrSteps = progress.filter((p) => p.paperId === paper.id && p.ocr)
    expect(ocrSteps.map((p) => `${p.done}/${p.total}`)).toEqual(
      Array.from({ length: PAGES + 1 }, (_, i) => `${i}/${PAGES}`)
    )

    const hits = await services.retriever.search({
      query: 'Scaled Dot-Product Attention',
      limit: 5
    })
    expect(hits.results.length).toBeGreaterThan(0)
    const top = hits.results[0]!
    expect(top.kind).toBe('ocr')
    expect([3, 4]).toContain(top.page)

    // The viewer highlights a citation of OCR'd text by the boxes of the words it matches.
    const text = await services.library.paperText(paper.id)
    const page = text.pages.find((p) => p.page === top.page)!
    expect(page.ocr!.confidence).toBeGreaterThan(80)
    const words = await services.library.ocrWords(paper.id, top.page)
    const snippet = top.text.slice(0, 160)
    const marked = findSnippetItems(
      words.map((w) => w.text),
      snippet
    )
    expect(marked.length).toBeGreaterThan(10)
    for (const i of marked) {
      const b = words[i]!.box
      expect(b.x).toBeGreaterThanOrEqual(0)
      expect(b.y + b.height).toBeLessThanOrEqual(1)
    }
    expect(marked.map((i) => words[i]!.text).join(' ')).toContain(snippet.split(/\s+/)[1]!)

    // Word error rate of OCR against the original PDF's own text layer, page by page.
    const original = await extractPaper(new PdfjsReader(), new Uint8Array(await readFile(source!)))
    const rates = text.pages.map((p) => wordErrorRate(original.pages[p.page - 1]!.text, p.text))
    const wer = rates.reduce((a, b) => a + b, 0) / rates.length
    console.log(
      `OCR word error rate vs the text layer, pages 1-${PAGES}: ${rates.map((r) => r.toFixed(3)).join(', ')} (mean ${wer.toFixed(3)})`
    )
    expect(wer).toBeLessThan(0.15)

    // Reopened from disk (pages file and keyword file), the OCR marks and word boxes are kept.
    await services.close()
    services = await open()
    const again = await services.retriever.search({
      query: 'Scaled Dot-Product Attention',
      limit: 5
    })
    expect(again.results[0]).toMatchObject({ chunkId: top.chunkId, kind: 'ocr' })
    expect(await services.library.ocrWords(paper.id, top.page)).toEqual(words)
  }, 300_000)

  it('gives a text paper added in the same batch as a scan all its figure and table chunks', async () => {
    // Whatever OCR leaves behind must not change what the next paper gets (issue 26).
    const scan = join(root, 'scan-page-5.pdf')
    await writeFile(scan, await makeScannedPdf(source!, { first: 5, last: 5 }))
    const text = join(root, 'transformer-text.pdf')
    await writeFile(text, await readFile(source!))
    const [scanned, typed] = await services.library.addPaths([scan, text])
    await services.library.whenIdle()
    const papers = services.library.list()
    expect(papers.find((p) => p.id === scanned!.id)).toMatchObject({ status: 'indexed' })
    expect(papers.find((p) => p.id === typed!.id)).toMatchObject({ status: 'indexed', pages: 15 })
    // Figure 1 (p. 3) and Table 1 (p. 6) are passages of their own, as when ingested alone.
    const figure = await services.retriever.passage(`${typed!.id}-page-3-figure-1`)
    expect(figure.text).toMatch(/^Figure 1: The Transformer/)
    const table = await services.retriever.passage(`${typed!.id}-page-6-table-1`)
    expect(table.text).toMatch(/^Table 1:/)
  }, 120_000)

  it('cancels OCR mid-paper and leaves the paper retryable', async () => {
    const copy = join(root, 'transformer-scan-2.pdf')
    await writeFile(copy, await makeScannedPdf(source!, { first: 5, last: 7 }))
    const [added] = await services.library.addPaths([copy])
    await expect
      .poll(() => progress.some((p) => p.paperId === added!.id && p.ocr && p.done >= 1), {
        timeout: 120_000,
        interval: 100
      })
      .toBe(true)
    services.library.cancel(added!.id)
    await services.library.whenIdle()
    const paper = services.library.list().find((p) => p.id === added!.id)!
    expect(paper.status).toBe('error')
    expect(paper.error?.code).toBe('CANCELLED')
  }, 240_000)

  it('fails a scan OCR cannot read with the reason and what to do', async () => {
    const blank = join(root, 'blank-scan.pdf')
    await writeFile(blank, makePdf({ pages: [[], []], imageOnly: true }))
    const [added] = await services.library.addPaths([blank])
    await services.library.whenIdle()
    const paper = services.library.list().find((p) => p.id === added!.id)!
    expect(paper.status).toBe('error')
    expect(paper.error!.code).toBe('NO_TEXT')
    expect(paper.error!.message).toMatch(/OCR could not read it/)
    expect(paper.error!.message).toMatch(/2 scanned pages/)
    expect(paper.error!.message).toMatch(/Settings \(eng\)/)
  }, 120_000)
})
