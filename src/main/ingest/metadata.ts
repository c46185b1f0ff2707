import type { PdfInfo } from '../pdf/PdfReader'
import type { LayoutLine, LayoutPage } from './sections'
import { fixSpacingAccents, infoAuthors, namesIn, pageAuthors } from './authorNames'
import { printedYear } from './printedYear'
import { subtitleBelow } from './subtitle'
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

/** Distributor cover pages (ResearchGate, USENIX, JSTOR, repositories): the paper starts after. */
const COVER =
  /see discussions, stats, and author profiles|researchgate\.net\/publication|this paper is included in the proceedings|jstor is a not-for-profit|your use of the jstor archive|open access is sponsored by|brought to you by|downloaded from .{0,40}repository|this (?:article|document) (?:is|was) downloaded from/i

/**
 * Reads title, authors, year, venue, DOI and arXiv id the way a person reads the first page.
 * @remarks The title page is page 1 unless page 1 is a distributor's cover. The title is the
 * largest block of text in the top three quarters of that page that is not a running header,
 * line numbers, an institution, a genre label ("Dissertação de mestrado"), a person's name or a
 * city/year line (cover conventions of theses); a smaller lower-case line right under it is its
 * subtitle. The PDF info title (less a genre label after a dash) is used only when the page
 * prints it; the info author only when the page gives no names and prints the info's. The year
 * is printed on the paper (venue, copyright, "Published online", a cover's date line), else the
 * arXiv id's, else null: the file's creation date says when the PDF was made, not the paper.
 */
export function readMetadata(
  info: PdfInfo,
  pages: readonly LayoutPage[],
  texts: readonly string[]
): PaperMetadata {
  const firstPageText = texts[0] ?? ''
  const arxivId = ARXIV_STAMP.exec(firstPageText)?.[1] ?? null
  const coverAt = pages.length > 1 && COVER.test(texts[0] ?? '') ? 1 : 0
  const titlePage = pages[coverAt]?.lines ?? []
  const headers = runningLines(pages)
  const infoTitle = usableInfoTitle(info.title)
  const infoLines = infoTitle ? printedLines(infoTitle, titlePage) : null
  const titleLines = infoLines ?? titleBlock(titlePage, headers)
  const pageText = texts.slice(0, coverAt + 1).join('\n')
  const subtitle = subtitleBelow(titlePage, titleLines.end, titleLines.size)
  const mainTitle =
    infoTitle && agrees(infoTitle, titleLines.text, pageText) ? infoTitle : titleLines.text || null
  const rawTitle =
    mainTitle && subtitle && !squash(mainTitle).includes(squash(subtitle))
      ? `${mainTitle.replace(/:$/, '')}: ${subtitle}`
      : mainTitle
  const body = titlePage
    .filter((_, i) => i < titleLines.start || i >= titleLines.end + (subtitle ? 1 : 0))
    .map((l) => l.text)
    .join('\n')
  const title = rawTitle && fixSpacingAccents(sensibleTitleCase(rawTitle, body))
  const fromPage = pageAuthors(titlePage, titleLines.end + (subtitle ? 1 : 0), titleLines.start)
  const fromInfo = (infoAuthors(info.author) ?? []).filter((a) => printed(a, pageText))
  const authors = fromPage.length ? fromPage : fromInfo
  const venue =
    venueOf(titlePage) ?? venueOf([{ text: info.subject ?? '', fontSize: 0, offset: 0 }])
  const doi = DOI_PATTERN.exec(texts.slice(0, coverAt + 1).join('\n'))?.[1]?.toLowerCase() ?? null
  const year = yearOf(venue, arxivId, pages.slice(0, coverAt + 2), title)
  return { title, authors, year, arxivId, venue, doi }
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

function usableInfoTitle(title: string | null): string | null {
  if (!title) return null
  const t = title.replace(/\s+/g, ' ').trim()
  if (t.length < 4 || t.length > 300) return null
  if (/^untitled$|\.(pdf|dvi|docx?|tex|ps)$|^microsoft word|^slide \d/i.test(t)) return null
  // A genre label after a dash ("… - Defesa de Dissertação de Mestrado") is the document's kind,
  // which the page prints apart from the title.
  const label = /\s[-–—|]\s+([^-–—|]{3,80})$/.exec(t)
  if (label && label[1]!.split(/\s+/).length <= 8 && GENRE.test(label[1]!))
    return t.slice(0, label.index).trim()
  return t
}

/**
 * The venue's year, else the arXiv id's (first submission), else the best-supported year printed
 * on the cover and title page (latest on a tie: "Received 2020 / Accepted 2021"), else null.
 */
function yearOf(
  venue: string | null,
  arxivId: string | null,
  pages: readonly LayoutPage[],
  title: string | null
): number | null {
  const fromVenue = venue ? /.*\b((?:19|20)\d{2})\b/.exec(venue)?.[1] : undefined
  if (fromVenue) return Number(fromVenue)
  const fromId = arxivId ? arxivYear(arxivId) : null
  if (fromId) return fromId
  return printedYear(pages, title)
}

/** Lines printed at the top or bottom of several pages: running headers and footers. */
export function runningLines(pages: readonly LayoutPage[]): Map<string, number> {
  const counts = new Map<string, number>()
  const sizes = new Map<string, number>()
  for (const p of pages.slice(0, 8)) {
    const edge = [...p.lines.slice(0, 3), ...p.lines.slice(-3)]
    for (const l of edge) {
      const key = headerKey(l.text)
      if (key.length < 4) continue
      sizes.set(key, Math.min(sizes.get(key) ?? Infinity, l.fontSize))
    }
    for (const key of new Set(edge.map((l) => headerKey(l.text))))
      if (key.length >= 4) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return new Map([...counts].filter(([, n]) => n >= 3).map(([k]) => [k, sizes.get(k)!]))
}

/** A line without its page number, for comparing headers across pages. */
export function headerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, '')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
}

const INSTITUTION =
  /universi|faculdade|facultad|fakultät|instituto?\b|institut|escola|escuela|school of|college|department|departamento|centro de|center for|programa de|program in|graduate|pós-graduação|posgrado|laborat|ministério|ministerio|hochschule/i
const GENRE =
  /\b(?:tese|tesis|thesis|dissertação|dissertacao|dissertation|disertación|monografia|monografía|masterarbeit|bachelorarbeit|doktorarbeit|trabalho de|trabajo de|relatório técnico|technical report|working paper|original (?:paper|article|research)|research article|review article|artigo|article|mestrado|maestría|doutorado|doctorado|bacharelado|licenciatura|mag[ií]ster|master of|doctor of)\b/i
const HEADING =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:abstract|a b s t r a c t|resumo|resumen|zusammenfassung|summary|introduction|introdução|introducción|einleitung|keywords|palavras-chave|contents|sumário|índice)\b/i

/** One block of consecutive lines in the same size. */
interface Block {
  start: number
  end: number
  size: number
  text: string
}

/**
 * The title: the largest block in the top three quarters of the page that reads as a title.
 * @remarks A block ends at a change of size, a gap of more than two lines, or a line that reads as
 * a list of names. Not a title: running headers, line numbers, arXiv stamps, URLs, headings,
 * institutions and genre labels, a lone person's name, a date or city line.
 */
function titleBlock(lines: readonly LayoutLine[], headers: ReadonlyMap<string, number>): Block {
  const usable = (l: LayoutLine): boolean => {
    const t = l.text.trim()
    if ((t.match(/\p{L}/gu) ?? []).length < 3) return false
    // A byline word set on its own line under the title ("por" / "Leonardo Córdoba").
    if (/^(?:by|por|von|par)$/i.test(t)) return false
    if ((l.top ?? 0) > 0.75 || ARXIV_STAMP.test(t) || /https?:|www\.|@/.test(t)) return false
    // A running header (ICML repeats the title, smaller, on every page).
    if (l.fontSize <= (headers.get(headerKey(t)) ?? 0) + 0.5) return false
    // Line-number columns and page furniture: mostly digits.
    return (t.match(/\d/g) ?? []).length < t.replace(/\s/g, '').length * 0.5
  }
  const blocks: Block[] = []
  let cur: Block | null = null
  const limit = Math.min(lines.length, 60)
  for (let i = 0; i < limit; i++) {
    const l = lines[i]!
    const prev = lines[i - 1]
    const joins =
      cur &&
      usable(l) &&
      Math.abs(l.fontSize - cur.size) < 0.5 &&
      !(
        prev?.top !== undefined &&
        l.top !== undefined &&
        (l.top - prev.top) * 792 > l.fontSize * 3
      ) &&
      !(cur.end - cur.start >= 1 && nameLine(l.text))
    if (cur && joins) {
      cur.end = i + 1
      continue
    }
    if (cur) blocks.push(cur)
    cur = usable(l) ? { start: i, end: i + 1, size: l.fontSize, text: '' } : null
  }
  if (cur) blocks.push(cur)
  const candidates = blocks
    .map((b) => ({ ...b, text: joinTitle(lines.slice(b.start, b.end).map((l) => l.text)) }))
    .filter((b) => titleLike(b.text, lines, b))
  let best: Block | null = null
  for (const b of candidates) if (!best || b.size > best.size + 0.25) best = b
  return best ?? { start: 0, end: 0, size: 0, text: '' }
}

function titleLike(text: string, lines: readonly LayoutLine[], b: Block): boolean {
  const words = text.split(/\s+/).length
  if (words > 40 || HEADING.test(text) || /running head/i.test(text)) return false
  // Prose (sentences) is not a title: "To appear in ... Wiley. Do not quote ...".
  if (/\p{Ll}[.!?]\s+\p{Lu}/u.test(text)) return false
  const starts = lines.slice(b.start, b.end).map((l) => l.text.split(/\s+/).slice(0, 3).join(' '))
  if (starts.some((t) => INSTITUTION.test(t))) return false
  if (words <= 10 && GENRE.test(text)) return false
  if (allNames(text)) return false
  if (/^(?:by|por|von|de)$/i.test(text) || isDateOrCity(lines, b.start, b.end)) return false
  // A lone name (a cover's author line) is not the title.
  const names = namesIn(text.replace(/[,;&]/g, ' '), words <= 5)
  return !(names.length === 1 && names[0]!.split(' ').length === words)
}

function isDateOrCity(lines: readonly LayoutLine[], start: number, end: number): boolean {
  const text = lines
    .slice(start, end)
    .map((l) => l.text)
    .join(' ')
  if (/^\D{0,40}\b(?:19|20)\d{2}$/.test(text.trim())) return true
  const next = lines[end]?.text.trim() ?? ''
  return (
    end - start === 1 &&
    text.split(/\s+/).length <= 4 &&
    /^(?:\D{0,30}\b)?(?:19|20)\d{2}$/.test(next)
  )
}

/** Every run between separators is a person's name: an author line, not a title. */
function allNames(text: string): boolean {
  const runs = text.split(/\s*(?:[,;&]|\band\b|[∗*†‡§¶⋆]+|\d+)\s*/).filter((r) => /\p{L}/u.test(r))
  return (
    runs.length >= 2 &&
    runs.every((r) => namesIn(r).join(' ').split(' ').length === r.split(/\s+/).length)
  )
}

function nameLine(text: string): boolean {
  if (!/[&;∗*†‡§¶⋆¹²³⁴⁵⁶⁷⁸⁹]|\p{L}\d/u.test(text)) return false
  const runs = text
    .split(/\s*(?:[,;&]|\band\b|\be\b|\by\b|\bund\b|[∗*†‡§¶⋆]+|\d+)\s*/)
    .filter((r) => /\p{L}/u.test(r))
  return runs.length >= 2 && runs.every((r) => namesIn(r).length > 0)
}

function joinTitle(parts: readonly string[]): string {
  return fixSpacingAccents(
    parts
      .join('\n')
      // "LAN-\nGUAGE" in an all-caps title is one word; "Pre-\ntraining" keeps its hyphen.
      .replace(/(\p{Lu})-\n(\p{Lu})/gu, '$1$2')
      .replace(/-\n/g, '-')
      .replace(/\s+/g, ' ')
      // Footnote marks after the title ("Economics*").
      .replace(/\s*[∗*†‡§¶]+$/u, '')
      .trim()
  )
}

/**
 * The lines of the title page that print the info title as lines of their own (a journal banner
 * may be set larger than the title), or null.
 */
function printedLines(infoTitle: string, lines: readonly LayoutLine[]): Block | null {
  const a = squash(infoTitle)
  for (let i = 0; i < Math.min(lines.length, 60); i++) {
    let joined = ''
    for (let j = i; j < Math.min(lines.length, i + 4); j++) {
      joined += squash(lines[j]!.text)
      if (joined === a) return { start: i, end: j + 1, size: lines[i]!.fontSize, text: infoTitle }
      if (!a.startsWith(joined)) break
    }
  }
  return null
}

/** The info title agrees with the page when the page prints it and it is most of the page's title. */
function agrees(infoTitle: string, pageTitle: string, pageText: string): boolean {
  const a = squash(infoTitle)
  const b = squash(pageTitle)

  if (!b) return squash(pageText).includes(a) && a.length >= 12
  return b.includes(a) ? a.length >= b.length * 0.6 : a.includes(b) && squash(pageText).includes(a)
}

function printed(name: string, pageText: string): boolean {
  const surname = squash(name.split(' ').pop() ?? '')
  return surname.length >= 2 && squash(pageText).includes(surname)
}

function squash(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}
