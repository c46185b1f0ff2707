import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Region } from '../../../src/shared/types'
import { chunkPages } from '../../../src/main/ingest/chunker'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { captionLabel, detectFigures } from '../../../src/main/ingest/figures'
import { pageLines } from '../../../src/main/ingest/pageLines'
import { cleanPage } from '../../../src/main/ingest/cleanup'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import type { PdfPageItems } from '../../../src/main/pdf/PdfReader'
import { buildPostings, decodePostings, encodePostings } from '../../../src/main/search/keywordFile'
import { DEFAULT_SETTINGS } from '../../../src/shared/types'
import { corpusFile } from '../../fixtures/sharedCorpus'
import { withOlderFraming } from '../search/olderFormats'

const transformer = corpusFile('1706.03762.pdf', 'Transformer figure and table chunks')

const contains = (outer: Region, inner: Region): boolean =>
  inner.x >= outer.x - 0.01 &&
  inner.y >= outer.y - 0.01 &&
  inner.x + inner.width <= outer.x + outer.width + 0.01 &&
  inner.y + inner.height <= outer.y + outer.height + 0.01

/** A line of text on a synthetic page: its string, where it starts, its width. */
const item = (str: string, x: number, y: number, width: number) => ({
  str,
  x,
  y,
  width,
  fontSize: 10,
  fontName: 'f',
  hasEOL: true
})

describe('figure and table captions', () => {
  it('takes "Figure 3:", "Fig. 2.", "Table IV." for captions, not sentences about figures', () => {
    expect(captionLabel('Figure 3: The model')).toEqual({ kind: 'figure', label: 'Figure 3' })
    expect(captionLabel('Fig. 2. Results')).toEqual({ kind: 'figure', label: 'Figure 2' })
    expect(captionLabel('Table IV. Scores')).toEqual({ kind: 'table', label: 'Table IV' })
    expect(captionLabel('TABLE 2: BLEU')).toEqual({ kind: 'table', label: 'Table 2' })
    expect(captionLabel('Figure 3 shows the model')).toBeNull()
    expect(captionLabel('Table 2 lists the scores')).toBeNull()
    expect(captionLabel('as in Figure 3: the model')).toBeNull()
  })

  it('gives a figure the drawing above its caption, with the labels inside it', () => {
    // A 600x800 page: a box drawn from y=500 to 700, a label inside, the caption below it.
    const page: PdfPageItems = {
      page: 1,
      width: 600,
      height: 800,
      items: [
        item('Body text above the figure runs across the page.', 50, 740, 500),
        item('Encoder', 250, 600, 60),
        item('Figure 1: The architecture.', 50, 480, 200),
        item('Body text below the caption starts a new paragraph.', 50, 440, 500)
      ],
      graphics: [{ x0: 100, y0: 500, x1: 500, y1: 700 }]
    }
    const lines = pageLines(page)
    const cleaned = cleanPage(lines)
    const [figure] = detectFigures(page, lines, cleaned.lineOffsets, cleaned.text)
    expect(figure).toMatchObject({ kind: 'figure', label: 'Figure 1' })
    expect(cleaned.text.slice(figure!.start, figure!.end)).toBe('Figure 1: The architecture.')
    const r = figure!.region
    // From the drawing's top (y=700 -> 0.125 from the top) down to the caption (y~478).
    expect(r.y).toBeCloseTo(0.125, 2)
    expect(r.y + r.height).toBeGreaterThan(1 - 482 / 800)
    expect(r.y + r.height).toBeLessThan(1 - 470 / 800)
    expect(r.x).toBeCloseTo(50 / 600, 2)
  })

  it('gives a table across both columns, captioned below it, its rules, not the figure under its caption', () => {
    // A two-column 600x800 page (PDF y upward): a full-width table ruled from y=740 to 680,
    // its caption under it (y=660), then a drawing in the right column (y=640..460) with its
    // own caption under it, and running text in the left column.
    const page: PdfPageItems = {
      page: 1,
      width: 600,
      height: 800,
      items: [
        item('Model NQ TQA WQ', 60, 726, 480),
        item('BM25 59.1 66.9 55.0', 60, 706, 480),
        item('DPR 78.4 79.4 73.2', 60, 686, 480),
        item('Table 2: Top-20 retrieval accuracy on the test sets of every dataset.', 50, 660, 500),
        item('Running text of the left column starts here and goes on.', 50, 630, 240),
        item('and goes on below, line after line of the left column.', 50, 616, 240),
        item('Accuracy', 330, 600, 60),
        item('Figure 1: Accuracy with more training examples.', 310, 440, 240)
      ],
      graphics: [
        { x0: 55, y0: 740, x1: 545, y1: 741 },
        { x0: 55, y0: 720, x1: 545, y1: 721 },
        { x0: 55, y0: 700, x1: 545, y1: 701 },
        { x0: 55, y0: 680, x1: 545, y1: 681 },
        { x0: 320, y0: 460, x1: 540, y1: 640 }
      ]
    }
    const lines = pageLines(page)
    const cleaned = cleanPage(lines)
    const found = detectFigures(page, lines, cleaned.lineOffsets, cleaned.text)
    const table = found.find((f) => f.label === 'Table 2')!.region
    const figure = found.find((f) => f.label === 'Figure 1')!.region
    // The table: from its top rule (y=741 -> 0.074 from the top) to its caption, nothing below.
    expect(table.y).toBeCloseTo(59 / 800, 2)
    expect(table.y + table.height).toBeLessThan(1 - 640 / 800)
    // The figure keeps its own drawing.
    expect(figure.y).toBeCloseTo(160 / 800, 2)
  })

  it('keeps regions in keyword files, and reads files written before them as text', async () => {
    const chunks = [
      {
        id: 'p-page-1-chunk-0',
        paperId: 'p',
        page: 1,
        index: 0,
        section: 'body',
        text: 'plain words',
        tokens: 2
      },
      {
        id: 'p-page-1-figure-1',
        paperId: 'p',
        page: 1,
        index: 1,
        section: 'body',
        text: 'Figure 1: A plot.',
        tokens: 6,
        kind: 'figure' as const,
        region: { x: 0.1, y: 0.2, width: 0.5, height: 0.3 }
      }
    ]
    const back = decodePostings(encodePostings(await buildPostings('p', chunks)))
    expect(back.extras.get(1)).toEqual({ kind: 'figure', region: chunks[1]!.region })
    expect(back.extras.has(0)).toBe(false)
    // A file from before figures (format 1): its header has no `extras`.
    const old = withOlderFraming(
      encodePostings({ ...(await buildPostings('p', [chunks[0]!])), extras: new Map() }),
      'RPK1'
    )
    expect(old.toString('latin1')).not.toContain('extras')
    expect(decodePostings(old).extras.size).toBe(0)
  })
})

describe.skipIf(!transformer)('figures and tables of the Transformer paper (1706.03762)', () => {
  it('finds Figures 1-2 and Tables 1-4 on their pages, with regions around them', async () => {
    const bytes = new Uint8Array(await readFile(transformer!))
    const paper = await extractPaper(new PdfjsReader(), bytes, { label: '1706.03762' })
    const chunks = chunkPages('1706.03762', paper.pages, paper.marks, DEFAULT_SETTINGS)
    const figures = chunks.filter((c) => c.kind === 'figure' || c.kind === 'table')
    const at = (label: string) => {
      const c = figures.find((f) => f.text.startsWith(`${label}:`))
      expect(c, label).toBeDefined()
      return c!
    }
    const expected: [string, number][] = [
      ['Figure 1', 3],
      ['Figure 2', 4],
      ['Table 1', 6],
      ['Table 2', 8],
      ['Table 3', 9],
      ['Table 4', 10]
    ]
    for (const [label, page] of expected) {
      const c = at(label)
      expect(c.page, label).toBe(page)
      expect(c.id).toBe(`1706.03762-page-${page}-${label.toLowerCase().replace(' ', '-')}`)
      expect(c.kind).toBe(label.startsWith('Table') ? 'table' : 'figure')
    }
    // Figure 1: the encoder-decoder diagram, centred, above its caption (about 43% of the page).
    const f1 = at('Figure 1').region!
    expect(f1.height).toBeGreaterThan(0.35)
    expect(f1.x).toBeGreaterThan(0.25)
    expect(f1.x + f1.width).toBeLessThan(0.75)
    // Figure 2: both attention diagrams side by side, across the text width.
    const f2 = at('Figure 2').region!
    expect(f2.width).toBeGreaterThan(0.55)
    expect(f2.height).toBeGreaterThan(0.2)
    // Tables: caption on top, then the rows between the rules; never the whole page.
    for (const [label, min] of [
      ['Table 1', 0.12],
      ['Table 2', 0.15],
      ['Table 3', 0.3],
      ['Table 4', 0.15]
    ] as const) {
      const r = at(label).region!
      expect(r.height, label).toBeGreaterThan(min)
      expect(r.height, label).toBeLessThan(0.6)
      expect(r.y, label).toBeLessThan(0.15)
    }
    // The caption text is inside the page text, so the viewer can find it too.
    for (const c of figures) expect(paper.pages[c.page - 1]!.text).toContain(c.text)
    // Regions nest: the caption's own line is inside the figure's region.
    expect(contains(f1, { x: 0.35, y: 0.5, width: 0.3, height: 0.01 })).toBe(true)
  })
})

const dpr = corpusFile('extra/2004.04906.pdf', "DPR's Table 2 region")

describe.skipIf(!dpr)("DPR's tables (2004.04906), captioned under them", () => {
  it('places Table 2 above its caption, across both columns, apart from Figure 1', async () => {
    const bytes = new Uint8Array(await readFile(dpr!))
    const paper = await extractPaper(new PdfjsReader(), bytes, { label: '2004.04906' })
    const chunks = chunkPages('2004.04906', paper.pages, paper.marks, DEFAULT_SETTINGS)
    const region = (label: string) =>
      chunks.find((c) => c.page === 5 && c.kind !== undefined && c.text.startsWith(`${label}:`))!
        .region!
    const table = region('Table 2')
    const figure = region('Figure 1')
    expect(table.y).toBeLessThan(0.1)
    expect(table.y + table.height).toBeLessThan(0.25)
    expect(table.width).toBeGreaterThan(0.7)
    expect(table.y + table.height).toBeLessThan(figure.y)
  })
})
