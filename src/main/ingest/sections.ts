import type { SectionSpan } from '../../shared/types'
import { canonicalSection } from '../domain/sections'

/** A cleaned line with what heading detection needs. */
export interface LayoutLine {
  text: string
  fontSize: number
  /** Where the line starts in its page's cleaned text; -1 for page furniture. */
  offset: number
  /** A running header, page number or the like: in no text, seen only by metadata. */
  furniture?: boolean
  /** Left edge in points, when known. */
  x?: number
  /** Baseline position from the top of the page, 0 (top) to 1 (bottom), when known. */
  top?: number
}

/** One page's lines, in reading order. */
export interface LayoutPage {
  page: number
  lines: LayoutLine[]
}

/** A detected heading: where a section starts. */
export interface SectionMark {
  name: string
  heading: string
  page: number
  offset: number
}

const NUMBERED = /^(\d{1,2})\.?\s+(\p{Lu}[^\n]{1,80})$/u
const ROMAN = /^([IVX]{1,5})\.\s+(\p{Lu}[^\n]{1,80})$/u
const LETTERED = /^([A-H])\.?\s+(\p{Lu}[^\n]{1,80})$/u
const UNNUMBERED =
  /^(abstract|references|bibliography|acknowledge?ments?|appendix|appendices|conclusions?|broader impacts?|related work|background(?: and significance)?|introduction|resumo|resumen|zusammenfassung|introdução|introducción|einleitung|conclusão|conclusões|considerações finais|conclusiones|conclusión|fazit|referências(?: bibliográficas)?|referencias(?: bibliográficas)?|bibliografía|literaturverzeichnis|agradecimentos|agradecimientos|danksagung)\s*[.:]?$/i
const INLINE_ABSTRACT = /^(?:abstract|resumo|resumen|summary)\s*[.:—–-]\s*\S/i
/** "Abstract" run into its first words, or into a structured abstract's first label. */
const RUN_IN_ABSTRACT = /^(?:Abstract|ABSTRACT|Resumo|RESUMO|Resumen|RESUMEN) \p{Lu}\p{Ll}/u
/**
 * The first label of a structured abstract set run-in with its text ("Objective To evaluate…",
 * "IMPORTANCE Pregnant women…"), as medical journals print it without an "Abstract" heading.
 */
const STRUCTURED_LABEL =
  /^(?:Importance|IMPORTANCE|Objectives?|OBJECTIVES?|Background|BACKGROUND|Purpose|PURPOSE|Aims?|AIMS?|Context|CONTEXT)\s*[.:—–-]?\s+\p{Lu}\p{Ll}/u
/** A table-of-contents line: a heading followed by its page number, often after dot leaders. */
/** The number a numbered heading starts with ("3 ", "3. ", "IV. "). */
const NUMBER_LEAD = /^(?:\d{1,2}|[IVX]{1,5})\.?\s/
const TOC_LINE = /(?:\.\s*){3,}\s*\d{1,4}$|\s\d{1,4}$/
const TOC_TITLE =
  /^(?:contents|table of contents|sumário|sumario|índice|indice|inhaltsverzeichnis|lista de (?:figuras|tabelas|quadros|abreviaturas|siglas)|list of (?:figures|tables))$/i

/**
 * Finds the paper's top-level section headings.
 * @remarks A heading is a short line at least as large as body text that matches "1 Introduction",
 * "I. INTRODUCTION", "A Appendix title" (after the references) or a bare "Abstract"/"References".
 * Numbers must count up by one, which rejects numbered list items and table rows.
 */
export function detectSections(pages: readonly LayoutPage[]): SectionMark[] {
  const body = bodyFontSize(pages)
  const marks: SectionMark[] = []
  let lastNumber = 0
  let lastRoman = 0
  let lastLetter = 0
  const seen = new Set<string>()
  for (const { page, lines } of pages) {
    if (isTocPage(lines)) continue
    for (const line of lines) {
      const text = headingText(line.text)
      // Small caps headings (ICLR) are set half a point below body text; a numbered heading in
      // capitals ("I. INTRODUCTION", IEEE) may be reported at its small capitals' size, about
      // 80 % of body text. Its numbering must still count up, like any numbered heading.
      if (page <= 2 && !seen.has('abstract') && !seen.has('introduction')) {
        if (opensAbstract(text, line.fontSize, body)) {
          // Numbered lines above the abstract are affiliation footnotes, not sections.
          marks.length = 0
          lastNumber = 0
          lastRoman = 0
          seen.add('abstract')
          marks.push({ name: 'abstract', heading: 'Abstract', page, offset: line.offset })
          continue
        }
      }
      const smallCaps = NUMBER_LEAD.test(text) && isCapitals(text)
      if (text.length > 90 || line.fontSize < (smallCaps ? body * 0.7 : body - 1)) continue
      let heading: string | null = null
      let title = ''
      let m: RegExpExecArray | null
      // "1 Introduction 17" in a table of contents is not the chapter.
      if (NUMBER_LEAD.test(text) && TOC_LINE.test(text)) continue
      if ((m = NUMBERED.exec(text)) && Number(m[1]) === lastNumber + 1 && isTitle(m[2]!)) {
        lastNumber++
        heading = text
        title = m[2]!
      } else if ((m = ROMAN.exec(text)) && romanValue(m[1]!) === lastRoman + 1 && isTitle(m[2]!)) {
        lastRoman++
        heading = text
        title = m[2]!
      } else if (
        seen.has('references') &&
        (m = LETTERED.exec(text)) &&
        m[1]!.charCodeAt(0) - 64 === lastLetter + 1 &&
        line.fontSize > body + 0.5 &&
        isTitle(m[2]!)
      ) {
        // Only "A ..." opens the appendix; later letters are its parts.
        if (++lastLetter > 1) continue
        heading = text
        title = 'Appendix'
      } else if ((m = UNNUMBERED.exec(text)) && !seen.has(canonicalSection(m[1]!) ?? '')) {
        heading = text
        title = m[1]!
      }
      if (heading === null) continue
      const name = canonicalSection(title) ?? slug(title)
      if (name === 'abstract') {
        // Numbered lines above the abstract are affiliation footnotes, not sections.
        marks.length = 0
        lastNumber = 0
        lastRoman = 0
      }
      seen.add(name)
      marks.push({ name, heading, page, offset: line.offset })
    }
  }
  return nameUnlabelledMethod(nameOpeningBackground(marks))
}

/**
 * IMRaD papers (medicine, the life and health sciences) open with "Background" where others
 * write "Introduction": when no introduction was found, a background section that is the
 * first after the abstract is the introduction; later ones stay related work.
 */
function nameOpeningBackground(marks: SectionMark[]): SectionMark[] {
  if (marks.some((m) => m.name === 'introduction')) return marks
  const first = marks.findIndex((m) => m.name !== 'abstract')
  const m = marks[first]
  if (m?.name === 'related work' && /^(?:\d{1,2}\.?\s+)?background/i.test(m.heading))
    marks[first] = { ...m, name: 'introduction' }
  return marks
}

/**
 * Turns marks into page spans; a section ends on the page where the next one starts.
 * @remarks An abstract is at most two pages and an introduction at most a quarter of the paper
 * (and two pages): when the next heading was not found, the span stops there rather than
 * silently covering the document.
 */
export function sectionSpans(marks: readonly SectionMark[], numPages: number): SectionSpan[] {
  return marks.map((m, i) => {
    const next = marks[i + 1]
    let endPage = next ? Math.max(m.page, next.offset === 0 ? next.page - 1 : next.page) : numPages
    if (m.name === 'abstract') endPage = Math.min(endPage, m.page + 1)
    if (m.name === 'introduction')
      endPage = Math.min(endPage, m.page + Math.max(2, Math.ceil(numPages / 4)))
    return { name: m.name, heading: m.heading, startPage: m.page, endPage }
  })
}

/** A heading as read: letter-spaced ("a b s t r a c t") and small-caps ("A BSTRACT") rejoined. */
function headingText(raw: string): string {
  const text = raw.trim()
  if (/^(?:\p{L} ){3,}\p{L}$/u.test(text)) return text.replace(/ /g, '')
  return text.replace(/^((?:\d{1,2}\.?\s+)?)(\p{Lu}) (\p{Lu}{2,})\b/u, '$1$2$3')
}

/** A table-of-contents page: titled so, or mostly lines ending in page numbers. */
function isTocPage(lines: readonly LayoutLine[]): boolean {
  if (lines.slice(0, 5).some((l) => TOC_TITLE.test(l.text.trim()))) return true
  const numbered = lines.filter((l) => /\p{L}.*(?:\.\s*){3,}\s*\d{1,4}$/u.test(l.text.trim()))
  return numbered.length >= 5
}

/**
 * Recovers section marks from stored spans and page text (for re-chunking from `pages/*.json`).
 * @remarks The heading is searched at a line start on its start page; not found means offset 0.
 */
export function marksFromSpans(
  spans: readonly SectionSpan[],
  pageText: (page: number) => string
): SectionMark[] {
  return spans.map((s) => {
    const text = pageText(s.startPage)
    let offset = text.startsWith(s.heading) ? 0 : text.indexOf(`\n${s.heading}`)
    if (offset > 0) offset += 1
    return { name: s.name, heading: s.heading, page: s.startPage, offset: Math.max(0, offset) }
  })
}

/** The section a position falls in: the last mark at or before it, else `body`. */
export function sectionAt(marks: readonly SectionMark[], page: number, offset: number): string {
  let name = 'body'
  for (const m of marks) {
    if (m.page < page || (m.page === page && m.offset <= offset)) name = m.name
    else break
  }
  return name
}

/**
 * The section holding most of a page range `[from, to)`.
 * @remarks Better than the section a chunk starts in: a page-1 chunk that starts at the title
 * but is mostly abstract is labelled `abstract`.
 */
export function dominantSection(
  marks: readonly SectionMark[],
  page: number,
  from: number,
  to: number
): string {
  const cuts = marks
    .filter((m) => m.page === page && m.offset > from && m.offset < to)
    .map((m) => m.offset)
  const bounds = [from, ...cuts, to]
  let best = sectionAt(marks, page, from)
  let bestLen = -1
  for (let i = 0; i < bounds.length - 1; i++) {
    const len = bounds[i + 1]! - bounds[i]!
    if (len > bestLen) {
      bestLen = len
      best = sectionAt(marks, page, bounds[i]!)
    }
  }
  return best
}

// Papers name their core section after the model ("3 BERT"): the first unlabelled numbered
// section after the introduction is the method when nothing else is called that.
function nameUnlabelledMethod(marks: SectionMark[]): SectionMark[] {
  if (marks.some((m) => m.name === 'method')) return marks
  const intro = marks.findIndex((m) => m.name === 'introduction')
  if (intro < 0) return marks
  for (let i = intro + 1; i < marks.length; i++) {
    const m = marks[i]!
    if (m.name === 'related work') continue
    // Only the number goes: an unnumbered "CONSIDERAÇÕES FINAIS" is named by both its words.
    if (canonicalSection(m.heading.replace(NUMBER_LEAD, '')) === null)
      marks[i] = { ...m, name: 'method' }
    break
  }
  return marks
}

function bodyFontSize(pages: readonly LayoutPage[]): number {
  const counts = new Map<number, number>()
  for (const p of pages) {
    for (const l of p.lines) {
      const k = Math.round(l.fontSize * 2) / 2
      counts.set(k, (counts.get(k) ?? 0) + l.text.length)
    }
  }
  let best = 0
  let bestCount = -1
  for (const [k, c] of counts) {
    if (c > bestCount) {
      best = k
      bestCount = c
    }
  }
  return best
}

function isTitle(title: string): boolean {
  const words = title.trim().split(/\s+/)
  if (words.length > 10 || /[.,;:]$/.test(title.trim())) return false
  const letters = (title.match(/\p{L}/gu) ?? []).length
  return letters >= 3 && letters / title.length > 0.6
}

function romanValue(s: string): number {
  const v: Record<string, number> = { I: 1, V: 5, X: 10 }
  let total = 0
  for (let i = 0; i < s.length; i++) {
    const cur = v[s[i]!]!
    const next = v[s[i + 1] ?? ''] ?? 0
    total += cur < next ? -cur : cur
  }
  return total
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** A line whose letters are all capitals (and there are a few of them). */
function isCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]+/gu, '')
  return letters.length >= 4 && letters === letters.toUpperCase()
}

/**
 * A line on the first pages that opens the abstract with its text on the same line: "Abstract:
 * …", "Abstract – …", "Abstract Background …" or a structured abstract's first label; or a
 * "Summary" heading (only asked before any introduction).
 * @remarks Abstracts are often set a size or two below body text, so smaller type is allowed; a
 * run-in form must not be much larger than body text (a title "Abstract Algebra …" is).
 */
function opensAbstract(text: string, fontSize: number, body: number): boolean {
  if (fontSize < body * 0.75) return false
  if (INLINE_ABSTRACT.test(text)) return true
  // "Summary" (JOSS, reports, "Executive summary") heading what comes before the introduction.
  if (/^(?:executive )?summary$/i.test(text)) return fontSize >= body - 1
  if (fontSize > body * 1.25) return false
  return RUN_IN_ABSTRACT.test(text) || STRUCTURED_LABEL.test(text)
}
