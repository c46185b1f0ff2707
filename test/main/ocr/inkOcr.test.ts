import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingest } from '../../../src/main/cli/commands'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { inkShare } from '../../../src/main/ocr/ink'
import { ocrLanguagesFor } from '../../../src/main/ocr/ocrLanguage'
import type { PageRecognizer } from '../../../src/main/ocr/PageRecognizer'
import { TesseractRecognizer } from '../../../src/main/ocr/TesseractRecognizer'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePdf, type FixtureLine } from '../../fixtures/makePdf'
import { makeScannedPdf } from '../../fixtures/scannedPdf'
import { corpusFile } from '../../fixtures/sharedCorpus'

/** A page of running text, 14 pt, as a report's body would be. */
function body(lines: string[]): FixtureLine[] {
  return lines.map((text) => ({ text, size: 14 }))
}

const ENGLISH = body([
  'Blank pages in printed reports are common.',
  'A scanner keeps every verso, even the empty ones,',
  'so a scanned report has pages without any ink.',
  'Reading them with OCR costs time and finds nothing.'
])

const PORTUGUESE = body([
  'A avaliação da política pública de educação',
  'mostrou que a participação das famílias é decisiva.',
  'Considerações finais: a análise confirma a hipótese',
  'e a conclusão vale também para a região Nordeste.'
])

/** Writes an image-only copy (a "scan") of a text PDF made from `pages`. */
async function scanOf(dir: string, name: string, pages: FixtureLine[][]): Promise<Uint8Array> {
  const text = join(dir, `${name}-text.pdf`)
  await writeFile(text, makePdf({ pages }))
  return makeScannedPdf(text, { dpi: 150 })
}

/** Counts the pages each call is asked to OCR, and the progress it reports. */
function counting(inner: PageRecognizer): PageRecognizer & { progress: string[] } {
  const progress: string[] = []
  return {
    progress,
    recognize: (bytes, pages, options) =>
      inner.recognize(bytes, pages, {
        ...options,
        onPage: (done, total) => {
          progress.push(`${done}/${total}`)
          options.onPage?.(done, total)
        }
      })
  }
}

describe('ink share of a page image', () => {
  const W = 100
  const H = 100
  const white = (): Uint8ClampedArray => new Uint8ClampedArray(W * H * 4).fill(255)
  const paint = (px: Uint8ClampedArray, x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) px.fill(0, (y * W + x) * 4, (y * W + x) * 4 + 3)
    }
  }

  it('is zero on a white page and counts dark pixels inside the margins', () => {
    expect(inkShare(white(), W, H)).toBe(0)
    const printed = white()
    paint(printed, 20, 20, 80, 30) // a line of print: 600 of the 8,100 inner pixels
    expect(inkShare(printed, W, H)).toBeCloseTo(600 / 8100, 5)
  })

  it('leaves out a scanner shadow along the edge', () => {
    const shadow = white()
    paint(shadow, 0, 0, 4, H) // a dark band on the left edge, inside the 5 % margin
    expect(inkShare(shadow, W, H)).toBe(0)
  })
})

describe('OCR only where a page has ink (real Tesseract)', () => {
  let dir: string
  let tesseract: TesseractRecognizer

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ink-ocr-'))
    tesseract = new TesseractRecognizer()
  })

  afterAll(async () => {
    await tesseract?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('skips blank pages of a scan and reads the inked ones', async () => {
    // Page 1 print, 2 a blank verso, 3 print, 4 blank: a scan of a report printed two-sided.
    const scan = await scanOf(dir, 'report', [ENGLISH, [], ENGLISH, []])
    const recognizer = counting(tesseract)
    const announced: number[] = []
    const shown: string[] = []
    const paper = await extractPaper(new PdfjsReader(), scan, {
      ocr: {
        recognizer,
        languages: ['eng'],
        onPage: (done, total) => shown.push(`${done}/${total}`)
      },
      onPageText: (p) => announced.push(p.page)
    })
    expect(paper.ocr).toEqual({ pages: 2, skipped: 2, languages: ['eng'] })
    // The first two pages are read first (to tell the language of a paper that is all scans),
    // each call OCR-ing only its inked page; until the rest is drawn its blank page is not
    // known, so the total shown first counts it, then shrinks to the pages with ink.
    expect(recognizer.progress).toEqual(['0/1', '1/1', '0/1', '1/1'])
    expect(shown).toEqual(['0/3', '1/3', '1/2', '2/2'])
    expect(paper.pages.map((p) => Boolean(p.ocr))).toEqual([true, false, true, false])
    expect(paper.pages[0]!.text).toMatch(/scanner keeps every verso/i)
    expect(paper.pages[1]!.text).toBe('')
    // Every page is still announced once, the blank ones with their empty text.
    expect([...announced].sort()).toEqual([1, 2, 3, 4])
  }, 120_000)

  it('a scan whose pages are all blank starts no OCR and says it has no text', async () => {
    const scan = await scanOf(dir, 'blank', [[], []])
    const recognizer = counting(tesseract)
    await expect(
      extractPaper(new PdfjsReader(), scan, { ocr: { recognizer, languages: ['eng'] } })
    ).rejects.toMatchObject({ code: 'NO_TEXT' })
    expect(recognizer.progress).toEqual([])
  }, 60_000)

  it('reads a Portuguese scan with the Portuguese data, accents included', async () => {
    const scan = await scanOf(dir, 'relatorio', [PORTUGUESE])
    const words = async (languages: string[]): Promise<string> =>
      (await extractPaper(new PdfjsReader(), scan, { ocr: { recognizer: tesseract, languages } }))
        .pages[0]!.text
    const accented = ['avaliação', 'política', 'educação', 'participação', 'Considerações']
    const por = await words(['por'])
    for (const w of accented) expect(por).toContain(w)
    // English and Portuguese together (one data folder holding both) read it as well.
    const both = await words(['eng', 'por'])
    expect(accented.filter((w) => both.includes(w)).length).toBeGreaterThanOrEqual(4)
  }, 180_000)

  it('reads a Portuguese scan in Portuguese when Settings says English', async () => {
    const scan = await scanOf(dir, 'tese', [PORTUGUESE, PORTUGUESE, PORTUGUESE])
    const paper = await extractPaper(new PdfjsReader(), scan, {
      ocr: { recognizer: tesseract, languages: ['eng'] }
    })
    expect(paper.ocr).toEqual({ pages: 3, skipped: 0, languages: ['por'] })
    for (const page of paper.pages) expect(page.text).toContain('avaliação')
    expect(paper.metadata.language).toBe('pt')
  }, 240_000)
})

describe('the CLI reports pages OCR read and blank pages skipped', () => {
  let root: string
  let services: Services

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'ink-cli-'))
    services = await createServices({
      dataDir: join(root, 'data'),
      secrets: new MemorySecretStore(),
      embedder: new FakeEmbedderProvider(null),
      log: () => {}
    })
  })

  afterAll(async () => {
    await services?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('prints the counts and stores them with the paper', async () => {
    const file = join(root, 'two-sided-report.pdf')
    await writeFile(file, await scanOf(root, 'two-sided', [ENGLISH, [], [], ENGLISH, ENGLISH]))
    const out = await ingest(services, [file])
    expect(out.exitCode).toBe(0)
    expect(out.text).toMatch(/5 pages, \d+ chunks \(OCR: 3 pages read, 2 blank pages skipped\)/)
    expect(out.json).toMatchObject({ papers: [{ ocr: { pages: 3, skipped: 2 } }] })
    const [paper] = services.library.list()
    expect(paper!.ocr).toEqual({ pages: 3, skipped: 2, languages: ['eng'] })
  }, 180_000)
})

describe('the OCR language follows the paper', () => {
  const PT = PORTUGUESE.map((l) => l.text).join(' ')
  const EN = ENGLISH.map((l) => l.text).join(' ')

  it('is the language of the text-layer pages when there is enough of it, else the chosen one', () => {
    expect(ocrLanguagesFor([PT, PT, PT, PT], ['eng'])).toEqual(['por'])
    expect(ocrLanguagesFor([EN, EN, EN, EN], ['por'])).toEqual(['eng'])
    // A cover page's few lines do not decide it; a paper that is all scans keeps the choice.
    expect(ocrLanguagesFor(['Baixado de repositorio.usp.br em 2024'], ['eng'])).toEqual(['eng'])
    expect(ocrLanguagesFor([], ['por'])).toEqual(['por'])
    // A language without OCR data here (Spanish) keeps the chosen one.
    const es = 'La evaluación de la política pública de educación mostró que la participación '
    expect(ocrLanguagesFor([es.repeat(10)], ['eng'])).toEqual(['eng'])
  })

  it('a Portuguese paper with a page to OCR has it read with Portuguese, whatever the setting', async () => {
    const asked: string[][] = []
    const recognizer: PageRecognizer = {
      recognize: async (_bytes, _pages, options) => {
        asked.push([...options.languages])
        return []
      }
    }
    const text = makePdf({ pages: [PORTUGUESE, PORTUGUESE, PORTUGUESE, PORTUGUESE, []] })
    const paper = await extractPaper(new PdfjsReader(), text, {
      ocr: { recognizer, languages: ['eng'] }
    })
    expect(asked).toEqual([['por']])
    expect(paper.ocr).toEqual({ pages: 0, skipped: 1, languages: ['por'] })
    expect(paper.metadata.language).toBe('pt')
  })
})

/** A recognizer that reads every page as `lines`, and notes which pages it read in what. */
function scripted(lines: string[]): PageRecognizer & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    recognize: async (_bytes, pages, options) => {
      asked.push(`${pages.join(',')}:${options.languages.join('+')}`)
      return pages.map((page) => ({
        page,
        width: 595,
        height: 842,
        items: lines.map((str, i) => ({
          str,
          x: 72,
          y: 770 - 16 * i,
          width: 400,
          fontSize: 12,
          fontName: 'ocr',
          hasEOL: true
        })),
        ocr: { languages: [...options.languages], confidence: 90, words: [] }
      }))
    }
  }
}

describe('a paper that is all scans is read in the language its first pages are in', () => {
  const pt = PORTUGUESE.map((l) => l.text)
  const en = ENGLISH.map((l) => l.text)
  const allScans = makePdf({ pages: [[], [], [], []] })

  it('reads them again, and the rest, in Portuguese when the setting is English', async () => {
    const recognizer = scripted([...pt, ...pt])
    const paper = await extractPaper(new PdfjsReader(), allScans, {
      ocr: { recognizer, languages: ['eng'] }
    })
    expect(recognizer.asked).toEqual(['1,2:eng', '1,2,3,4:por'])
    expect(paper.ocr).toEqual({ pages: 4, skipped: 0, languages: ['por'] })
    expect(paper.pages.map((p) => p.page)).toEqual([1, 2, 3, 4])
  })

  it('reads nothing twice when the setting was right', async () => {
    const recognizer = scripted([...en, ...en])
    const paper = await extractPaper(new PdfjsReader(), allScans, {
      ocr: { recognizer, languages: ['eng'] }
    })
    expect(recognizer.asked).toEqual(['1,2:eng', '3,4:eng'])
    expect(paper.ocr?.languages).toEqual(['eng'])
  })
})

const jbig2Scan = corpusFile(
  'varied/en_scanned_flajolet_probabilistic_counting.pdf',
  'OCR of a JBIG2-compressed scan'
)

describe.skipIf(!jbig2Scan)('a real scan compressed with JBIG2 (real Tesseract)', () => {
  const tesseract = new TesseractRecognizer()
  afterAll(() => tesseract.close())

  it('is drawn with its ink (pdf.js WebAssembly decoder) and read by OCR', async () => {
    // Without pdf.js's JBIG2 decoder the pages drew blank: OCR read 0 letters on 28 pages.
    const bytes = new Uint8Array(await readFile(jbig2Scan!))
    const [page] = await tesseract.recognize(bytes, [1], { languages: ['eng'] })
    expect(page?.page).toBe(1)
    const text = page!.items.map((i) => i.str).join(' ')
    expect(text).toMatch(/Probabilistic\s+Counting/i)
  }, 120_000)
})
