import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseBibliography } from '../src/main/library/bibtex'
import { importBibliography } from '../src/main/library/importers'
import { buildLibrary } from '../test/fixtures/libraryHarness'
import { decodeText } from '../src/main/library/textEncoding'
import { cp1252, largeBibliography } from '../test/fixtures/wildBibliographies'

/** Reading speed of a generated bibliography, as the import reads it (decode + tolerant parse). */
export interface BibliographyReadFigures {
  entries: number
  bytes: number
  encoding: string
  seconds: number
  entriesPerSecond: number
  /** Processor time (user + system) the read took: on a shared, loaded machine the steadier figure. */
  cpuSeconds: number
  issues: number
  /**
   * The whole import of the same file into a real library on disk: read, then every entry
   * (none has its PDF here) kept as a reference without a PDF, written to the catalog.
   */
  import: {
    seconds: number
    entriesPerSecond: number
    cpuSeconds: number
    keptWithoutPdf: number
  }
  note: string
}

/**
 * Reads a generated `.bib` of `entries` entries (10,000; `--quick`: 1,000) stored as
 * windows-1252 with one keyless and one unclosed-brace entry every 500, through the same
 * decodeText + parseBibliography the import uses; no PDFs, no catalog.
 */
export async function bibliographyRead(quick: boolean): Promise<BibliographyReadFigures> {
  const entries = quick ? 1000 : 10_000
  const text = largeBibliography(entries)
    .replace(/@article\{key(\d*)(?:0|5)00,/g, '@article{,')
    .replace(/author = \{Aut/g, 'author = {Conceição, Fábio and Aut')
    .replace(/(@book\{key\d*(?:2|7)02,\n {2}title = \{)/g, '$1{')
  const bytes = cp1252(text)
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const decoded = decodeText(bytes)
  const read = await parseBibliography(decoded.text, 'generated.bib')
  const seconds = (performance.now() - t0) / 1000
  return {
    ...readFigures(read, bytes.length, decoded.encoding, seconds),
    cpuSeconds: cpuSince(cpu0),
    import: await importFigures(bytes)
  }
}

/** Times importBibliography of these bytes into a fresh library in a temp folder. */
async function importFigures(bytes: Uint8Array): Promise<BibliographyReadFigures['import']> {
  const dir = mkdtempSync(join(tmpdir(), 'rp-bench-bib-'))
  try {
    const file = join(dir, 'generated.bib')
    writeFileSync(file, bytes)
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const summary = await importBibliography(lib.service, file)
    const seconds = (performance.now() - t0) / 1000
    const cpuSeconds = cpuSince(cpu0)
    await lib.service.close()
    const kept = summary.withoutPdf.filter((w) => w.paperId).length
    return {
      seconds: Math.round(seconds * 100) / 100,
      entriesPerSecond: Math.round(summary.entries / seconds),
      cpuSeconds,
      keptWithoutPdf: kept
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function readFigures(
  read: Awaited<ReturnType<typeof parseBibliography>>,
  size: number,
  encoding: string,
  seconds: number
): Omit<BibliographyReadFigures, 'import' | 'cpuSeconds'> {
  return {
    entries: read.entries.length,
    bytes: size,
    encoding,
    seconds: Math.round(seconds * 100) / 100,
    entriesPerSecond: Math.round(read.entries.length / seconds),
    issues: read.issues.length,
    note: '@retorquere/bibtex-parser one block per entry, LaTeX to Unicode, crossref pass; one core'
  }
}

/** Processor seconds (user + system) used by this process since `from`. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from)
  return Math.round((d.user + d.system) / 1e4) / 100
}
