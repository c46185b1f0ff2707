import { parseArgs as nodeParseArgs, type ParseArgsOptionsConfig } from 'node:util'
import type { cliEn } from '../../shared/i18n/en/cli'
import { PROVIDERS, type Provider } from '../../shared/providers'
import type { UiLanguage } from '../../shared/types'
import { mainT } from '../i18n'

/** Parsed command line: the command, its positional arguments and its options. */
export interface CliArgs {
  command: string | null
  positional: string[]
  dataDir: string | null
  json: boolean
  help: boolean
  k: number | null
  papers: string[]
  /** Named values: --title, --authors, --year, --venue, --doi, --language, --tags, --collection, --style. */
  values: Record<string, string>
  /** Every --collection given (import-zotero takes several). */
  collections: string[]
  /** Seconds a writing command waits for another writer of the data folder; null: default. */
  waitSeconds: number | null
  /** Print the stack of an unexpected error (for a bug report); never shown otherwise. */
  debug: boolean
  /** `--provider`: who writes answers, for this run only. */
  provider: Provider | null
  /** `--model`: the model of that provider, for this run only. */
  model: string | null
  /** `compare --question "..."` (repeatable). */
  questions: string[]
  /** `compare --claim "..."` (repeatable): a claim each paper supports, contradicts or not. */
  claims: string[]
  /** `compare --export markdown|csv|bibtex`: print the table in that format instead. */
  exportFormat: 'markdown' | 'csv' | 'bibtex' | null
  /** `ask --thread <id>`: a follow-up in that conversation. */
  thread: string | null
  /** `ask --new-thread`: start a conversation with this question. */
  newThread: boolean
  /** `thread export --format md|bib`. */
  format: 'md' | 'bib' | null
  /** `thread export --turn <turnId>`: one answer only. */
  turn: string | null
  /** `mcp --http <port>`: serve MCP over HTTP on 127.0.0.1 (0: any free port). */
  http: number | null
  /** `mcp --allow-add`: offer the add_paper tool (opens the library for writing). */
  allowAdd: boolean
  /** `serve --port <n>`: the HTTP API's port on 127.0.0.1 (0: any free port). */
  port: number | null
  /** `sync --once`: one catch-up pass, then exit. */
  once: boolean
  /** `watch add --poll`: poll the folder (network and cloud-synced folders). */
  poll: boolean
  /** `lab connect --init`: set up or upgrade the lab's schema (a curator). */
  init: boolean
  /** `lab publish --all`: every indexed paper. */
  all: boolean
  /** `search --source local|lab|all`: where to search when a lab is connected. */
  source: 'local' | 'lab' | 'all' | null
}

/** Options that take a value and are kept by name in {@link CliArgs.values}. */
const VALUE_OPTIONS = [
  'title',
  'authors',
  'year',
  'venue',
  'doi',
  'language',
  'tags',
  'collection',
  'style'
] as const

/** A usage error's message in the `cli.usageErrors` section of main's catalog. */
export type UsageKey = Exclude<keyof typeof cliEn.usageErrors, 'what'>
/** What a command lacks, for `cli.usageErrors.needs`. */
export type UsageWhat = keyof typeof cliEn.usageErrors.what

/**
 * Thrown for a command line that cannot be understood; the CLI prints it with the usage.
 * @remarks `message` is English; {@link UsageError.text} says it in the user's language. A
 * list value (the values an option allows) is joined per language: "gemini or local".
 */
export class UsageError extends Error {
  constructor(
    readonly key: UsageKey,
    readonly params: Record<string, string | number | readonly string[]> = {}
  ) {
    super('')
    this.name = 'UsageError'
    this.message = this.text('en')
  }

  /** The message in `language`. */
  text(language: UiLanguage): string {
    const lists = new Intl.ListFormat(language, { type: 'disjunction' })
    const params = Object.fromEntries(
      Object.entries(this.params).map(([k, v]) => [k, typeof v === 'object' ? lists.format(v) : v])
    )
    return mainT(language)(`cli.usageErrors.${this.key}`, params)
  }
}

/** "ingest needs at least one PDF, folder or arXiv id", for a missing argument. */
export function needs(command: string, what: UsageWhat): UsageError {
  return new UsageError('needs', { command, what })
}

/** The command's positional arguments, at least `n` of them or a usage error naming `what`. */
export function need(args: CliArgs, n: number, what: UsageWhat): string[] {
  if (args.positional.length < n) throw needs(args.command ?? '', what)
  return args.positional
}

/** Every option the CLI knows, for node's own parser. */
const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'data-dir': { type: 'string' },
  k: { type: 'string', short: 'k' },
  wait: { type: 'string' },
  paper: { type: 'string', multiple: true },
  papers: { type: 'string', multiple: true },
  title: { type: 'string' },
  authors: { type: 'string' },
  year: { type: 'string' },
  venue: { type: 'string' },
  doi: { type: 'string' },
  language: { type: 'string' },
  tags: { type: 'string' },
  style: { type: 'string' },
  collection: { type: 'string', multiple: true },
  provider: { type: 'string' },
  model: { type: 'string' },
  question: { type: 'string', multiple: true },
  claim: { type: 'string', multiple: true },
  export: { type: 'string' },
  thread: { type: 'string' },
  'new-thread': { type: 'boolean' },
  turn: { type: 'string' },
  format: { type: 'string' },
  'allow-add': { type: 'boolean' },
  http: { type: 'string' },
  port: { type: 'string' },
  debug: { type: 'boolean' },
  once: { type: 'boolean' },
  poll: { type: 'boolean' },
  init: { type: 'boolean' },
  all: { type: 'boolean' },
  source: { type: 'string' }
} as const satisfies ParseArgsOptionsConfig

type Parsed = ReturnType<typeof parseWithNode>

function parseWithNode(argv: string[]) {
  return nodeParseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true })
}

// Node's parser throws TypeErrors with a code; they become the CLI's own wording.
function parsed(argv: string[]): Parsed {
  try {
    return parseWithNode(argv)
  } catch (e) {
    const code = (e as { code?: string }).code
    const message = e instanceof Error ? e.message : String(e)
    const option = (/--[\w-]+/.exec(message) ?? /-\w/.exec(message))?.[0] ?? '--?'
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError('unknownOption', { option })
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(/ambiguous/.test(message) ? 'needsValueDash' : 'needsValue', { option })
    }
    // Positionals are allowed, so node's other parse errors are bugs here.
    throw e
  }
}

function wholeNumber(name: string, v: string | undefined, min: number, max: number) {
  if (v === undefined) return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError('wholeNumber', { name, min, max, value: v })
  return n
}

function port(v: string | undefined, option = '--http') {
  if (v === undefined) return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError('port', { value: v, option })
  return n
}

function oneOf<T extends string>(name: string, v: string | undefined, allowed: readonly T[]) {
  if (v === undefined) return null
  if (!(allowed as readonly string[]).includes(v)) {
    throw new UsageError('oneOf', { name, allowed, value: v })
  }
  return v as T
}

/**
 * Parses `argv` (without node and the script) with node's `util.parseArgs`. Options may come
 * anywhere; `--` ends the options (a question starting with a dash goes after it).
 */
export function parseArgs(argv: string[]): CliArgs {
  const { values: v, positionals } = parsed(argv)
  const values: Record<string, string> = {}
  for (const name of VALUE_OPTIONS) {
    const value = v[name]
    if (typeof value === 'string') values[name] = value
    else if (Array.isArray(value) && value.length) values[name] = value.at(-1)!
  }
  let waitSeconds: number | null = null
  if (v.wait !== undefined) {
    const n = Number(v.wait)
    if (v.wait.trim() === '' || !Number.isFinite(n) || n < 0 || n > 86_400)
      throw new UsageError('wait', { value: v.wait })
    waitSeconds = n
  }
  const out: CliArgs = {
    command: positionals[0] ?? null,
    positional: positionals.slice(1),
    dataDir: v['data-dir'] ?? null,
    json: v.json ?? false,
    help: v.help ?? false,
    k: wholeNumber('k', v.k, 1, 50),
    papers: [
      ...(v.paper ?? []),
      ...(v.papers ?? []).flatMap((list) =>
        list
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      )
    ],
    values,
    collections: v.collection ?? [],
    waitSeconds,
    debug: v.debug ?? false,
    provider: oneOf('provider', v.provider, PROVIDERS),
    model: v.model ?? null,
    questions: v.question ?? [],
    claims: v.claim ?? [],
    exportFormat: oneOf('export', v.export, ['markdown', 'csv', 'bibtex']),
    thread: v.thread ?? null,
    newThread: v['new-thread'] ?? false,
    format: oneOf('format', v.format, ['md', 'bib']),
    turn: v.turn ?? null,
    http: port(v.http),
    allowAdd: v['allow-add'] ?? false,
    port: port(v.port, '--port'),
    once: v.once ?? false,
    poll: v.poll ?? false,
    init: v.init ?? false,
    all: v.all ?? false,
    source: oneOf('source', v.source, ['local', 'lab', 'all'])
  }
  if (out.model !== null && out.provider === null) {
    throw new UsageError('modelNeedsProvider')
  }
  return out
}

/** The text `--help` prints, in `language`. */
export function usage(language: UiLanguage = 'en'): string {
  return mainT(language)('cli.help')
}
