import type { PdfInfo } from './PdfReader'
import type { LayoutLine } from './sections'
import { fixSpacingAccents, infoAuthors, pageAuthors } from './authorNames'
import { sensibleTitleCase } from './titleCase'

/** What the catalog shows about a paper, read from the PDF. */
export interface PaperMetadata {
  title: string | null
  authors: string[]
  year: number | null
  /** From the page-1 stamp ("arXiv:1706.03762v7 [cs.CL] 2 Aug 2023"), without version. */
  arxivId: string | null
  /** The venue when page 1 prints it ("ICLR 2020", "NIPS 2017"), else null. */
  venue: string | null
  /** A DOI printed on page 1, lower-cased, else null. */
  doi: string | null
}

const ARXIV_STAMP = /arXiv:\s?((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[A-Z]{2})?\/\d{7}))(v\d+)?/
/** A DOI as Crossref describes it: `10.` + registrant + `/` + suffix. */
export const DOI_PATTERN = /\b(10\.\d{4,9}\/[^\s"<>{}]+[^\s"<>{}.,;)\]])/
const VENUES: readonly RegExp[] = [
  /^Published as a (?:conference|workshop) paper at (.{3,80}?(?:19|20)\d{2})\b/i,
  /^((?:\d+(?:st|nd|rd|th) )?(?:Annual )?Conference on [^(]{5,100}\((?:[A-Za-z-]+ )?(?:19|20)\d{2}\))/,
  /^(Proceedings of (?:the )?.{5,120}?(?:19|20)\d{2})\b/,
  /^(?:Appearing|Appeared|To appear) in (.{3,100}?(?:19|20)\d{2})\b/i
]

/**
 * Reads title, authors, year, venue, DOI and arXiv id from the PDF info and page 1's lines.
 * @remarks The info dictionary is used only when it looks like a real title (LaTeX often leaves
 * it empty or writes a file name); otherwise the title is the largest text in the top half of
 * page 1 and the authors are the name-shaped lines between it and the abstract. The year is the
 * printed venue's, else the arXiv id's (first submission), else the PDF's creation date.
 */
export function readMetadata(
  info: PdfInfo,
  firstPage: readonly LayoutLine[],
  firstPageText: string
): PaperMetadata {
  const arxivId = ARXIV_STAMP.exec(firstPageText)?.[1] ?? null
  const titleLines = largestLines(firstPage)
  const rawTitle = usableInfoTitle(info.title) ?? (titleLines.text || null)
  const body = firstPage
    .filter((_, i) => i < titleLines.start || i >= titleLines.end)
    .map((l) => l.text)
    .join('\n')
  const title = rawTitle && fixSpacingAccents(sensibleTitleCase(rawTitle, body))
  const authors = infoAuthors(info.author) ?? pageAuthors(firstPage, titleLines.end)
  const venue = venueOf(firstPage)
  const doi = DOI_PATTERN.exec(firstPageText)?.[1]?.toLowerCase() ?? null
  return { title, authors, year: yearOf(venue, arxivId, info.creationDate), arxivId, venue, doi }
}

/** The year of an arXiv id (new style YYMM.NNNNN or old archive/YYMMNNN), or null. */
export function arxivYear(id: string): number | null {
  const m = /^(\d{2})\d{2}\./.exec(id) ?? /\/(\d{2})\d{5}$/.exec(id)
  if (!m) return null
  const yy = Number(m[1])
  return yy >= 91 ? 1900 + yy : 2000 + yy
}

function venueOf(lines: readonly LayoutLine[]): string | null {
  for (const l of lines) {
    if (/under review|preprint|submitted to/i.test(l.text)) continue
    for (const re of VENUES) {
      const m = re.exec(l.text.trim())
      if (m) return m[1]!.replace(/\s+/g, ' ').trim()
    }
  }
  return null
}

function yearOf(
  venue: string | null,
  arxivId: string | null,
  creationDate: string | null
): number | null {
  const fromVenue = venue ? /.*\b((?:19|20)\d{2})\b/.exec(venue)?.[1] : undefined
  if (fromVenue) return Number(fromVenue)
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

function largestLines(lines: readonly LayoutLine[]): { text: string; start: number; end: number } {
  // Only the top part of page 1: a big table header further down is not the title.
  const top = lines.slice(0, Math.min(lines.length, 40))
  let size = 0
  for (const l of top)
    if (l.text.length >= 3 && !ARXIV_STAMP.test(l.text)) size = Math.max(size, l.fontSize)
  const start = top.findIndex(
    (l) => l.fontSize === size && l.text.length >= 3 && !ARXIV_STAMP.test(l.text)
  )
  if (start < 0) return { text: '', start: 0, end: 0 }
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
  return { text, start, end }
}
