import type { Creator, Entry } from '@retorquere/bibtex-parser'
import type { EntryIssue } from '../../shared/imports'

/**
 * Tolerant BibTeX reading through `@retorquere/bibtex-parser` (the parser behind Better
 * BibTeX): the only import of it.
 * @remarks The file is cut into blocks at each line that starts with `@` and every block is
 * parsed on its own (with the `@string`s seen so far), so a syntax error costs its entry only
 * and each entry knows its line. What the parser does not do is added here, each measured on
 * the issue-27 fixtures: crossref/xdata inheritance across blocks, control spaces (`\ `),
 * dotless i/j under an accent (`{\'\i}`) composed to NFC, HTML markup in fields, LaTeX in
 * `file` paths (a verbatim field), and recovering the fields of an entry with an unclosed `$`
 * or brace.
 * The parser is loaded with `import()` on first use: its CommonJS build cannot be required
 * (tsx, plain Node), its ES module build can; the app bundles it.
 */

type Parser = typeof import('@retorquere/bibtex-parser')
let parser: Parser | null = null

async function loadParser(): Promise<Parser> {
  parser ??= await import('@retorquere/bibtex-parser')
  return parser
}

function parse(...args: Parameters<Parser['parse']>): ReturnType<Parser['parse']> {
  if (!parser) throw new Error('the BibTeX parser is used before readBibtex loaded it')
  return parser.parse(...args)
}

export type { Creator } from '@retorquere/bibtex-parser'

/** One entry as the parser gave it, with where it starts and its names as written. */
export interface BibtexEntry {
  line: number
  type: string
  key: string
  fields: Record<string, string>
  /** Creators per role (`author`, `editor`), each `{name}` (a protected corporate name) or parts. */
  creators: Record<string, Creator[]>
}

/** What reading a BibTeX text gave: its entries and what was odd about some of them. */
export interface BibtexRead {
  entries: BibtexEntry[]
  issues: EntryIssue[]
}

/** Called every few hundred blocks: how many are read of how many. */
export type ReadProgress = (done: number, total: number) => void

/** Thrown when the signal passed to {@link readBibtex} fires; the import keeps nothing. */
export class ReadCancelledError extends Error {
  constructor() {
    super('reading the bibliography was cancelled')
  }
}

const OPTIONS = {
  english: false,
  sentenceCase: false,
  caseProtection: false,
  unsupported: 'ignore'
} as const

/** BibTeX's and BibLaTeX's entry types; another type is imported as a generic reference. */
const KNOWN_TYPES = new Set(
  (
    'article book booklet conference inbook incollection inproceedings manual mastersthesis misc ' +
    'phdthesis proceedings techreport unpublished online electronic www report thesis collection ' +
    'mvbook mvcollection mvproceedings mvreference bookinbook suppbook suppcollection ' +
    'suppperiodical periodical reference inreference patent dataset software artwork audio image ' +
    'movie music performance video standard letter commentary jurisdiction legislation legal ' +
    'review set xdata'
  ).split(' ')
)
/** Types that hold data for other entries, not references themselves. */
const CONTAINERS = new Set(['xdata'])
const CREATOR_FIELDS = ['author', 'editor', 'bookauthor', 'translator']
const PARENT_TITLE_TYPES = /^(?:proceedings|book|collection|mv\w+|reference|periodical)$/
const HTML_TAG =
  /<\/?(?:i|b|em|strong|sub|sup|span|sc|u|br|p|a|font|div|small|nocase|tt)(?:\s[^<>]*)?\/?>/gi
const PER_TICK = 200

/**
 * Reads every entry of a BibTeX text it can; `signal` stops it between blocks.
 * @remarks Yields to the event loop every {@link PER_TICK} blocks, so progress is shown and a
 * cancel is heard on a 10,000-entry file.
 */
export async function readBibtex(
  text: string,
  options: { progress?: ReadProgress; signal?: AbortSignal } = {}
): Promise<BibtexRead> {
  await loadParser()
  const blocks = splitBlocks(text)
  const entries: BibtexEntry[] = []
  const containers = new Map<string, BibtexEntry>()
  const issues: EntryIssue[] = []
  let strings: Record<string, string> = {}
  for (const [i, block] of blocks.entries()) {
    if (i % PER_TICK === 0) {
      if (options.signal?.aborted) throw new ReadCancelledError()
      options.progress?.(i, blocks.length)
      if (i > 0) await new Promise((r) => setImmediate(r))
    }
    const read = readBlock(block.text, block.line, strings)
    strings = read.strings
    if (read.issue) issues.push(read.issue)
    for (const e of read.entries) {
      if (CONTAINERS.has(e.type)) containers.set(e.key.toLowerCase(), e)
      else entries.push(e)
    }
  }
  options.progress?.(blocks.length, blocks.length)
  const byKey = new Map(entries.map((e) => [e.key.toLowerCase(), e]))
  for (const e of entries) {
    inherit(e, byKey, containers, issues)
    if (!KNOWN_TYPES.has(e.type))
      issues.push({ line: e.line, key: e.key || null, code: 'unknownType', detail: e.type })
  }
  return { entries, issues }
}

interface Block {
  text: string
  line: number
}

function splitBlocks(text: string): Block[] {
  const out: Block[] = []
  let line = 1
  for (const part of text.split(/^(?=[ \t]*@)/m)) {
    if (/^\s*@/.test(part)) out.push({ text: part, line: line + leadingLines(part) })
    line += count(part, '\n')
  }
  return out
}

function leadingLines(s: string): number {
  return count(/^\s*/.exec(s)![0], '\n')
}

function count(s: string, c: string): number {
  let n = 0
  for (let i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) n++
  return n
}

/** What the parser needs to decode what it would otherwise read wrong. */
function prepare(block: string): string {
  return block
    .replace(HTML_TAG, '')
    .replace(/(?<!\\)\\ /g, ' ')
    .replace(/\$\\backslash\$/g, '\\\\')
    .replace(/</g, '\\textless{}')
    .replace(/>/g, '\\textgreater{}')
}

/** Unicode as a person types it: dotless i/j under an accent become i/j, then NFC. */
function tidy(s: string): string {
  return (
    s
      .replace(/\u0131(?=[\u0300-\u036f])/g, 'i')
      .replace(/\u0237(?=[\u0300-\u036f])/g, 'j')
      .replace(/[\u200b\u00ad]/g, '')
      // An accent command with nothing under it (`{\d}`) leaves a lone combining mark.
      .replace(/(^|\s)[\u0300-\u036f]+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
      .normalize('NFC')
  )
}

function readBlock(
  raw: string,
  line: number,
  strings: Record<string, string>
): { entries: BibtexEntry[]; strings: Record<string, string>; issue: EntryIssue | null } {
  const head = /^\s*@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]*)/.exec(raw)
  const type = head?.[1]?.toLowerCase() ?? ''
  if (type === 'comment' || type === 'preamble') return { entries: [], strings, issue: null }
  const lib = parse(prepare(raw), { ...OPTIONS, strings })
  const merged = { ...strings, ...lib.strings }
  if (type === 'string') return { entries: [], strings: merged, issue: null }
  const key = head?.[2] ?? ''
  if (!lib.errors.length) {
    const entries = lib.entries.map((e) => toEntry(e, line))
    const keyless = entries.find((e) => !e.key)
    return {
      entries,
      strings: merged,
      issue: keyless ? { line, key: null, code: 'noKey', detail: '' } : null
    }
  }
  const detail = lib.errors[0]!.error.replace(/ at line \d+, column \d+/, '')
  const recovered = recover(raw, strings, line)
  if (!recovered)
    return {
      entries: [],
      strings: merged,
      issue: { line, key: key || null, code: 'syntax', detail }
    }
  return {
    entries: [recovered],
    strings: merged,
    issue: { line, key: key || null, code: 'recovered', detail }
  }
}

/**
 * The fields of an entry the parser refused (an unclosed `$` or brace): one `name = value` per
 * line, as every reference manager writes them, with the stray delimiters dropped and the
 * values decoded by the parser again.
 */
function recover(raw: string, strings: Record<string, string>, line: number): BibtexEntry | null {
  const head = /^\s*@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]*)\s*,/.exec(raw)
  if (!head) return null
  const fields: string[] = []
  for (const l of raw.slice(head[0].length).split('\n')) {
    const m = /^\s*([A-Za-z][\w:.+-]*)\s*=\s*(.*?)\s*,?\s*$/.exec(l)
    if (!m) continue
    const value = m[2]!
      .replace(/^[{"]|[}"]$/g, '')
      .replace(/[{}$]/g, '')
      .replace(/\)\s*$/, '')
    fields.push(`  ${m[1]} = {${value}}`)
  }
  if (!fields.length) return null
  const lib = parse(prepare(`@${head[1]}{${head[2]},\n${fields.join(',\n')}\n}\n`), {
    ...OPTIONS,
    strings
  })
  const e = lib.entries[0]
  return e && !lib.errors.length ? toEntry(e, line) : null
}

function toEntry(e: Entry, line: number): BibtexEntry {
  const fields: Record<string, string> = {}
  const creators: Record<string, Creator[]> = {}
  for (const [name, value] of Object.entries(e.fields)) {
    if (CREATOR_FIELDS.includes(name) && Array.isArray(value)) {
      creators[name] = (value as Creator[]).map((c) =>
        Object.fromEntries(
          Object.entries(c).map(([k, v]) => [k, typeof v === 'string' ? tidy(v) : v])
        )
      )
    } else if (Array.isArray(value)) fields[name] = tidy(value.join(', '))
    else if (typeof value === 'string')
      fields[name] = e.mode[name] === 'verbatim' ? value.trim() : tidy(value)
  }
  return { line, type: e.type.toLowerCase(), key: e.key.trim(), fields, creators }
}

/**
 * BibLaTeX inheritance: a `crossref`'s (or `xdata`'s) fields fill the ones the entry lacks; a
 * proceedings' or book's title becomes the entry's `booktitle`.
 */
function inherit(
  e: BibtexEntry,
  byKey: Map<string, BibtexEntry>,
  containers: Map<string, BibtexEntry>,
  issues: EntryIssue[]
): void {
  const refs = [
    ...(e.fields.xdata ?? '').split(',').map((k) => ({ key: k.trim(), kind: 'xdata' })),
    { key: (e.fields.crossref ?? '').trim(), kind: 'crossref' }
  ].filter((r) => r.key)
  for (const ref of refs) {
    const parent = containers.get(ref.key.toLowerCase()) ?? byKey.get(ref.key.toLowerCase())
    if (!parent || parent === e) {
      issues.push({ line: e.line, key: e.key || null, code: 'missingCrossref', detail: ref.key })
      continue
    }
    if (ref.kind === 'crossref' && PARENT_TITLE_TYPES.test(parent.type) && parent.fields.title)
      e.fields.booktitle ??= parent.fields.title
    for (const [name, value] of Object.entries(parent.fields))
      if (name !== 'title' && name !== 'crossref' && name !== 'xdata') e.fields[name] ??= value
    for (const [name, list] of Object.entries(parent.creators))
      if (name !== 'author' || ref.kind === 'xdata') e.creators[name] ??= list
  }
}

/**
 * A path's LaTeX accents decoded (`M{\"u}ller.pdf` -> `Müller.pdf`), as Mendeley writes them.
 * @remarks Needs the parser {@link readBibtex} loads; before that the path comes back as is.
 */
export function decodeLatexPath(path: string): string {
  if (!parser) return path
  return path.replace(
    /\{?\\(?:["'`^~]\{?[A-Za-z]\}?|[uvHckrdb]\{[A-Za-z]\}|(?:ss|o|O|aa|AA|ae|AE|oe|OE|l|L)(?![A-Za-z]))\}?/g,
    (frag) => {
      const e = parse(`@misc{k, title = {${frag}}}`, OPTIONS).entries[0]
      return tidy(String(e?.fields.title ?? frag))
    }
  )
}
