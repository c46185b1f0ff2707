/**
 * Finds abbreviations a paper defines, e.g. "Natural Questions (NQ)" -> nq: natural questions.
 * @remarks Schwartz & Hearst (2003): the short form is 2–10 characters in parentheses with a
 * capital letter; its characters must appear, in order, in the words just before it, the first
 * one starting a word. Tables and later text use the short form while questions use the long
 * one, so chunks that mention `NQ` are indexed under "natural questions" too.
 */
export function findAbbreviations(text: string): Map<string, string> {
  const found = new Map<string, string>()
  const re = /\(([\p{L}\p{N}][\p{L}\p{N}-]{1,9})\)/gu
  for (const m of text.matchAll(re)) {
    const short = m[1]!
    // Acronyms, not capitalized words: "(NQ)", "(GLUE)", "(AAAI-18)", never "(Adam)".
    if ((short.match(/\p{Lu}/gu)?.length ?? 0) < 2 || !/^\p{L}/u.test(short)) continue
    const before = text
      .slice(Math.max(0, m.index - 200), m.index)
      .split(/\s+/)
      .filter(Boolean)
    const words = before.slice(-Math.min(short.length + 5, short.length * 2))
    const long = matchLongForm(short, words.join(' '))
    const key = short.toLowerCase()
    if (long && !found.has(key)) found.set(key, long)
  }
  return found
}

function matchLongForm(short: string, candidate: string): string | null {
  const s = short.toLowerCase()
  const l = candidate.toLowerCase()
  let si = s.length - 1
  let li = l.length - 1
  while (si >= 0) {
    const c = s[si]!
    if (!/[\p{L}\p{N}]/u.test(c)) {
      si--
      continue
    }
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && /[\p{L}\p{N}]/u.test(l[li - 1]!))))
      li--
    if (li < 0) return null
    si--
    li--
  }
  const start = l.lastIndexOf(' ', li) + 1
  const long = candidate.slice(start).replace(/[^\p{L}\p{N}]+$/u, '')
  // The long form must be longer than the short one and have more than one character per letter.
  const ok = long.length > short.length && /\s|-/.test(long) && !/[/:@]|\.html?\b/.test(long)
  return ok ? long : null
}
