import type { PageLine } from './pageLines'

const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
  '\u0132': 'IJ',
  '\u0133': 'ij',
  '\u0152': 'OE',
  '\u0153': 'oe'
}

/** Expands ligatures, drops invisible characters and collapses runs of spaces in one line. */
/**
 * The combining mark for each spacing accent TeX's old fonts draw as a glyph of its own before
 * the letter ("Introducci´on", "Conclus˜ao"), and the cedilla drawn after it ("Introduc¸ao").
 */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00B4': '\u0301',
  '\u02DC': '\u0303',
  '\u00A8': '\u0308',
  '\u02C6': '\u0302',
  '\u02C7': '\u030C'
}

/**
 * Accented letters as one character each (NFC): decomposed text ("c" + U+0327) and TeX's
 * separate accent glyphs ("´o") become "ç" and "ó", so headings, words and searches match.
 */
export function composeAccents(text: string): string {
  return text
    .replace(
      // The dotless ı is what TeX sets under an accent on an i ("Metodolog´ıa").
      /([\u00B4\u02DC\u00A8\u02C6\u02C7])([aeiouAEIOUnNyY\u0131])/g,
      (_, a: string, l: string) => `${l === '\u0131' ? 'i' : l}${SPACING_ACCENTS[a]!}`
    )
    .replace(/([cC])\u00B8/g, '$1\u0327')
    .normalize('NFC')
}

export function cleanLine(text: string): string {
  return (
    composeAccents(text)
      .replace(/[\uFB00-\uFB06\u0132\u0133\u0152\u0153]/g, (c) => LIGATURES[c] ?? c)
      // Soft hyphens, zero-width spaces/joiners and the BOM carry no text.
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
      // Control characters (tabs and newlines excepted) are font-encoding debris.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/[\s\u00A0\u2000-\u200A\u202F\u205F\u3000]+/g, ' ')
      .trim()
  )
}

// Second halves that keep their hyphen at a line break: "English-" + "to-German".
const COMPOUND_TAILS = new Set([
  'based',
  'level',
  'wise',
  'like',
  'free',
  'aware',
  'specific',
  'scale',
  'art',
  'trained',
  'tuned',
  'tuning',
  'training',
  'end',
  'to',
  'of',
  'the',
  'and',
  'in',
  'on',
  'by',
  'up',
  'out',
  'off',
  'domain',
  'task',
  'shot',
  'order',
  'head',
  'side',
  'time',
  'term',
  'style',
  'dependent',
  'independent',
  'oriented',
  'driven',
  'intensive',
  'efficient',
  'agnostic'
])

/** True when a line ending in `-` and the next line form one word split by hyphenation. */
export function isBrokenWord(line: string, next: string): boolean {
  const m = /(\p{L}+)-$/u.exec(line)
  if (!m || line.endsWith('--')) return false
  const tail = /^(\p{Ll}[\p{L}]*)(-?)/u.exec(next)
  if (!tail) return false
  // A capitalised or one-letter head ("English-", "k-") and tails that are words of their own
  // ("-based", "-to-") are real compounds; keep their hyphen.
  if (/^\p{Lu}/u.test(m[1]!) || m[1]!.length < 2) return false
  if (tail[2] === '-' || COMPOUND_TAILS.has(tail[1]!)) return false
  return true
}

/** A page's cleaned text and where each kept line starts in it. */
export interface CleanPage {
  text: string
  /** Offset in `text` of each line of the input (by input index), or -1 for dropped lines. */
  lineOffsets: number[]
}

/**
 * Joins a page's lines into its cleaned text: one line per `\n`, words split by hyphenation
 * re-joined, ligatures expanded, whitespace collapsed; lines marked in `furniture` (running
 * headers, page numbers: see `PageFurniture`) are left out, so a word hyphenated across a
 * line number still joins.
 * @remarks The result is still text that occurs on the page once whitespace and hyphens are
 * ignored, which is how the viewer finds a passage to highlight.
 */
export function cleanPage(
  lines: readonly PageLine[],
  furniture: readonly boolean[] = []
): CleanPage {
  // Each line is cleaned once, and the next non-empty line after each is found in one pass.
  const cleaned = lines.map((l, i) => (furniture[i] ? '' : cleanLine(l.text)))
  const nextLine: (string | null)[] = []
  for (let j = cleaned.length - 1, seen: string | null = null; j >= 0; j--) {
    nextLine[j] = seen
    if (cleaned[j]) seen = cleaned[j]!
  }
  let text = ''
  const lineOffsets: number[] = []
  let joinNext = false
  let glueNext = false
  for (let i = 0; i < cleaned.length; i++) {
    const line = cleaned[i]!
    if (!line) {
      lineOffsets.push(-1)
      continue
    }
    if (joinNext || glueNext) {
      lineOffsets.push(text.length)
      text += line
    } else {
      if (text) text += '\n'
      lineOffsets.push(text.length)
      text += line
    }
    const next = nextLine[i] ?? null
    joinNext = next !== null && isBrokenWord(line, next)
    // A compound split at its hyphen ("pre-" + "trained") stays one word, hyphen kept.
    glueNext = !joinNext && next !== null && /\p{L}-$/u.test(line) && /^\p{Ll}/u.test(next)
    if (joinNext) text = text.slice(0, -1)
  }
  return { text, lineOffsets }
}
