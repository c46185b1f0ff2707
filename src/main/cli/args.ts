import { parseArgs as nodeParseArgs, type ParseArgsOptionsConfig } from 'node:util'

/** Parsed command line: the command, its positional arguments and its options. */
export interface CliArgs {
  command: string | null
  positional: string[]
  dataDir: string | null
  json: boolean
  help: boolean
  k: number | null
  papers: string[]
  /** Named values: --title, --authors, --year, --venue, --doi, --tags, --collection. */
  values: Record<string, string>
  /** Every --collection given (import-zotero takes several). */
  collections: string[]
  /** Seconds a writing command waits for another writer of the data folder; null: default. */
  waitSeconds: number | null
  /** `--provider`: who writes answers, for this run only. */
  provider: 'gemini' | 'local' | null
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
}

/** Options that take a value and are kept by name in {@link CliArgs.values}. */
const VALUE_OPTIONS = ['title', 'authors', 'year', 'venue', 'doi', 'tags', 'collection'] as const

/** Thrown for a command line that cannot be understood; the CLI prints it with the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
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
  tags: { type: 'string' },
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
  http: { type: 'string' }
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
    const option = (/--[\w-]+/.exec(message) ?? /-\w/.exec(message))?.[0] ?? 'An option'
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option ${option}`)
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(
        /ambiguous/.test(message)
          ? `${option} needs a value (write ${option}=VALUE for a value that starts with a dash)`
          : `${option} needs a value`
      )
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(message)
    throw e
  }
}

function wholeNumber(name: string, v: string | undefined, min: number, max: number) {
  if (v === undefined) return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${v}'`)
  return n
}

function port(v: string | undefined) {
  if (v === undefined) return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--http must be a port number from 0 to 65535, not '${v}'`)
  return n
}

function oneOf<T extends string>(name: string, v: string | undefined, allowed: readonly T[]) {
  if (v === undefined) return null
  if (!(allowed as readonly string[]).includes(v)) {
    const list = `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`
    throw new UsageError(`--${name} must be ${list}, not '${v}'`)
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
      throw new UsageError(`--wait must be a number of seconds from 0 to 86400, not '${v.wait}'`)
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
    provider: oneOf('provider', v.provider, ['gemini', 'local']),
    model: v.model ?? null,
    questions: v.question ?? [],
    claims: v.claim ?? [],
    exportFormat: oneOf('export', v.export, ['markdown', 'csv', 'bibtex']),
    thread: v.thread ?? null,
    newThread: v['new-thread'] ?? false,
    format: oneOf('format', v.format, ['md', 'bib']),
    turn: v.turn ?? null,
    http: port(v.http),
    allowAdd: v['allow-add'] ?? false
  }
  if (out.model !== null && out.provider === null) {
    throw new UsageError('--model needs --provider (gemini or local) to say whose model it is')
  }
  return out
}

/** The text `--help` prints. */
export const USAGE = `ResearchPal — ask questions about your paper PDFs, with citations.

Usage: npm run --silent cli -- <command> [options]

Commands:
  ingest <pdf|folder|arXiv id>...  Add papers and index them (exit 1 if any failed)
  import-folder <folder>           Import every PDF under a folder (thousands), with ETA;
                                   Ctrl-C pauses, and running it again (or quitting and
                                   restarting) resumes where it stopped; duplicates and
                                   failures are listed at the end
  tune-ingest [folder]             Measure again which embedder layout (workers × ONNX
                                   Runtime threads) and batch size ingest fastest here, end
                                   to end on the folder's first PDFs (or the library's);
                                   measured once per machine otherwise
  papers                           List the library (--json: with authors, year, venue,
                                   DOI, tags, collections and where each field came from)
  paper edit <paperId> [--title T] [--authors "A; B"] [--year N] [--venue V] [--doi D]
                       [--tags "a, b"]
                                   Correct a paper's details; automatic metadata never
                                   overwrites what you edit (an empty value clears a field)
  bib [paperId...] [--collection NAME]
                                   BibTeX for those papers, a collection, or everything
  import-bib <file.bib|file.ris> [--collection NAME]
                                   Add the entries whose file field points at a PDF, with
                                   their metadata; list the others (add them by arXiv id)
  import-zotero <Zotero folder> [--collection NAME]...
                                   Add the PDFs of a Zotero library (or of the named
                                   collections) with their metadata; Zotero collections
                                   become collections here. Zotero may stay open.
  add-doi <DOI>                    Add a paper's open-access PDF (Unpaywall) with Crossref's
                                   details
  search-arxiv "<title>"           arXiv papers with that title, to add with ingest <id>
  refresh-metadata [paperId...]    Ask arXiv and Crossref (OpenAlex as fallback) for the
                                   papers' details; your edits are kept
  related <paperId>                The library's papers most like this one
  missing-refs <paperId>           References the paper cites that the library lacks,
                                   with the arXiv id or DOI to add each
  collections                      List collections
  collection create|rename|delete|add|remove NAME [NEW NAME | paperId...]
                                   Organise papers into collections
  remove <paperId>                 Remove a paper, its text, vectors and PDF
  search "<query>" [--k N] [--paper <paperId>]...
                                   Hybrid (semantic + keyword) search over the library
  section <paperId> <name>         Print a section (abstract, introduction, conclusion, ...)
  ask "<question>" [--provider gemini|local] [--model <name>]
                                   Answer with numbered citations: Gemini, or a local
                                   OpenAI-compatible server (Ollama, LM Studio, llama.cpp);
                                   evidence-only without a key or a model
  compare --papers <id,id,...> | --collection NAME | --thread <id>
          --question "<q>" [--question ...] [--claim "<c>"] [--export markdown|csv|bibtex]
                                   Ask each paper the same questions: an evidence table, each
                                   cell from that paper's own passages (evidence-only
                                   without GEMINI_API_KEY or network); saved in the library.
                                   --thread: the conversation's papers, saved with it
  comparisons [--thread <id>]      List saved comparisons (those of one conversation)
  ask --new-thread "<question>" [--paper <paperId>]...
                                   Start a saved conversation (limited to those papers)
  ask --thread <id> "<follow-up>"  Ask a follow-up in a conversation; it sees the history
  threads                          List the conversations, newest first
  thread show <id>                 Print a conversation, turn by turn, and its comparisons
  thread export <id> --format md|bib [--turn <turnId>]
                                   Export it as Markdown with references, or its BibTeX
  demo                             Ingest the three default papers and ask a sample question
  mcp [--http <port>] [--allow-add]
                                   MCP server for Claude Desktop, Cursor...: stdio, or HTTP
                                   on 127.0.0.1 with a bearer token (printed on stderr).
                                   Read-only unless --allow-add (adds the add_paper tool)

Options:
  --data-dir <dir>   Library folder (default: the app's data folder, or RESEARCHPAL_DATA_DIR)
  --json             Print exactly one JSON document on stdout (progress goes to stderr)
  --wait <seconds>   How long ingest/remove/demo/ask/thread(s) (default 300) and
                     mcp --allow-add (default 0) wait while another process (the app, another
                     command) writes to the data folder; 0 refuses at once.
                     papers, search and section only read, and never wait
  --help             Show this help

Environment:
  GEMINI_API_KEY     Gemini API key for generated answers
  GEMINI_MODEL       Model (default gemini-3.5-flash); GEMINI_BASE_URL: API base URL (proxies)
  RESEARCHPAL_LLM_BASE_URL  Local server (default http://127.0.0.1:11434/v1, Ollama's);
                     https, or http to this computer only. Gemini offline falls back to it.
  RESEARCHPAL_LLM_MODEL     The local model, e.g. qwen2.5:3b
  RESEARCHPAL_MODEL_DIR  Folder with the all-MiniLM-L6-v2 embedding model
  RESEARCHPAL_ARXIV_URL  arXiv mirror to download PDFs from (default https://arxiv.org)
  RESEARCHPAL_MCP_TOKEN  Bearer token for mcp --http (default: a new random one each start)
`
