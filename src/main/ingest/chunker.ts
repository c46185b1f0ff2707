import { getEncoding, type Tiktoken } from 'js-tiktoken'
import { chunkId, type Chunk, type PageText } from '../domain'
import { dominantSection, type SectionMark } from './sections'

let encoder: Tiktoken | null = null

/** The shared cl100k_base tokenizer (built once; the first call takes ~0.7 s). */
export function cl100k(): Tiktoken {
  encoder ??= getEncoding('cl100k_base')
  return encoder
}

const wordTokens = new Map<string, number>()

/** Counts cl100k_base tokens. */
export function countTokens(text: string): number {
  return cl100k().encode(text).length
}

// Papers repeat their words; counting each distinct word once makes chunking ~3x faster.
function countWordTokens(word: string): number {
  let n = wordTokens.get(word)
  if (n === undefined) {
    if (wordTokens.size > 100_000) wordTokens.clear()
    n = countTokens(word)
    wordTokens.set(word, n)
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
  for (const { page, text } of pages) {
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
  }
  return chunks
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
    const tokens = m[0].length > 400 ? Infinity : countWordTokens(m[0])
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
