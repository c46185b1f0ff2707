import type { Paper, SectionResult, SectionSpan } from '../../shared/types'
import type { PaperText } from '../domain'
import { UserFacingError } from '../errors'
import { canonicalSection } from '../domain/sections'

/** Lowercase words only: "3.1 MODEL Architecture:" -> "model architecture". */
function normalize(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^\s*(?:\d+(?:\.\d+)*|[ivx]{1,5}|[a-h])[.)]?\s+(?=\p{L})/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function singular(s: string): string {
  return s.replace(/s\b/g, '')
}

/** The heading's number ("3", "3.1", "IV", "A"), or null. */
function headingNumber(heading: string): string | null {
  return /^\s*((?:\d+(?:\.\d+)*)|[IVX]{1,5}|[A-H])[.)]?\s+\p{L}/u.exec(heading)?.[1] ?? null
}

/** The spans a requested name denotes: by name, heading title, number, then synonym. */
export function matchSections(spans: readonly SectionSpan[], requested: string): number[] {
  const want = normalize(requested)
  const raw = requested.trim().replace(/[.)]$/, '')
  const tests: ((s: SectionSpan) => boolean)[] = [
    (s) => normalize(s.name) === want || normalize(s.heading) === want,
    (s) =>
      singular(normalize(s.name)) === singular(want) ||
      singular(normalize(s.heading)) === singular(want),
    (s) => headingNumber(s.heading)?.toLowerCase() === raw.toLowerCase(),
    (s) => {
      const c = canonicalSection(want)
      return c !== null && (s.name === c || canonicalSection(normalize(s.heading)) === c)
    }
  ]
  for (const test of tests) {
    const hits = spans.flatMap((s, i) => (test(s) ? [i] : []))
    if (hits.length > 0) return hits
  }
  return []
}

/** Where a span's heading starts on its first page (0 when not found). */
function headingOffset(text: string, heading: string): number {
  if (text.startsWith(heading)) return 0
  const at = text.indexOf(`\n${heading}`)
  if (at >= 0) return at + 1
  const loose = new RegExp(`(^|\\n)\\s*${escape(heading).replace(/\s+/g, '\\s+')}`, 'i').exec(text)
  return loose ? loose.index + loose[1]!.length : 0
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The text of one section of a paper and the pages it covers.
 * @remarks Sections are the spans found at ingestion; a section runs from its heading to the
 * next span's heading. A name may match several spans (e.g. two "experiments" sections); their
 * texts are joined in order. Throws NOT_FOUND listing the sections the paper has.
 */
export function extractSection(paper: Paper, text: PaperText, requested: string): SectionResult {
  const spans = [...paper.sections].sort((a, b) => a.startPage - b.startPage)
  const pageText = new Map(text.pages.map((p) => [p.page, p.text]))
  // Where each section starts: its heading on its first page (offset 0 when not found).
  const starts = spans.map((s) => ({
    name: s.name,
    page: s.startPage,
    offset: headingOffset(pageText.get(s.startPage) ?? '', s.heading)
  }))
  let hits = matchSections(spans, requested)
  if (hits.length === 0 && normalize(requested) === 'abstract' && text.pages.length > 0) {
    // No abstract heading was detected: the abstract is what precedes the first section.
    const first = text.pages[0]!
    const m = /(^|\n)\s*abstract\b/i.exec(first.text)
    starts.unshift({ name: 'abstract', page: first.page, offset: m ? m.index + m[1]!.length : 0 })
    hits = [0]
  }
  if (hits.length === 0) {
    const listed = spans.map((s) =>
      normalize(s.heading) === s.name ? s.name : `${s.name} ("${s.heading}")`
    )
    throw new UserFacingError('NOT_FOUND', {
      key: listed.length > 0 ? 'noSuchSection' : 'noSections',
      params: { id: paper.id, requested, sections: listed.join(', ') }
    })
  }
  const parts: string[] = []
  const pages = new Set<number>()
  for (const i of hits) {
    const start = starts[i]!
    const end = starts[i + 1] ?? { page: Infinity, offset: 0 }
    for (const p of text.pages) {
      if (p.page < start.page || p.page > end.page) continue
      const from = p.page === start.page ? start.offset : 0
      const to = p.page === end.page ? end.offset : p.text.length
      const slice = p.text.slice(from, Math.max(from, to)).trim()
      if (slice.length === 0) continue
      parts.push(slice)
      pages.add(p.page)
    }
  }
  if (parts.length === 0) {
    throw new UserFacingError('NOT_FOUND', {
      key: 'sectionNoText',
      params: { id: paper.id, requested }
    })
  }
  return {
    paperId: paper.id,
    section: starts[hits[0]!]!.name,
    pages: [...pages].sort((a, b) => a - b),
    text: parts.join('\n\n')
  }
}
