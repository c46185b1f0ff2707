/** What a damaged `library.json` still holds whole. */
export interface CatalogPrefix {
  /** The `journalSeq` it records, when that was read. */
  journalSeq: number | null
  /** Every paper record read whole, unchecked. */
  papers: unknown[]
  /** Every collection read whole, unchecked. */
  collections: unknown[]
}

/**
 * Reads the records a cut-short or damaged `library.json` still holds whole.
 * @remarks A file cut by a full disk or a crash is valid JSON up to some point: every paper
 * (and collection) written before that point can still be read. The top-level object is walked
 * key by key; in `papers` and `collections` each element that ends before the damage is parsed
 * alone, so a record that was itself cut is left out and everything before it is kept. Stops at
 * the first thing that is not JSON.
 */
export function readCatalogPrefix(text: string): CatalogPrefix {
  const out: CatalogPrefix = { journalSeq: null, papers: [], collections: [] }
  let i = skipSpace(text, 0)
  if (text[i] !== '{') return out
  i = skipSpace(text, i + 1)
  while (i < text.length && text[i] !== '}') {
    const keyEnd = valueEnd(text, i)
    if (text[i] !== '"' || keyEnd < 0) return out
    const key = parseOr(text.slice(i, keyEnd))
    i = skipSpace(text, keyEnd)
    if (text[i] !== ':') return out
    i = skipSpace(text, i + 1)
    const list = key === 'papers' ? out.papers : key === 'collections' ? out.collections : null
    if (list && text[i] === '[') {
      i = skipSpace(text, i + 1)
      while (text[i] !== ']') {
        const end = valueEnd(text, i)
        if (end < 0) return out
        const value = parseOr(text.slice(i, end))
        if (value === undefined) return out
        list.push(value)
        i = skipSpace(text, end)
        if (text[i] === ',') i = skipSpace(text, i + 1)
        else if (text[i] !== ']') return out
      }
      i = skipSpace(text, i + 1)
    } else {
      const end = valueEnd(text, i)
      if (end < 0) return out
      const value = parseOr(text.slice(i, end))
      if (key === 'journalSeq' && typeof value === 'number') out.journalSeq = value
      i = skipSpace(text, end)
    }
    if (text[i] === ',') i = skipSpace(text, i + 1)
    else if (text[i] !== '}') return out
  }
  return out
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++
  return i
}

function parseOr(slice: string): unknown {
  try {
    return JSON.parse(slice) as unknown
  } catch {
    return undefined
  }
}

// Where the JSON value starting at `i` ends (one past it), or -1 when the text ends first.
function valueEnd(text: string, i: number): number {
  const first = text[i]
  if (first === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++
      else if (text[j] === '"') return j + 1
    }
    return -1
  }
  if (first === '{' || first === '[') {
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const c = text[j]
      if (c === '"') {
        const end = valueEnd(text, j)
        if (end < 0) return -1
        j = end - 1
      } else if (c === '{' || c === '[') depth++
      else if (c === '}' || c === ']') {
        depth--
        if (depth === 0) return j + 1
      }
    }
    return -1
  }
  // A number, true, false or null: it ends at a delimiter; at the end of the text it may be cut.
  for (let j = i; j < text.length; j++) if (',}] \t\r\n'.includes(text[j]!)) return j
  return -1
}
