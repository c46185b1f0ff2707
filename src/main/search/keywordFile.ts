import { promisify } from 'node:util'
import { brotliCompress, brotliDecompressSync, constants, crc32 } from 'node:zlib'
import { z } from 'zod'
import type { Region } from '../../shared/types'
import type { Chunk } from '../domain'
import { findAbbreviations } from './abbreviations'
import { abstractText, introducedNames, nameKey } from './introducedNames'
import { ANALYSIS_VERSION, analysisOf, termHash, tokenize, type Analysis } from './tokenizer'

/**
 * The `.kw` format this build writes; the version is in the magic (`RPK` + version).
 * @remarks Format 3 adds a CRC-32 of everything after a 12-byte prefix (`RPK3`, header length,
 * checksum), so garbled postings or text are found when the file is read, not only a truncated
 * file. Formats 1 and 2 (8-byte prefix, no checksum) are still read; a paper's file is written
 * in format 3 the next time it is indexed. Format 4 records the keyword analysis the postings
 * were built with (`analysis`, see {@link ANALYSIS_VERSION}) and the rows analysed as
 * Portuguese (`ptRows`); older files are analysis 1 (English only) and are re-analysed from
 * their stored text in the background while they stay searchable.
 */
const KEYWORD_FORMAT = 4
const MAGIC = `RPK${KEYWORD_FORMAT}`
const compress = promisify(brotliCompress)

/**
 * One paper's keyword postings and chunk records, as held in memory.
 * @remarks Terms are 32-bit hashes sorted ascending, so a lookup is a binary search and the file
 * loads into typed arrays with no per-term objects. Chunk text stays brotli-compressed (about a
 * third of its size) until a result from this paper is shown.
 */
export interface PaperPostings {
  paperId: string
  ids: string[]
  pages: Uint32Array
  indexes: Uint32Array
  tokens: Uint32Array
  sectionNames: string[]
  sections: Uint16Array
  /**
   * What is not plain text-layer text, by row: OCR'd text, figures and tables with regions.
   * @remarks Optional in the file: a file written before figures and OCR had none, and every
   * chunk in it is text.
   */
  extras: Map<number, ChunkExtra>
  /** Index terms per chunk (BM25 document length). */
  lengths: Uint16Array
  terms: Uint32Array
  /** Postings of `terms[t]` are `[starts[t], starts[t + 1])`. */
  starts: Uint32Array
  docs: Uint16Array
  freqs: Uint8Array
  /** Sum of `lengths`. */
  totalLength: number
  textZ: Uint8Array
  /** The {@link ANALYSIS_VERSION} the postings were built with (1 before format 4). */
  analysis: number
  /** Rows whose text was analysed as Portuguese (the others as English). */
  ptRows: Set<number>
}

/** The kind and region of a chunk that is not text-layer text. */
export interface ChunkExtra {
  kind: Exclude<Chunk['kind'], 'text' | undefined>
  region?: Region
}

/** A region on a page as stored: fractions of the page size from its top-left corner. */
const StoredRegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1)
})

/** One row's kind (and a figure's or table's region), as the header stores it. */
const StoredExtraSchema = z.tuple([
  z.number().int().min(0),
  z.object({ kind: z.enum(['ocr', 'figure', 'table']), region: StoredRegionSchema.optional() })
])

/**
 * Per-chunk columns are checked as arrays of the right length, not element by element: they
 * become typed arrays, and opening a large library reads thousands of headers.
 */
const column = z.array(z.unknown()).transform((a) => a as number[])

/**
 * The JSON header of a `.kw` file (format 2), this file's storage schema.
 * @remarks Format 2 added `extras` (`[row, {kind, region}]` for OCR'd text, figures and
 * tables); a format-1 file has none, and every chunk in it is text-layer text.
 */
const HeaderSchema = z
  .looseObject({
    paperId: z.string().min(1),
    ids: z.array(z.string()),
    pages: column,
    indexes: column,
    tokens: column,
    sectionNames: z.array(z.string()),
    sections: column,
    extras: z.array(StoredExtraSchema).optional(),
    analysis: z.number().int().min(1),
    ptRows: z.array(z.number().int().min(0)),
    terms: z.number().int().min(0),
    postings: z.number().int().min(0)
  })
  .superRefine((h, ctx) => {
    const n = h.ids.length
    for (const key of ['pages', 'indexes', 'tokens', 'sections'] as const) {
      if (h[key].length !== n) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${h[key].length} rows, not ${n}` })
      }
    }
    for (const row of h.ptRows) {
      if (row >= n)
        ctx.addIssue({ code: 'custom', path: ['ptRows'], message: `row ${row} of ${n}` })
    }
    for (const [row] of h.extras ?? []) {
      if (row >= n)
        ctx.addIssue({ code: 'custom', path: ['extras'], message: `row ${row} of ${n}` })
    }
  })
type Header = z.infer<typeof HeaderSchema>

/** Numbered migrations of the header, keyed by the format they upgrade from. */
const HEADER_MIGRATIONS: Readonly<Record<number, (h: Record<string, unknown>) => unknown>> = {
  // 1 -> 2: rows gained kinds and regions; a format-1 file is all text.
  1: (h) => ({ ...h, extras: [] }),
  // 2 -> 3: a checksum in the framing; the header is unchanged.
  2: (h) => h,
  // 3 -> 4: postings record their analysis; a format-3 file was analysed as English only.
  3: (h) => ({ ...h, analysis: 1, ptRows: [] })
}

/** Parses a header of format `version`, migrating it to the current one. */
function parseHeader(json: string, version: number): Header {
  let doc: unknown
  try {
    doc = JSON.parse(json)
  } catch (e) {
    throw new Error(`header is not valid JSON (${(e as Error).message})`, { cause: e })
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new Error('header is not a JSON object')
  }
  for (let v = version; v < KEYWORD_FORMAT; v++)
    doc = HEADER_MIGRATIONS[v]!(doc as Record<string, unknown>)
  const parsed = HeaderSchema.safeParse(doc)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`header ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`)
  }
  return parsed.data
}

/** The longest stretch {@link buildPostings} tokenizes before letting other work run. */
const YIELD_EVERY_MS = 4

/**
 * Builds the postings of one paper's chunks.
 * @param analyse The analysis of a chunk's text (its detected language; tests pass another).
 */
export async function buildPostings(
  paperId: string,
  chunks: readonly Chunk[],
  analyse: (text: string) => Analysis = analysisOf
): Promise<PaperPostings> {
  if (chunks.length > 0xffff) throw new Error(`Paper ${paperId} has more than 65535 chunks`)
  const byTerm = new Map<number, number[]>()
  const lengths = new Uint16Array(chunks.length)
  // Each chunk in its own language: a Portuguese thesis with an English abstract is analysed
  // as both.
  const analyses = chunks.map((c) => analyse(c.text))
  const ptRows = new Set<number>()
  analyses.forEach((a, row) => a === 'pt' && ptRows.add(row))
  const expansions = abbreviationTerms(chunks, ptRows.size * 2 > chunks.length ? 'pt' : 'en')
  // The names the paper's abstract introduces mark its first chunk: a paper-level field.
  const introduces = introducedNames(abstractText(chunks)).map((n) => introducesTerm(nameKey(n)))
  let since = performance.now()
  for (let doc = 0; doc < chunks.length; doc++) {
    // Yield every few milliseconds, so indexing a long paper never stalls the main process's
    // event loop: a count of chunks is not enough (8 chunks took 30 ms while the embedder and
    // extraction workers kept both cores busy).
    if (performance.now() - since > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve))
      since = performance.now()
    }
    const c = chunks[doc]!
    const counts = new Map<number, number>()
    const terms = tokenize(c.text, analyses[doc])
    lengths[doc] = Math.min(0xffff, terms.length)
    for (const t of terms) {
      const h = termHash(t)
      counts.set(h, (counts.get(h) ?? 0) + 1)
    }
    // A chunk that uses a defined short form is also indexed under its long form's words.
    for (const [short, long] of expansions) {
      const tf = counts.get(short)
      if (tf) for (const h of long) counts.set(h, (counts.get(h) ?? 0) + tf)
    }
    if (doc === 0) for (const h of introduces) counts.set(h, 1)
    for (const [h, tf] of counts) {
      let list = byTerm.get(h)
      if (!list) byTerm.set(h, (list = []))
      list.push(doc, Math.min(255, tf))
    }
  }
  const terms = Uint32Array.from(byTerm.keys()).sort()
  const starts = new Uint32Array(terms.length + 1)
  let total = 0
  terms.forEach((h, t) => {
    starts[t] = total
    total += byTerm.get(h)!.length / 2
  })
  starts[terms.length] = total
  const docs = new Uint16Array(total)
  const freqs = new Uint8Array(total)
  terms.forEach((h, t) => {
    const list = byTerm.get(h)!
    for (let i = 0; i < list.length; i += 2) {
      docs[starts[t]! + i / 2] = list[i]!
      freqs[starts[t]! + i / 2] = list[i + 1]!
    }
  })
  const sectionNames = [...new Set(chunks.map((c) => c.section))]
  const textZ = await compress(Buffer.from(JSON.stringify(chunks.map((c) => c.text))), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 6 }
  })
  return {
    paperId,
    ids: chunks.map((c) => c.id),
    pages: Uint32Array.from(chunks, (c) => c.page),
    indexes: Uint32Array.from(chunks, (c) => c.index),
    tokens: Uint32Array.from(chunks, (c) => c.tokens),
    sectionNames,
    sections: Uint16Array.from(chunks, (c) => sectionNames.indexOf(c.section)),
    extras: extrasOf(chunks),
    lengths,
    terms,
    starts,
    docs,
    freqs,
    totalLength: lengths.reduce((a, b) => a + b, 0),
    textZ: new Uint8Array(textZ),
    analysis: ANALYSIS_VERSION,
    ptRows
  }
}

function extrasOf(chunks: readonly Chunk[]): Map<number, ChunkExtra> {
  const out = new Map<number, ChunkExtra>()
  chunks.forEach((c, row) => {
    if (c.kind && c.kind !== 'text')
      out.set(row, { kind: c.kind, ...(c.region && { region: c.region }) })
  })
  return out
}

function abbreviationTerms(chunks: readonly Chunk[], analysis: Analysis): Map<number, number[]> {
  const out = new Map<number, number[]>()
  const defined = findAbbreviations(chunks.map((c) => c.text).join('\n'))
  for (const [short, long] of defined) {
    const s = tokenize(short, analysis)
    const l = [...new Set(tokenize(long, analysis))].map(termHash)
    if (s.length === 1 && l.length > 0) out.set(termHash(s[0]!), l)
  }
  return out
}

/** The chunk texts of a paper, decompressed. */
export function chunkTexts(p: PaperPostings): string[] {
  return JSON.parse(brotliDecompressSync(p.textZ).toString('utf8')) as string[]
}

/** Serializes postings to the `.kw` file format. */
export function encodePostings(p: PaperPostings): Buffer {
  const header: Header = {
    paperId: p.paperId,
    ids: p.ids,
    pages: [...p.pages],
    indexes: [...p.indexes],
    tokens: [...p.tokens],
    sectionNames: p.sectionNames,
    sections: [...p.sections],
    ...(p.extras.size > 0 && { extras: [...p.extras] }),
    analysis: p.analysis,
    ptRows: [...p.ptRows],
    terms: p.terms.length,
    postings: p.docs.length
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  const parts = [p.terms, p.starts, p.docs, p.lengths, p.freqs, p.textZ]
  const at = align4(12 + json.length)
  const offsets: number[] = []
  let size = at
  for (const part of parts) {
    offsets.push(size)
    size = align4(size + part.byteLength)
  }
  const out = Buffer.alloc(size)
  out.write(MAGIC, 0, 'latin1')
  out.writeUInt32LE(json.length, 4)
  json.copy(out, 12)
  parts.forEach((part, i) =>
    Buffer.from(part.buffer, part.byteOffset, part.byteLength).copy(out, offsets[i])
  )
  // The compressed text's length is implied by the file size; record it in the last 4 bytes.
  const file = Buffer.concat([out, uint32(p.textZ.byteLength)])
  file.writeUInt32LE(crc32(file.subarray(12)), 8)
  return file
}

/**
 * Parses a `.kw` file; throws on a damaged one.
 * @param recordsOnly Skip copying the postings (left empty): for a paper whose postings are in
 * the pack and only its chunk records and text are wanted.
 */
export function decodePostings(file: Uint8Array, recordsOnly = false): PaperPostings {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength)
  const magic = buf.length >= 4 ? buf.toString('latin1', 0, 4) : ''
  const version = /^RPK[1-9]$/.test(magic) ? Number(magic.slice(3)) : null
  if (version !== null && version > KEYWORD_FORMAT) {
    throw new Error(`written by a newer ResearchPal (keyword format ${version})`)
  }
  if (buf.length < 12 || version === null) {
    throw new Error('Not a ResearchPal keyword file (bad magic)')
  }
  const headerLen = buf.readUInt32LE(4)
  // Formats 1 and 2 have no checksum: their header follows the length.
  const headerAt = version >= 3 ? 12 : 8
  if (headerAt + headerLen > buf.length - 4) throw new Error('Truncated keyword file')
  const h = parseHeader(buf.toString('utf8', headerAt, headerAt + headerLen), version)
  const n = h.ids.length
  const textLen = buf.readUInt32LE(buf.length - 4)
  let at = align4(headerAt + headerLen)
  const take = <T>(make: (b: ArrayBuffer) => T, bytes: number, skip = false): T => {
    if (at + bytes > buf.length - 4) throw new Error('Truncated keyword file')
    if (skip) {
      at = align4(at + bytes)
      return make(new ArrayBuffer(0))
    }
    const copy = new ArrayBuffer(bytes)
    new Uint8Array(copy).set(buf.subarray(at, at + bytes))
    at = align4(at + bytes)
    return make(copy)
  }
  const terms = take((b) => new Uint32Array(b), h.terms * 4, recordsOnly)
  const starts = take((b) => new Uint32Array(b), (h.terms + 1) * 4, recordsOnly)
  const docs = take((b) => new Uint16Array(b), h.postings * 2, recordsOnly)
  const lengths = take((b) => new Uint16Array(b), n * 2)
  const freqs = take((b) => new Uint8Array(b), h.postings, recordsOnly)
  const textZ = take((b) => new Uint8Array(b), textLen)
  if (at !== buf.length - 4) throw new Error('Keyword file has trailing bytes')
  if (version >= 3 && crc32(buf.subarray(12)) !== buf.readUInt32LE(8)) {
    throw new Error('checksum mismatch: the file is damaged')
  }
  return {
    paperId: h.paperId,
    ids: h.ids,
    pages: Uint32Array.from(h.pages),
    indexes: Uint32Array.from(h.indexes),
    tokens: Uint32Array.from(h.tokens),
    sectionNames: h.sectionNames,
    sections: Uint16Array.from(h.sections),
    extras: new Map(h.extras ?? []) as Map<number, ChunkExtra>,
    lengths,
    terms,
    starts,
    docs,
    freqs,
    totalLength: lengths.reduce((a, b) => a + b, 0),
    textZ,
    analysis: h.analysis,
    ptRows: new Set(h.ptRows)
  }
}

function align4(n: number): number {
  return (n + 3) & ~3
}

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n)
  return b
}

/**
 * The term that marks a paper introducing the name with this key ({@link nameKey}); no word
 * of a text is ever indexed as it (the prefix is not a letter or digit).
 */
export function introducesTerm(key: string): number {
  return termHash(`\u0001introduces:${key}`)
}
