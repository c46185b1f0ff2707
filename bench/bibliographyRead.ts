import { parseBibliography } from '../src/main/library/bibtex'
import { decodeText } from '../src/main/library/textEncoding'
import { cp1252, largeBibliography } from '../test/fixtures/wildBibliographies'

/** Reading speed of a generated bibliography, as the import reads it (decode + tolerant parse). */
export interface BibliographyReadFigures {
  entries: number
  bytes: number
  encoding: string
  seconds: number
  entriesPerSecond: number
  issues: number
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
  const decoded = decodeText(bytes)
  const read = await parseBibliography(decoded.text, 'generated.bib')
  const seconds = (performance.now() - t0) / 1000
  return {
    entries: read.entries.length,
    bytes: bytes.length,
    encoding: decoded.encoding,
    seconds: Math.round(seconds * 100) / 100,
    entriesPerSecond: Math.round(read.entries.length / seconds),
    issues: read.issues.length,
    note: '@retorquere/bibtex-parser one block per entry, LaTeX to Unicode, crossref pass; one core'
  }
}
