/** An inline piece of an answer: plain text, emphasis, code or a citation marker. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'cite'; number: number }

/** A block of an answer: a paragraph, a heading, a quoted passage or a list of items. */
export type Block =
  | { kind: 'p'; inlines: Inline[] }
  | { kind: 'h'; inlines: Inline[] }
  | { kind: 'quote'; inlines: Inline[] }
  | { kind: 'ul' | 'ol'; items: Inline[][] }

// `[1]`, `[1, 2]`, `[1-3]` and `[1][2]` all cite; numbers outside the citations stay text.
const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\*([^*\s][^*]*)\*|\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g

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

/** Splits a line into inline pieces; `[n]` becomes a citation only when `n` is known. */
export function parseInline(text: string, known: ReadonlySet<number>): Inline[] {
  const out: Inline[] = []
  const push = (piece: Inline): void => {
    const last = out[out.length - 1]
    if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text
    else out.push(piece)
  }
  let at = 0
  for (const m of text.matchAll(INLINE)) {
    if (m.index > at) push({ kind: 'text', text: text.slice(at, m.index) })
    at = m.index + m[0].length
    if (m[1] !== undefined) push({ kind: 'strong', text: m[1] })
    else if (m[2] !== undefined) push({ kind: 'code', text: m[2] })
    else if (m[3] !== undefined) push({ kind: 'em', text: m[3] })
    else {
      const numbers = expand(m[4] ?? '')
      if (numbers.length > 0 && numbers.every((n) => known.has(n))) {
        for (const number of numbers) push({ kind: 'cite', number })
      } else push({ kind: 'text', text: m[0] })
    }
  }
  if (at < text.length) push({ kind: 'text', text: text.slice(at) })
  return out
}

/**
 * Parses an answer's light Markdown (paragraphs, headings, lists, `>` quotes, bold, code) and its `[n]`
 * citation markers.
 * @remarks A tiny parser rather than a Markdown library: answers use a handful of constructs,
 * and building React nodes directly means no HTML string is ever injected.
 */
export function parseAnswer(text: string, known: ReadonlySet<number>): Block[] {
  const blocks: Block[] = []
  let para: string[] = []
  let paraKind: 'p' | 'quote' = 'p'
  const flush = (): void => {
    if (para.length > 0)
      blocks.push({ kind: paraKind, inlines: parseInline(para.join(' '), known) })
    para = []
    paraKind = 'p'
  }
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    const bullet = /^[-*•]\s+(.*)$/.exec(line)
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line)
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    const quote = /^>\s?(.*)$/.exec(line)
    if (!line) {
      flush()
      continue
    }
    if (quote) {
      if (paraKind !== 'quote') flush()
      paraKind = 'quote'
      para.push(quote[1] ?? '')
      continue
    }
    if (paraKind === 'quote') flush()
    if (heading) {
      flush()
      blocks.push({ kind: 'h', inlines: parseInline(heading[1] ?? '', known) })
    } else if (bullet || numbered) {
      flush()
      const kind = bullet ? 'ul' : 'ol'
      const item = parseInline((bullet ?? numbered)?.[1] ?? '', known)
      const last = blocks[blocks.length - 1]
      if (last && last.kind === kind) last.items.push(item)
      else blocks.push({ kind, items: [item] })
    } else para.push(line)
  }
  flush()
  return blocks
}

/** The citation numbers an answer's text actually shows inline. */
export function citedNumbers(text: string, known: ReadonlySet<number>): Set<number> {
  const cited = new Set<number>()
  for (const block of parseAnswer(text, known)) {
    const lines = 'items' in block ? block.items : [block.inlines]
    for (const inlines of lines) for (const i of inlines) if (i.kind === 'cite') cited.add(i.number)
  }
  return cited
}

/** Hides raw `[[chunk-id]]` markers in text that is still streaming. */
export function hideRawMarkers(text: string): string {
  return text.replace(/\s*\[\[[^\]]*\]\]/g, '').replace(/\[\[[^\]]*$/, '')
}
