const MAX_CHARS = 200
const MIN_CHARS = 30

/**
 * Picks the piece of `text` to highlight: the sentence that best matches `claim`.
 * @remarks The result is always a verbatim substring of `text` (trimmed, at most ~200
 * characters, cut at a word), so the PDF viewer can find it on the page. With `startOnly`,
 * only the opening is used (a section spanning pages is cited at its first page).
 */
export function pickSnippet(text: string, claim = '', startOnly = false): string {
  const long = splitSentences(text).filter((s) => s.length >= MIN_CHARS)
  // Figure labels and table cells come out as runs of very short lines; prefer prose.
  const prose = long.filter(isProse)
  const sentences = prose.length ? prose : long
  if (sentences.length === 0) return clip(text.trim())
  if (startOnly) return clip(sentences[0]!)
  const wanted = words(claim)
  let best = sentences[0]!
  let bestScore = -1
  sentences.forEach((s, i) => {
    const own = words(s)
    let hits = 0
    for (const w of own) if (wanted.has(w)) hits++
    // Normalised by length, so a long sentence does not win just by having more words.
    const score = hits / Math.sqrt(Math.max(own.size, 4))
    // A chunk usually opens mid-sentence; prefer a whole sentence when nothing else decides.
    const tieBreak = i === 0 && !/^[A-Z0-9]/.test(s) ? -0.1 : 0
    if (score + tieBreak > bestScore) {
      best = s
      bestScore = score + tieBreak
    }
  })
  return clip(best)
}

/** Splits text into sentences at `.!?` followed by a capital, digit or bracket. */
export function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}([])/u).map((s) => s.trim())
}

function isProse(s: string): boolean {
  const lines = s.split('\n')
  return s.length / lines.length >= 20
}

/** The words (4+ letters) and numbers of a text, lowercased, for overlap scores. */
export function words(s: string): Set<string> {
  // Numbers of any length count: "8 heads" and "h = 8" share the fact that matters.
  return new Set(s.toLowerCase().match(/\p{L}{4,}|\p{N}+(?:\.\p{N}+)?/gu) ?? [])
}

function clip(s: string): string {
  if (s.length <= MAX_CHARS) return s
  const cut = s.slice(0, MAX_CHARS)
  const space = cut.lastIndexOf(' ')
  return (space > MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()
}
