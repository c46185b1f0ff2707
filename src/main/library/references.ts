import { DOI_PATTERN } from '../ingest/metadata'

/** One entry of a paper's reference list, as far as it can be read. */
export interface Reference {
  title: string | null
  arxivId: string | null
  doi: string | null
  year: number | null
  /** The entry's text, shortened, for a person to recognise it. */
  text: string
}

const ARXIV = /(?:arXiv[:\s]*|abs\/|arxiv\.org\/abs\/)(\d{4}\.\d{4,5})(?:v\d+)?/i
const INITIAL = /^(?:\p{Lu}\.|\p{Lu}\.-\p{Lu}\.|\p{Lu})$/u

function clean(s: string): string {
  return s
    .replace(/-\n(?=\p{Ll})/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The text from the "References" heading to the end (or to an appendix). */
export function referencesText(text: string): string {
  const m = /(?:^|\n)\s*(?:\d+\.?\s*)?(?:References|Bibliography|REFERENCES)\s*\n/.exec(text)
  if (!m) return ''
  const rest = text.slice(m.index + m[0].length)
  // An appendix heading ("A Pre-training Details", "Appendix"); not a reference title that
  // starts a line with "A" ("A surprisingly robust trick for...", "A retrieve-and-edit...").
  const end =
    /\n\s*(?:A\.?\s+\p{Lu}[^\n]{0,60}|Appendix\b[^\n]{0,80}|APPENDIX\b[^\n]{0,80}|Supplementary Material[^\n]{0,80})\n/u.exec(
      rest
    )
  return end && end.index > 500 ? rest.slice(0, end.index) : rest
}

/**
 * Reads a reference list into entries: numbered (`[12] Authors. Title. Venue, 2017.`) or
 * author-year (`Authors. 2018. Title. In Venue.`), with arXiv ids and DOIs where printed.
 * @remarks Titles are a heuristic (the sentence after the authors or after the year); the
 * identifiers are exact.
 */
export function parseReferences(text: string): Reference[] {
  const body = referencesText(text)
  if (!body.trim()) return []
  const numbered = body.match(/(?:^|\n)\s*\[\d{1,3}\]/g)?.length ?? 0
  const entries = numbered >= 3 ? splitNumbered(body) : splitAuthorYear(body)
  return entries
    .map((e) => {
      const t = clean(e.text)
      const year = /\b((?:19|20)\d{2})[a-z]?\b/.exec(t)?.[1]
      return {
        title: e.title,
        arxivId: ARXIV.exec(t)?.[1] ?? null,
        doi: DOI_PATTERN.exec(t)?.[1]?.toLowerCase() ?? null,
        year: year ? Number(year) : null,
        text: t.length > 240 ? `${t.slice(0, 237)}…` : t
      }
    })
    .map((r) => (r.title && !plausibleTitle(r.title) ? { ...r, title: null } : r))
    .filter((r) => r.title || r.arxivId || r.doi)
}

/** Not a URL, a venue or a list of names ("Bahdanau, D., Cho, K., and Bengio, Y"). */
function plausibleTitle(t: string): boolean {
  if (/^(?:URL|https?:|In |Proceedings|arXiv)/i.test(t)) return false
  const words = t.split(/\s+/)
  const namey = words.filter((w) => /^\p{Lu}[\p{L}'’-]*[,.]?$|^and$/u.test(w)).length
  return !(t.includes(',') && namey / words.length > 0.7)
}

function splitNumbered(body: string): { text: string; title: string | null }[] {
  return body
    .split(/(?:^|\n)\s*\[\d{1,3}\]\s*/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((raw) => {
      const t = clean(raw)
      // Authors end at the first ". " whose last word is not an initial.
      const sentences = t.split(/(?<=[.?!])\s+/)
      let i = 0
      while (i < sentences.length - 1) {
        const last =
          sentences[i]!.replace(/[.?!]$/, '')
            .split(/\s+/)
            .pop() ?? ''
        if (!INITIAL.test(last)) break
        i++
      }
      const title = sentences[i + 1]?.replace(/[.]$/, '') ?? null
      return { text: t, title: title && title.length >= 12 ? title : null }
    })
}

function splitAuthorYear(body: string): { text: string; title: string | null }[] {
  const t = clean(body)
  const marks = [...t.matchAll(/\b(?:19|20)\d{2}[a-z]?\.\s+/g)]
  return marks.map((m, i) => {
    const start = m.index! + m[0].length
    const end = marks[i + 1]?.index ?? t.length
    const seg = t.slice(start, end)
    const title = /^(.{12,250}?[.?!])(?:\s|$)/.exec(seg)?.[1]?.replace(/\.$/, '') ?? null
    // The year, title and venue of this entry (identifiers sit in the venue part).
    return { text: t.slice(m.index, end), title }
  })
}

/** Lower-case letters and digits, for comparing titles. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}
