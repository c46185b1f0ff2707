import { Tiktoken } from 'js-tiktoken/lite'
import cl100kBase from 'js-tiktoken/ranks/cl100k_base'
import { chunkId, figureChunkId, type Chunk, type PageFigure, type PageText } from '../domain'
import { dominantSection, type SectionMark } from './sections'

let encoder: Tiktoken | null = null
let preTokens: RegExp | null = null
const preTokenCounts = new Map<string, number>()

/**
 * The shared cl100k_base tokenizer (built once, ~0.3 s).
 * @remarks Built from js-tiktoken's `lite` entry and the cl100k ranks alone: the package's main
 * entry carries every encoding (5.6 MB of source to parse) where this one needs 1.1 MB.
 */
export function cl100k(): Tiktoken {
  encoder ??= new Tiktoken(cl100kBase)
  return encoder
}

/**
 * Counts cl100k_base tokens: exactly `encode(text).length`, with special-token text such as
 * `<|endoftext|>` counted as the plain text it is in a paper.
 * @remarks tiktoken splits text with the encoding's pre-token pattern and encodes each piece on
 * its own, so a text's count is the sum of its pieces' counts. Papers repeat their pieces
 * (words with their leading space, numbers, punctuation), so each distinct piece is encoded
 * once: counting a chunk is then a regex scan and map lookups instead of a byte-pair merge per
 * word. js-tiktoken's `encode` would also throw on a paper that quotes `<|endoftext|>`.
 */
export function countTokens(text: string): number {
  const re = (preTokens ??= new RegExp(cl100kBase.pat_str, 'gu'))
  re.lastIndex = 0
  let n = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0] === '') {
      re.lastIndex++ // the pattern cannot match empty; never loop if it did
      continue
    }
    n += preTokenCount(m[0])
  }
  return n
}

function preTokenCount(piece: string): number {
  let n = preTokenCounts.get(piece)
  if (n === undefined) {
    if (preTokenCounts.size > 200_000) preTokenCounts.clear()
    n = cl100k().encode(piece, [], []).length
    preTokenCounts.set(piece, n)
  }
  return n
}

/** Window size and overlap, in cl100k tokens (from Settings). */
export interface ChunkOptions {
  chunkTokens: number
  chunkOverlap: number
}

interface Piece {
  start: number
  end: number
  tokens: number
}

/**
 * Cuts each page into overlapping token windows.
 * @remarks Windows are cut at word boundaries and each chunk's text is an exact slice of its
 * page's text, so it can be found on the page. No window crosses a page, so the cited page is
 * always right. A chunk never has more than `chunkTokens` tokens.
 */
export function chunkPages(
  paperId: string,
  pages: readonly PageText[],
  marks: readonly SectionMark[],
  options: ChunkOptions
): Chunk[] {
  const max = Math.max(8, options.chunkTokens)
  const overlap = Math.min(Math.max(0, options.chunkOverlap), Math.floor(max / 2))
  const chunks: Chunk[] = []
  for (const pageText of pages) {
    const { page, text } = pageText
    const first = chunks.length
    const pieces = splitPieces(text, max)
    let start = 0
    let index = 0
    while (start < pieces.length) {
      let end = start
      let tokens = 0
      while (end < pieces.length && tokens + pieces[end]!.tokens <= max)
        tokens += pieces[end++]!.tokens
      if (end === start) end++ // a piece is never larger than max; guard anyway
      let from = pieces[start]!.start
      while (from < text.length && /\s/.test(text[from]!)) from++
      let chunkText = text.slice(from, pieces[end - 1]!.end)
      // Tokens of separately encoded words can undercount by merging; trim until it fits.
      let count = countTokens(chunkText)
      while (count > max && end - start > 1) {
        end--
        chunkText = text.slice(from, pieces[end - 1]!.end)
        count = countTokens(chunkText)
      }
      if (chunkText.trim()) {
        chunks.push({
          id: chunkId(paperId, page, index),
          paperId,
          page,
          index,
          section: dominantSection(marks, page, from, from + chunkText.length),
          text: chunkText,
          tokens: count
        })
        index++
      }
      if (end >= pieces.length) break
      let back = end
      let kept = 0
      while (back - 1 > start && kept + pieces[back - 1]!.tokens <= overlap)
        kept += pieces[--back]!.tokens
      start = back
    }
    if (pageText.ocr) for (let i = first; i < chunks.length; i++) chunks[i]!.kind = 'ocr'
    let next = chunks.length - first
    for (const figure of pageText.figures ?? []) {
      const chunk = figureChunk(paperId, pageText, figure, next, marks, max)
      if (chunk) {
        chunks.push(chunk)
        next++
      }
    }
  }
  return chunks
}

/**
 * A figure's or table's own chunk: its caption (an exact slice of the page text), its region.
 * @remarks A caption longer than the window is cut at a word boundary; what is cited is the
 * figure, and its region is highlighted whole.
 */
function figureChunk(
  paperId: string,
  page: PageText,
  figure: PageFigure,
  index: number,
  marks: readonly SectionMark[],
  max: number
): Chunk | null {
  let end = figure.end
  let text = page.text.slice(figure.start, end)
  let tokens = countTokens(text)
  while (tokens > max) {
    end = figure.start + Math.floor((end - figure.start) * 0.8)
    while (end > figure.start && !/\s/.test(page.text[end]!)) end--
    text = page.text.slice(figure.start, end)
    tokens = countTokens(text)
  }
  if (!text.trim()) return null
  return {
    id: figureChunkId(paperId, page.page, figure),
    paperId,
    page: page.page,
    index,
    section: dominantSection(marks, page.page, figure.start, end),
    text,
    tokens,
    kind: figure.kind,
    region: figure.region
  }
}

// A piece is a word with the whitespace before it; a word longer than the window (a URL, a run
// of symbols) is cut into pieces that fit.
function splitPieces(text: string, max: number): Piece[] {
  const pieces: Piece[] = []
  const re = /\s*\S+/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null) {
    const start = m.index
    const end = start + m[0].length
    // BPE is quadratic in the length of one word; never encode a huge one whole.
    const tokens = m[0].length > 400 ? Infinity : countTokens(m[0])
    if (tokens <= max / 2) {
      pieces.push({ start, end, tokens })
      continue
    }
    // At worst one token per character, so pieces of max/4 characters always fit.
    const step = Math.max(1, Math.floor(max / 4))
    for (let s = start; s < end;) {
      let e = Math.min(end, s + step)
      if (e < end && /[\uD800-\uDBFF]/.test(text[e - 1]!)) e++ // keep surrogate pairs whole
      pieces.push({ start: s, end: e, tokens: countTokens(text.slice(s, e)) })
      s = e
    }
  }
  return pieces
}
