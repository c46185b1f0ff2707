import type { LayoutLine } from './sections'

const AFFILIATION =
  /universit|institut|college|school|department|dept\.|laborator|\blab\b|research|google|facebook|meta\b|microsoft|openai|deepmind|\binc\b|corp|brain|\bai\b|center|centre|academy|foundation|science|engineering|york|@|http/i
/** Footnote marks and affiliation numbers that sit between names ("Lan1 Mingda Chen2∗"). */
const SEPARATOR = /\s*(?:[,;&]|\band\b|[∗*†‡§¶♯♭?⋆]+|\d+)\s*/
const PARTICLE = /^(?:van|von|de|der|den|da|del|della|di|du|le|la|dos|das)$/
const INITIAL = /^\p{Lu}\.(?:-?\p{Lu}\.)*$/u
const WORD = /^\p{Lu}[\p{L}'’-]*\p{Ll}[\p{L}'’-]*$|^\p{Lu}$/u

/**
 * The authors printed under the title: name-shaped words between the title and the abstract.
 * @remarks Many templates print several names on one line with only spaces or footnote marks
 * between them ("Jacob Devlin Ming-Wei Chang Kenton Lee", "Piyush Sharma1 Radu Soricut1"), so a
 * line is cut at marks and commas and each run of words is read as given name, initials,
 * particles and surname, one person after another.
 */
export function pageAuthors(lines: readonly LayoutLine[], from: number): string[] {
  const authors: string[] = []
  for (let i = from; i < Math.min(lines.length, from + 25); i++) {
    const text = fixSpacingAccents(lines[i]!.text)
    if (/^abstract\b/i.test(text) || /^1\.?\s+introduction/i.test(text)) break
    if (AFFILIATION.test(text)) continue
    for (const run of text.split(SEPARATOR)) {
      for (const name of namesIn(run)) if (!authors.includes(name)) authors.push(name)
    }
  }
  return authors.slice(0, 50)
}

/** Splits a run of words into people: given name, initials, particles, surname. */
export function namesIn(run: string): string[] {
  const words = run
    .replace(/[()[\]{}"“”]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length < 2) return []
  if (!words.every((w) => INITIAL.test(w) || WORD.test(w) || PARTICLE.test(w))) return []
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
    .filter((n) => n.length >= 2 && !INITIAL.test(n[n.length - 1]!))
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
    .filter((s) => s.length > 1)
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
  return text
    .replace(/([˘¨´`ˆ˜ˇ¸])(\p{L})/gu, (_, accent: string, letter: string) =>
      (letter + SPACING_ACCENT[accent]!).normalize('NFC')
    )
    .normalize('NFC')
}
