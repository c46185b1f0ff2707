import type { LayoutPage } from './sections'

const YEAR = '((?:19|20)\\d{2})'
const MONTH =
  '(?:jan|feb|fev|mar|apr|abr|may|mai|jun|jul|aug|ago|sep|set|oct|out|okt|nov|dec|dez|dic|ene|enero|janeiro|fevereiro|março|marco|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|diciembre|januar|februar|märz|juni|juli|oktober|dezember)[a-zç]*\\.?'
/** A day or a range of days ("6", "22nd", "6–8"), as conference dates print them. */
const DAYS = '\\d{1,2}(?:st|nd|rd|th)?(?:\\s*[–-]\\s*\\d{1,2}(?:st|nd|rd|th)?)?'

/**
 * A journal's citation line: year in parentheses, then volume (issue) and page range
 * ("Review of Economic Studies (2025) 92, 299–338", "Jl. of … (2008) 19(2), 185-224").
 */
const ISSUE_LINE = new RegExp(
  `\\(${YEAR}\\)[,.]?\\s*(?:vol\\.?\\s*)?\\d+(?:\\s*\\(\\d+\\))?(?:\\s*[,:]\\s*(?:pp?\\.\\s*)?\\d+)?\\s*[–-]\\s*\\d+`,
  'i'
)

/** A month and year, with or without the day ("October 6–8, 2014", "APRIL 2001", "maio de 2018"). */
const MONTH_DATE = new RegExp(`\\b${MONTH},?\\s+(?:${DAYS},?\\s+)?(?:de\\s+)?${YEAR}\\b`, 'i')

/**
 * Printed dates, strongest first: what the publisher prints, then a cover's or manuscript's date.
 * @remarks Checked in this order; a line scores by the first that matches.
 */
const YEAR_LINES: readonly [score: number, pattern: RegExp][] = [
  [3, ISSUE_LINE],
  [3, new RegExp(`\\b${YEAR}\\s*;\\s*\\d+\\s*\\(`)],
  [4, new RegExp(`(?:©|\\(c\\)|copyright)\\D{0,60}?\\b${YEAR}\\b`, 'i')],
  [
    4,
    new RegExp(`\\b(?:published|publicado|publicación)(?: online)?\\b\\D{0,40}?\\b${YEAR}\\b`, 'i')
  ],
  // A template's placeholder volume ("Vol.xx: e00000000, 2019") still dates the issue.
  [
    3,
    new RegExp(
      `\\b(?:(?:vol\\.?|volume)\\s*(?:\\d+|x+|[ivxlc]+)|v\\.\\s*\\d+)\\b.{0,60}?\\b${YEAR}\\b`,
      'i'
    )
  ],
  [2, MONTH_DATE],
  // Numeric dates: ISO ("2019-11-16", "2022-10-17T00:00"), day.month.year ("24.9.2024", "16/11/2019").
  [2, new RegExp(`\\b${YEAR}-[01]\\d-[0-3]\\d(?!\\d)|\\b[0-3]?\\d[./][01]?\\d[./]${YEAR}\\b`)],
  [2, new RegExp(`^(?:[\\p{L}][\\p{L} .'’/-]{1,40}[,\\s–-]+)?${YEAR}$`, 'u')],
  [
    1,
    new RegExp(
      `\\b(?:accepted|received|recebido|aceito|aprovad[oa])\\b\\D{0,40}?\\b${YEAR}\\b`,
      'i'
    )
  ]
]

/** Lines saying when a copy was fetched or uploaded: the reader's date, not the paper's. */
const FETCHED =
  /\b(?:retrieved|downloaded|uploaded|accessed|acessad[oa]|acesso em|consultad[oa]|heruntergeladen|abgerufen)\b/i
/** The Unix epoch, which templates and tools print when no date was set. */
const EPOCH =
  /\b0?1(?:st)?\s+jan\w*\.?,?\s+1970\b|\bjan\w*\.?\s+0?1(?:st)?,?\s+1970\b|\b1970-01-01\b/i
/** The issue's citation line as a banner (top or bottom lines of a page) outranks a copyright. */
const BANNER_SCORE = 5
/** Lines at the top and at the bottom of a page where journals print their banner. */
const EDGE_LINES = 3
/** Words of a prose line past which a month and year is a mention, not a date line. */
const PROSE_WORDS = 14

/**
 * The year printed on a paper's first pages, or null when none is.
 * @remarks Scores each line by what it is — a journal issue's citation line printed as the
 * page's banner (the issue's year outranks an online-first copyright), a copyright or
 * "Published online" line, a volume line, a date (month, numeric, a cover's city and year), a
 * received/accepted line — and keeps the best, the latest year on a tie ("Received 2020 /
 * Accepted 2021"). The paper's own citation ("Lopatovska, I. (2011). Theories …" on its title
 * page) counts as a volume line. Dates of download or upload, and the Unix epoch a template
 * prints when unset, are never the paper's year; nor is the file's creation date.
 * @param title The title read from the page, to recognise the paper's own citation line.
 */
export function printedYear(pages: readonly LayoutPage[], title: string | null): number | null {
  const latest = new Date().getFullYear() + 1
  const own = title ? ownCitation(title) : null
  let best: { score: number; year: number } | null = null
  for (const { lines } of pages) {
    for (const [i, l] of lines.entries()) {
      const edge = i < EDGE_LINES || i >= lines.length - EDGE_LINES
      const found = lineYear(l.text.trim(), own, edge)
      if (!found || found.year > latest) continue
      if (
        !best ||
        found.score > best.score ||
        (found.score === best.score && found.year > best.year)
      )
        best = found
    }
  }
  return best?.year ?? null
}

function lineYear(
  text: string,
  own: RegExp | null,
  edge: boolean
): { score: number; year: number } | null {
  if (FETCHED.test(text) || EPOCH.test(text)) return null
  const cited = own?.exec(text)
  if (cited) return { score: 3, year: Number(cited[1]) }
  for (const [score, re] of YEAR_LINES) {
    // A month and year inside running prose ("in March 2020 the WHO...") is not a date line.
    if (re === MONTH_DATE && text.split(/\s+/).length > PROSE_WORDS) continue
    const m = re.exec(text)
    // An issue line in the page's body is a reference ("Nature 521 (2015) 436–444"), not a banner.
    if (m)
      return {
        score: re === ISSUE_LINE && edge ? BANNER_SCORE : score,
        year: Number(m.slice(1).find(Boolean))
      }
  }
  return null
}

/**
 * The paper's own reference as it prints it for citing: names, "(2011).", then the title's first
 * words ("Segar et al. (2025). lifetimeRisk: An R package …").
 */
function ownCitation(title: string): RegExp | null {
  const words = title.match(/[\p{L}\p{N}]+/gu)?.slice(0, 4) ?? []
  if (words.length < 2) return null
  const start = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\p{L}\\p{N}]+')
  return new RegExp(`^\\p{Lu}[^()]{0,200}?\\(${YEAR}[a-z]?\\)\\.?\\s+[“"‘']?${start}`, 'iu')
}
