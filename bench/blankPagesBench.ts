/**
 * Issue 26: what the ink check saves. Real documents of `../shared/corpus/varied/` with blank
 * versos (text-less pages without ink) are read by `extractPaper` with OCR twice: as before the
 * ink check (every text-less page sent to Tesseract) and as now (blank pages skipped). Reports OCR
 * passes, pages skipped and seconds for each. `npx tsx bench/blankPagesBench.ts [--quick]` prints
 * the JSON alone; `npm run bench` includes it as `blankPages`.
 * @remarks In-thread (PdfjsReader + TesseractRecognizer, no workers, no embedding), so the
 * figures are reading and OCR time only. Quick: the USP TCC (57 pages, 5 blank) only, about 30 s;
 * full: also the Unicamp dissertation (105 pages, 11 blank) and the image-only Flajolet scan (28
 * pages, all inked: none may be skipped), a few minutes on a 2-core machine.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { extractPaper } from '../src/main/ingest/extractPaper'
import { PdfjsReader } from '../src/main/ingest/PdfjsReader'
import { TesseractRecognizer } from '../src/main/ocr/TesseractRecognizer'
import { PdfRenderer } from '../src/main/pdf/PdfRenderer'
import { SHARED_DIR } from './ingestCorpus'

const VARIED = join(SHARED_DIR, 'corpus', 'varied')
const log = (m: string): void => void process.stderr.write(`[blank-pages] ${m}\n`)
const r2 = (x: number): number => Math.round(x * 100) / 100

/** One way of reading a document: OCR passes, blank pages skipped, seconds. */
interface Reading {
  ocrPasses: number
  skipped: number
  seconds: number
}

async function read(
  bytes: Uint8Array,
  file: string,
  languages: string[],
  readBlankPages: boolean
): Promise<Reading & { loadAverage: number }> {
  const recognizer = new TesseractRecognizer(new PdfRenderer(), { readBlankPages })
  let passes = 0
  try {
    const t = performance.now()
    const paper = await extractPaper(new PdfjsReader(), bytes, {
      label: file,
      ocr: {
        recognizer,
        languages,
        onPage: (done) => void (passes = Math.max(passes, done))
      }
    })
    const seconds = (performance.now() - t) / 1000
    return {
      ocrPasses: passes,
      skipped: paper.ocr?.skipped ?? 0,
      seconds: r2(seconds),
      // Seconds on a shared machine vary with its load; OCR passes do not.
      loadAverage: r2(loadavg()[0]!)
    }
  } finally {
    await recognizer.close()
  }
}

/** Before/after figures for the documents present (none when the corpus is not here). */
export async function blankPagesBench(quick: boolean) {
  // The chosen OCR language matters only where no page has a text layer (the scan).
  const all: [string, string[]][] = [
    ['pt_tcc_usp_sarcasmo.pdf', ['por']],
    ['pt_dissertacao_unicamp_hadoop.pdf', ['por']],
    ['en_scanned_flajolet_probabilistic_counting.pdf', ['eng']]
  ]
  const files = quick ? all.slice(0, 1) : all
  const documents = []
  for (const [file, languages] of files) {
    const path = join(VARIED, file)
    if (!existsSync(path)) {
      log(`skipped: ${path} is not here`)
      continue
    }
    const bytes = new Uint8Array(await readFile(path))
    const pages = (await new PdfjsReader().read(bytes.slice(), { label: file })).numPages
    log(`${file}: every text-less page sent to OCR (before)`)
    const before = await read(bytes.slice(), file, languages, true)
    log(`${file}: blank pages skipped (after)`)
    const after = await read(bytes.slice(), file, languages, false)
    documents.push({ file, pages, before, after })
  }
  return {
    note: 'extractPaper in-thread with OCR (the chosen language: por, eng for the scan; a text layer decides it); before = every text-less page sent to Tesseract, after = pages without ink skipped (36 dpi ink check)',
    documents
  }
}

if (process.argv[1]?.endsWith('blankPagesBench.ts')) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } })
  blankPagesBench(values.quick!).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e)
      process.exitCode = 1
    }
  )
}
