/** A piece of an answer's prose: plain text, or TeX with its delimiters (`$…$`, `$$…$$`). */
export interface ProsePiece {
  text: string
  math: boolean
}

const space = (c: string | undefined): boolean => c === undefined || /\s/.test(c)
const digit = (c: string | undefined): boolean => c !== undefined && /\d/.test(c)

/**
 * Where the `$…$` opened at `open` closes, or -1 when that dollar is not maths.
 * @remarks Pandoc's rule, so prices stay prices: the opening `$` has a non-space after it, the
 * closing one a non-space before it and no digit after it; and since a bare `$` is never inside
 * inline TeX, the first `$` met must be the closing one ("$5 and $10" is two prices, and in
 * "$5 and $d_k$" only `$d_k$` is maths). Inline maths does not cross a blank line.
 */
function inlineEnd(text: string, open: number): number {
  if (space(text[open + 1]) || text[open + 1] === '$') return -1
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') {
      i++
      continue
    }
    if (c === '\n' && text[i + 1] === '\n') return -1
    if (c !== '$') continue
    return space(text[i - 1]) || digit(text[i + 1]) || text[i + 1] === '$' ? -1 : i
  }
  return -1
}

/**
 * Splits prose (text outside code) into plain text and TeX, turning `\(…\)` into `$…$` and
 * `\[…\]` into `$$…$$`, and escaping every `$` that opens no maths, so the Markdown parser's
 * maths extension sees exactly the maths and a price such as "$5" stays as written.
 */
export function prosePieces(text: string): ProsePiece[] {
  const pieces: ProsePiece[] = []
  let plain = ''
  const flush = (): void => {
    if (plain) pieces.push({ text: plain, math: false })
    plain = ''
  }
  const tex = (body: string, display: boolean): void => {
    flush()
    const d = display ? '$$' : '$'
    pieces.push({ text: `${d}${body}${d}`, math: true })
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const next = text[i + 1]
    if (c === '\\' && (next === '(' || next === '[')) {
      const close = text.indexOf(next === '(' ? '\\)' : '\\]', i + 2)
      const body = close > 0 ? text.slice(i + 2, close) : ''
      if (body.trim() && (next === '[' || !body.includes('\n'))) {
        // A display block keeps its line breaks, so one on lines of its own stays a block.
        tex(next === '[' ? body : body.trim(), next === '[')
        i = close + 1
        continue
      }
    }
    if (c === '\\') {
      plain += c + (next ?? '')
      i++
      continue
    }
    if (c !== '$') {
      plain += c
      continue
    }
    if (next === '$') {
      const close = text.indexOf('$$', i + 2)
      if (close > i + 2) {
        tex(text.slice(i + 2, close), true)
        i = close + 1
      } else {
        plain += '\\$\\$'
        i++
      }
      continue
    }
    const end = inlineEnd(text, i)
    if (end > 0) {
      tex(text.slice(i + 1, end), false)
      i = end
    } else {
      plain += '\\$'
    }
  }
  flush()
  return pieces
}
