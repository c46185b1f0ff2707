import { cleanAuthorLine, dropLetterMarks } from './authorMarks'
import type { LayoutLine } from './sections'

const AFFILIATION =
  /universi|polytechn|école|institut|college|school|department|dept\.|laborator|\blab\b|research|google|facebook|meta\b|microsoft|openai|deepmind|\binc\b|corp|brain|\bai\b|center|centre|academy|foundation|science|engineering|york|@|http|faculdade|facultad|escola|escuela|hospital|health|system|society|association|ministry|minist[eé]rio|journal|press|programa|departamento|centro|gmbh|ltd|s\.a\.|e-?mail|orcid/i
/** Labels before an author's name on covers ("Vorgelegt von:", "submitted by", "por"). */
const LABEL =
  /^(?:by|por|von|vorgelegt von|eingereicht von|submitted by|presented by|autora?|autor(?:es)?|authors?|aluna?|discente|candidat[oa])\s*:?\s*/i
/** Lines naming someone who is not an author (advisors, examiners) or a genre. */
const NOT_AUTHOR =
  /orientador|orientadora|coorientador|co-orientador|supervisor|advisor|adviser|director|directora|betreuer|gutachter|examinador|banca|prof\.|dr\.|monografia|trabalho|dissertação|tese\b|tesis|thesis|masterarbeit|keywords?|key words|palavras|received|accepted|published|citation|copyright/i
/** Footnote marks and affiliation numbers that sit between names ("Lan1 Mingda Chen2∗"). */
const SEPARATOR = /\s*(?:[,;&·]|\band\b|\bAND\b|\be\b|\by\b|\bund\b|[∗*†‡§¶♯♭?⋆]+|\d+)\s*/
/** Separators that list people, as opposed to marks between them. */
const LIST_SEPARATOR = /[,;&]|\band\b|\bAND\b|\be\b|\by\b|\bund\b/
const CONNECTOR_LINE = /^(?:and|AND|e|y|und|&)$/
const DEGREES =
  /,?\s*\b(?:PhD|Ph\.D\.|MD|MSc|MS|MPH|BSc|MA|BA|DrPH|RN|MBA|MBBS|FRCS|MRCS|DPhil)\b\.?/g
const PARTICLE = /^(?:van|von|de|der|den|da|del|della|di|du|le|la|dos|das|do|y)$/
const INITIAL = /^\p{Lu}\.(?:-?\p{Lu}\.)*$|^\p{Lu}{1,2}$/u
const WORD = /^(?:[dDlL][’'])?\p{Lu}[\p{L}'’-]*\p{Ll}[\p{L}'’-]*$|^\p{Lu}$/u
const CAPS_WORD = /^\p{Lu}[\p{Lu}'’-]+$/u
const ABSTRACT_LINE =
  /^(?:abstract|a b s t r a c t|resumo|resumen|zusammenfassung|summary|keywords|palavras-chave)\b|^(?:1|I)\.?\s+(?:introduction|introdução|introducción|einleitung)/i
const MONTH_WORD =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|diciembre)$/i

/**
 * The authors printed under the title: name-shaped words between the title and the abstract.
 * @remarks Many templates print several names on one line with only spaces or footnote marks
 * between them ("Jacob Devlin Ming-Wei Chang Kenton Lee", "Piyush Sharma1 Radu Soricut1"), so a
 * line is cut at marks and commas and each run of words is read as given name, initials,
 * particles and surname, one person after another. Affiliations, advisors, dates and a cover's
 * city line ("São Paulo" above "2022") are not names; the block ends after three lines without
 * one. When nothing under the title is a name, a line above it that is one person's name is the
 * author (thesis covers print the author above the title).
 */
export function pageAuthors(
  lines: readonly LayoutLine[],
  from: number,
  titleStart = from
): string[] {
  const authors: string[] = []
  let misses = 0
  let size = 0
  let carry = ''
  for (let i = from; i < Math.min(lines.length, from + 25); i++) {
    const text = fixSpacingAccents(lines[i]!.text)
    if (ABSTRACT_LINE.test(text)) break
    // "and" alone between two names ("Felix Kübler" / "and" / "Simon Scheidegger").
    if (authors.length > 0 && CONNECTOR_LINE.test(text.trim())) continue
    // The block's names share one size; lines of another size (affiliations, a cover's genre
    // line) are not names, and weigh less as misses (a column's affiliation lines).
    const sameSize = authors.length === 0 || Math.abs(lines[i]!.fontSize - size) <= 0.6
    const found = sameSize ? lineNames(lines, i, carry) : { names: [], carry: '' }
    carry = found.carry
    if (found.names.length === 0) {
      if (authors.length > 0 && (misses += sameSize ? 1 : 0.5) >= 3) break
      continue
    }
    misses = 0
    if (authors.length === 0) size = lines[i]!.fontSize
    for (const name of found.names) if (!authors.includes(name)) authors.push(name)
  }
  const glued = gluedLabels(lines.slice(from, from + 25))
  if (glued.size >= 2)
    authors.forEach((name, k) => {
      const last = name.slice(-1)
      if (glued.has(last) && /\p{Ll}{3}$/u.test(name)) authors[k] = name.slice(0, -1)
    })
  if (authors.length === 0) {
    for (let i = titleStart - 1; i >= Math.max(0, titleStart - 8); i--) {
      const found = lineNames(lines, i).names
      const words = lines[i]!.text.trim().split(/\s+/).length
      if (found.length === 1 && found[0]!.split(' ').length === words) return found
    }
  }
  return authors.slice(0, 50)
}

/**
 * Affiliation letters printed glued to what they label ("aPratt SILS", "bDepartment of …").
 * @remarks Where the affiliations carry them so, the names carry them so too ("Irene
 * Lopatovskaa"): only a run of them from "a" on counts, so a brand ("eBay") is not one.
 */
function gluedLabels(lines: readonly LayoutLine[]): Set<string> {
  const labels = new Set<string>()
  for (const l of lines) {
    const m = /^(\p{Ll})\p{Lu}\p{Ll}/u.exec(l.text.trim())
    if (m && m[1]!.charCodeAt(0) === 97 + labels.size) labels.add(m[1]!)
  }
  return labels
}

/**
 * The names on line `i`, and a given name left at its end for the next line ("… Daniel" /
 * "Anderle2"). `carry` is the previous line's.
 */
function lineNames(
  lines: readonly LayoutLine[],
  i: number,
  carry = ''
): { names: string[]; carry: string } {
  const none = { names: [], carry: '' }
  const raw = fixSpacingAccents(lines[i]!.text).trim()
  if (AFFILIATION.test(raw) || NOT_AUTHOR.test(raw)) return none
  const text = `${carry} ${cleanAuthorLine(raw.replace(LABEL, '').replace(DEGREES, ''))}`.trim()
  // A year is a date line; ORCID ids ("0000-0003-4519-1931") are gone by now.
  if (/\b(?:19|20)\d{2}\b/.test(text)) return none
  // A cover's city: a short line next to a line that is a year or a date.
  const near = (j: number): boolean => {
    const t = lines[j]?.text.trim() ?? ''
    return /(?:19|20)\d{2}$/.test(t) && t.split(/\s+/).length <= 5
  }
  const words = text.split(/\s+/)
  if (words.length <= 3 && (near(i + 1) || near(i - 1))) return none
  // One long name on its own line, with particles ("Vitor Márcio Paiva de Sousa Baptista").
  const bare = text.replace(/[\s\d,]+$/, '')
  if (
    !SEPARATOR.test(bare) &&
    words.length <= 7 &&
    words.slice(1, -1).some((w) => PARTICLE.test(w))
  ) {
    const one = namesIn(bare, words.length <= 5)
    if (one.length > 1) return { names: [one.join(' ')], carry: '' }
  }
  const runs = text
    .split(SEPARATOR)
    .map(dropLetterMarks)
    .filter((r) => r.length > 0)
  // In a list cut by commas or "and", each run is one person ("Shirley Shapiro Ben David, MD;"),
  // and capitals are read per run ("IDO ROLL, ALBERT CORBETT, AND KENNETH KOEDINGER").
  const listed = runs.length >= 2 && LIST_SEPARATOR.test(text)
  const names: string[] = []
  let next = ''
  runs.forEach((run, k) => {
    const n = run.split(' ').length
    const caps = listed ? n <= 5 : words.length <= 5
    const open = /\p{L}$/u.test(text)
    if (open && k === runs.length - 1 && k > 0 && n === 1 && namesIn(`${run} Name`, caps).length) {
      next = run
      return
    }
    const people = namesIn(run, caps)
    if (listed && people.length > 1 && n <= 4) names.push(people.join(' '))
    else names.push(...people)
  })
  return {
    names: names.filter((n) => !n.split(' ').some((w) => MONTH_WORD.test(w))),
    carry: names.length > 0 ? next : ''
  }
}

/** Splits a run of words into people: given name, initials, particles, surname. */
export function namesIn(run: string, caps = false): string[] {
  const words = run
    .replace(/[()[\]{}"“”]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length < 2 || words.length > 12) return []
  // Names set in capitals ("FERNANDO MEIRELES") are read in title case.
  if (caps && words.every((w) => CAPS_WORD.test(w) || INITIAL.test(w) || /^\p{Lu}\.$/u.test(w)))
    words.splice(0, words.length, ...words.map(titleCaseName))
  if (!words.every((w) => INITIAL.test(w) || WORD.test(w) || PARTICLE.test(w))) return []
  if (PARTICLE.test(words[0]!)) return []
  const names: string[][] = []
  let i = 0
  while (i < words.length) {
    const name = [words[i++]!]
    while (i < words.length && (INITIAL.test(words[i]!) || PARTICLE.test(words[i]!)))
      name.push(words[i++]!)
    if (i < words.length) name.push(words[i++]!)
    // A lone trailing word belongs to the person before it ("José Luis García").
    if (name.length === 1 && names.length) names[names.length - 1]!.push(name[0]!)
    else names.push(name)
  }
  return names
    .filter((n) => n.length >= 2 && !n.every((w) => INITIAL.test(w)))
    .map((n) => n.join(' '))
}

/** Names from the PDF's Author field ("Alec Radford*, Jeffrey Wu*"), or null when empty. */
export function infoAuthors(author: string | null): string[] | null {
  if (!author) return null
  const parts = author
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((s) =>
      s
        .replace(/[∗*†‡§¶♯♭\d]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    )
    // A program, a unit or an address ("PPGEco/UFES", "me@uni.br") is no person's name.
    .filter((s) => s.length > 1 && !/[/@\\]/.test(s))
  return parts.length ? parts : null
}

const SPACING_ACCENT: Record<string, string> = {
  '˘': '\u0306',
  '¨': '\u0308',
  '´': '\u0301',
  '`': '\u0300',
  ˆ: '\u0302',
  '˜': '\u0303',
  ˇ: '\u030C',
  '¸': '\u0327'
}

/** TeX fonts often put a spacing accent before its letter ("O˘guz"): rejoin it ("Oğuz"). */
export function fixSpacingAccents(text: string): string {
  return (
    text
      // A cedilla goes under the consonant beside it, which TeX may print before or after it.
      .replace(/(\p{L})¸(?![cCsStTgGkKlLnNrR])/gu, '$1\u0327')
      .replace(/([˘¨´`ˆ˜ˇ¸])(\p{L})/gu, (_, accent: string, letter: string) =>
        (letter + SPACING_ACCENT[accent]!).normalize('NFC')
      )
      // TeX's dotless i under an accent ("Magı´ster") is an accented i.
      .replace(/ı(\p{M})/gu, 'i$1')
      .normalize('NFC')
  )
}

function titleCaseName(w: string): string {
  if (/^\p{Lu}\.?$/u.test(w)) return w
  const lower = w.toLowerCase()
  if (PARTICLE.test(lower)) return lower
  return lower.replace(/(^|[-'’])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase())
}
