import { prosePieces } from './answerMath'

// `[1]`, `[1, 2]`, `[1-3]` and `[1][2]` all cite; numbers outside the citations stay text.
const MARKER = /\[(\d+(?:\s*[,–-]\s*\d+)*)\](?!\()/g
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g

function expand(list: string): number[] {
  const out: number[] = []
  for (const part of list.split(',')) {
    const [a, b] = part.split(/[–-]/).map((s) => Number(s.trim()))
    if (a === undefined || Number.isNaN(a)) continue
    if (b === undefined || Number.isNaN(b) || b < a || b - a > 20) out.push(a)
    else for (let n = a; n <= b; n++) out.push(n)
  }
  return out
}

/** Applies `fn` to the parts of Markdown outside code spans and fences. */
function outsideCode(text: string, fn: (part: string) => string): string {
  return text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : fn(part)))
    .join('')
}

/**
 * Readies an answer's Markdown for the renderer: each `[n]` citing known numbers becomes a link
 * `[n](#cite-n)`, one per number, so the Markdown renderer hands it to the chip; code and TeX
 * are left alone, and a `$` that opens no maths is escaped (see {@link prosePieces}).
 */
export function linkCitations(text: string, known: ReadonlySet<number>): string {
  return outsideCode(text, (part) =>
    prosePieces(part)
      .map((piece) =>
        piece.math
          ? piece.text
          : piece.text.replace(MARKER, (whole, list: string) => {
              const numbers = expand(list)
              if (numbers.length === 0 || !numbers.every((n) => known.has(n))) return whole
              return numbers.map((n) => `[${n}](#cite-${n})`).join('')
            })
      )
      .join('')
  )
}

/** Hides raw `[[chunk-id]]` markers in text that is still streaming. */
export function hideRawMarkers(text: string): string {
  return text.replace(/\s*\[\[[^\]]*\]\]/g, '').replace(/\[\[[^\]]*$/, '')
}
