/**
 * `npx tsx bench/ocrBench.ts [--pages N]`: OCR speed on a scanned paper, what OCR adds to its
 * ingest time, figure/table caption precision and recall on hand-labelled pages, and how many
 * pages of the 18 text PDFs would be sent to OCR (should be none). One JSON document on stdout.
 * @remarks A benchmark, not a test. The scan is the Transformer paper rasterised (150 dpi,
 * grey) into an image-only PDF by `test/fixtures/scannedPdf.ts`; both ingests go through the
 * real LibraryService with the extraction and OCR workers (keyword index only, so embedding does not blur the figures).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { extractPaper } from '../src/main/ingest/extractPaper'
import { PdfjsReader } from '../src/main/ingest/PdfjsReader'
import { needsOcr } from '../src/main/ingest/textQuality'
import { TesseractRecognizer } from '../src/main/ocr/TesseractRecognizer'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../test/fakes/fakeEmbedder'
import { makeScannedPdf } from '../test/fixtures/scannedPdf'
import labels from './captionLabels.json'
import { SHARED_DIR } from './ingestCorpus'

const log = (m: string): void => void process.stderr.write(`[ocr-bench] ${m}\n`)
const r2 = (x: number): number => Math.round(x * 100) / 100
const corpus = join(SHARED_DIR, 'corpus')

async function ingestSeconds(file: string): Promise<{ seconds: number; status: string }> {
  const root = await mkdtemp(join(tmpdir(), 'ocr-bench-'))
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    embedder: new FakeEmbedderProvider(null),
    log: () => {}
  })
  try {
    const t = performance.now()
    const [paper] = await services.library.addPaths([file])
    await services.library.whenIdle()
    const seconds = (performance.now() - t) / 1000
    const status = services.library.list().find((p) => p.id === paper!.id)!.status
    return { seconds, status }
  } finally {
    await services.close()
    await rm(root, { recursive: true, force: true })
  }
}

async function ocrSpeed(pages: number) {
  const source = join(corpus, '1706.03762.pdf')
  const dir = await mkdtemp(join(tmpdir(), 'ocr-scan-'))
  const scanFile = join(dir, 'scan.pdf')
  await writeFile(scanFile, await makeScannedPdf(source, { last: pages }))
  const textFile = join(dir, 'text.pdf')
  // The same pages with their text layer, for the ingest-time comparison.
  await writeFile(textFile, await readFile(source))
  const scan = new Uint8Array(await readFile(scanFile))
  log(`recognising ${pages} scanned pages in-thread`)
  const recognizer = new TesseractRecognizer()
  const t0 = performance.now()
  await recognizer.recognize(scan, [1], { languages: ['eng'] })
  const warm = (performance.now() - t0) / 1000
  const t1 = performance.now()
  const read = await recognizer.recognize(
    scan,
    Array.from({ length: pages }, (_, i) => i + 1),
    { languages: ['eng'] }
  )
  const recognise = (performance.now() - t1) / 1000
  await recognizer.close()
  const confidence = read.reduce((n, p) => n + p.ocr.confidence, 0) / read.length
  log('ingesting the scan and the original through LibraryService (workers)')
  const scanned = await ingestSeconds(scanFile)
  const original = await ingestSeconds(textFile)
  await rm(dir, { recursive: true, force: true })
  return {
    paper: '1706.03762 (Transformer), rasterised 150 dpi grey into an image-only PDF',
    pages,
    firstPageWithEngineStartSeconds: r2(warm),
    recognisePagesPerSecond: r2(pages / recognise),
    secondsPerPage: r2(recognise / pages),
    meanConfidence: r2(confidence),
    ingestScannedSeconds: r2(scanned.seconds),
    ingestScannedStatus: scanned.status,
    ingestOriginalSeconds: r2(original.seconds),
    originalPages: 15,
    ocrAddsSecondsPerPage: r2((scanned.seconds - (original.seconds * pages) / 15) / pages)
  }
}

async function captionAccuracy() {
  const reader = new PdfjsReader()
  const byFile = new Map<string, typeof labels.pages>()
  for (const p of labels.pages) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p])
  let tp = 0
  let fp = 0
  let fn = 0
  const misses: string[] = []
  for (const [file, pages] of byFile) {
    const paper = await extractPaper(reader, new Uint8Array(await readFile(join(corpus, file))))
    for (const labelled of pages) {
      const found = new Set((paper.pages[labelled.page - 1]?.figures ?? []).map((f) => f.label))
      const truth = new Set(labelled.captions)
      for (const f of found) {
        if (truth.has(f)) tp++
        else {
          fp++
          misses.push(`extra ${f} on ${file} p${labelled.page}`)
        }
      }
      for (const t of truth) {
        if (!found.has(t)) {
          fn++
          misses.push(`missed ${t} on ${file} p${labelled.page}`)
        }
      }
    }
  }
  return {
    labelledPages: labels.pages.length,
    labelledCaptions: labels.pages.reduce((n, p) => n + p.captions.length, 0),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: r2(tp / Math.max(1, tp + fp)),
    recall: r2(tp / Math.max(1, tp + fn)),
    mistakes: misses
  }
}

async function textPdfsSentToOcr() {
  const reader = new PdfjsReader()
  const files = [
    ...readdirSync(corpus).filter((f) => f.endsWith('.pdf')),
    ...readdirSync(join(corpus, 'extra'))
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => join('extra', f))
  ]
  let pages = 0
  const flagged: string[] = []
  for (const file of files) {
    const paper = await extractPaper(reader, new Uint8Array(await readFile(join(corpus, file))))
    for (const p of paper.pages) {
      pages++
      if (needsOcr(p.text)) flagged.push(`${file} p${p.page}`)
    }
  }
  return { papers: files.length, pages, pagesThatWouldBeOcrd: flagged.length, flagged }
}

/** CPU per page of reading the default papers' text (with figure graphics where needed). */
async function readingCost() {
  const reader = new PdfjsReader()
  const files = ['1706.03762', '1810.04805', '2005.11401'].map(
    (id) => new Uint8Array(readFileSync(join(corpus, `${id}.pdf`)))
  )
  await reader.read(files[0]!)
  const start = process.cpuUsage()
  let pages = 0
  let withGraphics = 0
  for (let round = 0; round < 2; round++) {
    for (const f of files) {
      const content = await reader.read(f)
      pages += content.pages.length
      withGraphics += content.pages.filter((p) => p.graphics).length
    }
  }
  const cpu = process.cpuUsage(start)
  return {
    papers: '1706.03762, 1810.04805, 2005.11401 (twice)',
    cpuMsPerPage: r2((cpu.user + cpu.system) / 1000 / pages),
    pagesWithOperatorList: `${withGraphics / 2} of ${pages / 2}`
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string' } } })
  const pages = Number(values.pages ?? 15)
  const reading = await readingCost()
  log(`reading: ${reading.cpuMsPerPage} ms CPU per page`)
  const captions = await captionAccuracy()
  log(`captions: precision ${captions.precision}, recall ${captions.recall}`)
  const textPdfs = await textPdfsSentToOcr()
  log(`text PDFs: ${textPdfs.pagesThatWouldBeOcrd} of ${textPdfs.pages} pages would be OCR'd`)
  const ocr = await ocrSpeed(pages)
  process.stdout.write(
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        // OCR runs at the lowest priority: on a busy machine it waits, and its speed with it.
        loadAverage1m: r2(loadavg()[0]!),
        ocr,
        captions,
        textPdfs,
        reading
      },
      null,
      2
    )}\n`
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
