import type { PdfInfo } from './PdfReader'
import type { LayoutLine } from './sections'

/** What the catalog shows about a paper, read from the PDF. */
export interface PaperMetadata {
  title: string | null
  authors: string[]
  year: number | null
  /** From the page-1 stamp ("arXiv:1706.03762v7 [cs.CL] 2 Aug 2023"), without version. */
  arxivId: string | null
}

const ARXIV_STAMP = /arXiv:\s?((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[A-Z]{2})?\/\d{7}))(v\d+)?/
const AFFILIATION =
  /universit|institut|college|school|department|dept\.|laborator|\blab\b|research|google|facebook|meta\b|microsoft|openai|deepmind|\binc\b|corp|brain|\bai\b|center|centre|academy|foundation|science|engineering|york|@|http/i
const NAME =
  /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|van|von|de|der|da|del|di|le|la)){1,4}$/u

/**
 * Reads title, authors, year and arXiv id from the PDF info and the first page's lines.
 * @remarks The info dictionary is used only when it looks like a real title (LaTeX often leaves
 * it empty or writes a file name); otherwise the title is the largest text in the top half of
 * page 1 and the authors are the name-shaped lines between it and the abstract.
 */
export function readMetadata(
  info: PdfInfo,
  firstPage: readonly LayoutLine[],
  firstPageText: string
): PaperMetadata {
  const arxivId = ARXIV_STAMP.exec(firstPageText)?.[1] ?? null
  const titleLines = largestLines(firstPage)
  const title = usableInfoTitle(info.title) ?? (titleLines.text || null)
  const authors = infoAuthors(info.author) ?? pageAuthors(firstPage, titleLines.end)
  return { title, authors, year: yearOf(arxivId, info.creationDate), arxivId }
}

/** The year of an arXiv id (new style YYMM.NNNNN or old archive/YYMMNNN), or null. */
export function arxivYear(id: string): number | null {
  const m = /^(\d{2})\d{2}\./.exec(id) ?? /\/(\d{2})\d{5}$/.exec(id)
  if (!m) return null
  const yy = Number(m[1])
  return yy >= 91 ? 1900 + yy : 2000 + yy
}

function yearOf(arxivId: string | null, creationDate: string | null): number | null {
  const fromId = arxivId ? arxivYear(arxivId) : null
  if (fromId) return fromId
  const m = /^(?:D:)?((?:19|20)\d{2})/.exec(creationDate ?? '')
  return m ? Number(m[1]) : null
}

function usableInfoTitle(title: string | null): string | null {
  if (!title) return null
  const t = title.replace(/\s+/g, ' ').trim()
  if (t.length < 4 || t.length > 300) return null
  if (/^untitled$|\.(pdf|dvi|docx?|tex|ps)$|^microsoft word|^slide \d/i.test(t)) return null
  return t
}

function infoAuthors(author: string | null): string[] | null {
  if (!author) return null
  const parts = author
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((s) =>
      s
        .replace(/[∗*†‡§¶♯♭\d]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    )
    .filter((s) => s.length > 1)
  return parts.length ? parts : null
}

function largestLines(lines: readonly LayoutLine[]): { text: string; end: number } {
  // Only the top part of page 1: a big table header further down is not the title.
  const top = lines.slice(0, Math.min(lines.length, 40))
  let size = 0
  for (const l of top)
    if (l.text.length >= 3 && !ARXIV_STAMP.test(l.text)) size = Math.max(size, l.fontSize)
  const start = top.findIndex(
    (l) => l.fontSize === size && l.text.length >= 3 && !ARXIV_STAMP.test(l.text)
  )
  if (start < 0) return { text: '', end: 0 }
  let end = start
  const parts: string[] = []
  while (end < top.length && Math.abs(top[end]!.fontSize - size) < 0.5) {
    parts.push(top[end]!.text)
    end++
  }
  const text = parts
    .join('\n')
    // "LAN-\nGUAGE" in an all-caps title is one word; "Pre-\ntraining" keeps its hyphen.
    .replace(/(\p{Lu})-\n(\p{Lu})/gu, '$1$2')
    .replace(/-\n/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
  return { text, end }
}

function pageAuthors(lines: readonly LayoutLine[], from: number): string[] {
  const authors: string[] = []
  for (let i = from; i < Math.min(lines.length, from + 40); i++) {
    const text = lines[i]!.text
    if (/^abstract\b/i.test(text) || /^1\.?\s+introduction/i.test(text)) break
    if (AFFILIATION.test(text)) continue
    for (const part of text.split(/\s*(?:,|\band\b|&|\s{2,})\s*/)) {
      const name = part
        .replace(/[∗*†‡§¶♯♭\d,]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
      if (NAME.test(name) && !authors.includes(name)) authors.push(name)
    }
  }
  return authors.slice(0, 30)
}
