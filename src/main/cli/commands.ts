import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Channel, ChannelOutput } from '../../shared/contract'
import type { AppError } from '../../shared/errors'
import type { Comparison } from '../../shared/compare'
import type { Thread } from '../../shared/threads'
import type { Answer, Paper, UiLanguage } from '../../shared/types'
import { mainUiLanguage } from '../agent/language'
import { mainT } from '../i18n'
import type { MainErrorKey } from '../../shared/i18n/mainCatalog'
import { errorMessage, toAppError, UserFacingError } from '../errors'
import type { Services } from '../services'
import { UsageError, type CliArgs } from './args'
import type { CommandOutput } from './output'
import {
  bib,
  collectionId,
  collections,
  discover,
  importLibrary,
  online,
  paperEdit,
  papers
} from './libraryCommands'
import { formatComparison } from './formatComparison'
import { importFolder, tuneIngest } from './importCommands'

export type { CommandOutput } from './output'

/** Calls one channel through the router (same validation as the app); throws its error. */
async function call<C extends Channel>(
  s: Services,
  channel: C,
  input: unknown
): Promise<ChannelOutput<C>> {
  const r = await s.router.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) {
    // Keeps the catalog key, so the error is still told in the user's language.
    const { code, key, params, message } = r.error
    const text = key ? { key: key as MainErrorKey, ...(params ? { params } : {}) } : message
    throw new UserFacingError(code, text, r.error)
  }
  return r.value as ChannelOutput<C>
}

function need(args: CliArgs, n: number, what: string): string[] {
  if (args.positional.length < n) throw new UsageError(`${args.command} needs ${what}`)
  return args.positional
}

interface IngestRow {
  paperId: string | null
  input?: string
  status: Paper['status']
  pages: number
  chunks: number
  error?: AppError
}

function row(p: Paper): IngestRow {
  const r: IngestRow = { paperId: p.id, status: p.status, pages: p.pages, chunks: p.chunks }
  if (p.error) r.error = p.error
  return r
}

/** True for what a person means as an arXiv id or link (valid or not), rather than a path. */
export function looksLikeArxiv(input: string): boolean {
  return /^(https?:\/\/|arxiv:|\d{4}\.\d|[a-z-]+(\.[a-z]{2})?\/\d{7})/i.test(input.trim())
}

/** `ingest <pdf|folder|arXiv id>...` and the first half of `demo`. */
export async function ingest(s: Services, inputs: string[]): Promise<CommandOutput> {
  // One row per paper, named by the file or id that brought it in.
  const inputOf = new Map<string, string>()
  const failed: IngestRow[] = []
  for (const input of inputs) {
    try {
      const added =
        existsSync(input) || !looksLikeArxiv(input)
          ? await s.library.addPathsDetailed([resolve(input)])
          : [{ input, paper: await s.library.addArxiv(input) }]
      for (const o of added) if (!inputOf.has(o.paper.id)) inputOf.set(o.paper.id, o.input)
    } catch (e) {
      if (!(e instanceof UserFacingError)) throw e
      failed.push({
        paperId: null,
        input,
        status: 'error',
        pages: 0,
        chunks: 0,
        error: toAppError(e)
      })
    }
  }
  await s.library.whenIdle()
  const byId = new Map<string, Paper>(s.library.list().map((p) => [p.id, p]))
  const rows: IngestRow[] = [...inputOf]
    .filter(([id]) => byId.has(id))
    .map(([id, input]) => ({ ...row(byId.get(id)!), input }))
  rows.push(...failed)
  const bad = rows.filter((r) => r.status !== 'indexed')
  const language = cliLanguage(s)
  const t = mainT(language)
  const lines = rows.map((r) =>
    r.status === 'indexed'
      ? t('cli.ingested', { id: r.paperId, pages: r.pages, chunks: r.chunks })
      : `✗ ${r.paperId ? `${r.paperId}  ` : ''}${shorten(r.input ?? '')}  ${r.error?.code ?? r.status}: ${r.error ? errorMessage(r.error, language) : ''}`
  )
  return { json: { papers: rows }, text: lines.join('\n'), exitCode: bad.length ? 1 : 0 }
}

// A pasted 20 KB argument is named, not echoed whole, on a terminal line (JSON keeps it all).
function shorten(input: string): string {
  return input.length > 300 ? `${input.slice(0, 200)}…${input.slice(-80)}` : input
}

/** How a CLI user gives the key (the app's messages point to Settings instead). */
export function cliKeyHint(language: UiLanguage = 'en'): string {
  return mainT(language)('cli.keyHint')
}

/** Formats an answer with its numbered sources for a terminal, in the UI language. */
export function formatAnswer(
  a: Pick<Answer, 'mode' | 'verified' | 'notice' | 'answer' | 'citations' | 'usage'> &
    Partial<Pick<Answer, 'answeredBy'>>,
  language: UiLanguage = 'en'
): string {
  const t = mainT(language)
  const why = a.notice?.message
  const by = a.answeredBy
  const label =
    by?.provider === 'local'
      ? `${t(by.fallback ? 'cli.localModelFallback' : 'cli.localModel', { model: by.model })}\n\n`
      : ''
  const head =
    a.mode === 'evidence'
      ? `${why ? t('cli.evidenceOnlyWhy', { why }) : t('cli.evidenceOnly')}\n\n`
      : a.verified || a.mode === 'smalltalk' || a.mode === 'offtopic'
        ? ''
        : `${why ? t('cli.unverifiedWhy', { why }) : t('cli.unverified')}\n\n`
  const sources = a.citations.map(
    (c) =>
      t('cli.source', {
        number: c.number,
        title: c.title,
        page: c.page,
        snippet: c.snippet.slice(0, 160)
      }) + (c.paperRemoved ? ` ${t('cli.paperRemoved')}` : '')
  )
  const usage = t('cli.usage', { input: a.usage.inputTokens, output: a.usage.outputTokens })
  // The app says "Settings"; on the command line the key comes from the environment.
  const keyHint = a.notice?.code === 'NO_API_KEY' ? `${t('cli.keyHint')}\n\n` : ''
  const list = sources.length ? `\n\n${t('cli.sources')}\n${sources.join('\n')}` : ''
  return `${label}${head}${keyHint}${a.answer}${list}\n${usage}`
}

/** The CLI's language: the UI-language setting, or for `system` the terminal's locale. */
export function cliLanguage(s: Services): UiLanguage {
  return mainUiLanguage(s.settings.get().uiLanguage)
}

/** Formats a whole conversation for a terminal. */
function formatThread(t: Thread, language: UiLanguage): string {
  const scope = t.scope ? `papers ${t.scope.join(', ')}` : 'all papers'
  const head = `${t.title || '(untitled)'}\n${t.id} · ${scope} · ${t.turns.length} turn(s) · updated ${t.updatedAt}`
  const turns = t.turns.map((turn, i) => {
    const q = `--- ${i + 1}. Q: ${turn.question}`
    if (turn.status !== 'done') {
      return `${q}\n[${turn.status}${turn.error ? `: ${turn.error.message}` : ''}]`
    }
    return `${q}\n${formatAnswer({ ...turn, mode: turn.mode ?? 'generated' }, language)}`
  })
  return [head, ...turns].join('\n\n')
}

async function ask(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [question] = need(args, 1, 'a question in quotes')
  if (args.thread && args.newThread) throw new UsageError('Use --thread or --new-thread, not both')
  if (args.papers.length && !args.newThread) {
    throw new UsageError('--paper with ask limits a new conversation: add --new-thread')
  }
  let threadId = args.thread ?? undefined
  if (args.newThread) {
    const input = args.papers.length ? { scope: args.papers } : {}
    threadId = (await call(s, 'threads:create', input)).thread.id
  }
  const input = { question, requestId: `cli-${Date.now()}`, ...(threadId && { threadId }) }
  const a = await call(s, 'chat:ask', input)
  const language = cliLanguage(s)
  const follow = a.threadId
    ? `\n${mainT(language)('cli.followUp', { threadId: a.threadId, turnId: a.turnId })}`
    : ''
  return { json: a, text: `${formatAnswer(a, language)}${follow}`, exitCode: 0 }
}

/**
 * `compare`: papers from `--papers`, `--collection NAME` or (neither) the conversation
 * `--thread ID`; with `--thread` the comparison is saved with that conversation.
 */
async function compare(s: Services, args: CliArgs): Promise<CommandOutput> {
  const collection = args.values.collection
  if (args.papers.length && collection) {
    throw new UsageError('compare takes --papers or --collection, not both')
  }
  if (!args.papers.length && !collection && !args.thread) {
    throw new UsageError('compare needs --papers <id,id,...>, --collection NAME or --thread <id>')
  }
  if (!args.questions.length && !args.claims.length) {
    throw new UsageError('compare needs at least one --question "..." or --claim "..."')
  }
  const created = await call(s, 'compare:create', {
    ...(args.papers.length && { paperIds: args.papers }),
    ...(collection && { collectionId: collectionId(s, collection) }),
    ...(args.thread && { threadId: args.thread }),
    questions: args.questions,
    claims: args.claims
  })
  const c = await call(s, 'compare:run', { comparisonId: created.id })
  if (args.exportFormat) {
    const out = await call(s, 'compare:export', {
      comparisonId: c.id,
      format: args.exportFormat
    })
    return { json: out, text: out.text.trimEnd(), exitCode: 0 }
  }
  const failed = c.cells.some((x) => x.status === 'failed' || x.status === 'pending')
  return { json: c, text: formatComparison(c, s.library.list()), exitCode: failed ? 1 : 0 }
}

/** Where a saved comparison's papers came from, for a list line. */
function comparisonOrigin(c: Pick<Comparison, 'collection' | 'threadId'>): string {
  return [
    c.collection ? ` [collection ${c.collection.name}]` : '',
    c.threadId ? ` [conversation ${c.threadId}]` : ''
  ].join('')
}

async function thread(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [verb, threadId] = need(args, 2, '"show <id>" or "export <id> --format md|bib"')
  if (verb === 'show') {
    const { thread } = await call(s, 'threads:get', { threadId })
    const { comparisons } = await call(s, 'compare:list', { threadId })
    const saved = comparisons.map(
      (c) => `  ${c.id}  ${c.paperIds.length} × ${c.columns.length}  ${c.title}`
    )
    const text = [
      formatThread(thread, cliLanguage(s)),
      ...(saved.length ? [`\nComparisons saved with this conversation:\n${saved.join('\n')}`] : [])
    ].join('\n')
    return { json: { thread, comparisons }, text, exitCode: 0 }
  }
  if (verb === 'export') {
    if (!args.format) throw new UsageError('thread export needs --format md or --format bib')
    const out = await call(s, 'threads:export', {
      threadId,
      format: args.format,
      ...(args.turn && { turnId: args.turn })
    })
    return { json: out, text: out.content.trimEnd(), exitCode: 0 }
  }
  throw new UsageError(`Unknown thread command '${verb}' (show or export)`)
}

/** Runs one parsed command against the services. */
export async function runCommand(s: Services, args: CliArgs): Promise<CommandOutput> {
  switch (args.command) {
    case 'ingest':
      return ingest(s, need(args, 1, 'at least one PDF, folder or arXiv id'))
    case 'import-folder':
      return importFolder(s, args, (line) => void process.stderr.write(`${line}\n`))
    case 'tune-ingest':
      return tuneIngest(s, args)
    case 'papers':
      return papers(s)
    case 'paper':
      return paperEdit(s, args)
    case 'bib':
      return bib(s, args)
    case 'collections':
    case 'collection':
      return collections(s, args)
    case 'import-bib':
    case 'import-zotero':
      return importLibrary(s, args)
    case 'add-doi':
    case 'search-arxiv':
    case 'refresh-metadata':
      return online(s, args)
    case 'related':
    case 'missing-refs':
      return discover(s, args)
    case 'remove': {
      const [paperId] = need(args, 1, 'a paper id')
      await call(s, 'library:remove', { paperId })
      return { json: { removed: true, paperId }, text: `Removed ${paperId}.`, exitCode: 0 }
    }
    case 'search': {
      const [query] = need(args, 1, 'a query in quotes')
      const input: Record<string, unknown> = { query, limit: args.k ?? 5 }
      if (args.papers.length) input.paperIds = args.papers
      const r = await call(s, 'search:query', input)
      const mode = r.embedder ? `hybrid (${r.embedder})` : 'keyword only (embedding model missing)'
      const text = [
        `Search: ${mode}`,
        ...r.results.map(
          (x, i) =>
            `${i + 1}. ${x.title}, p. ${x.page} [${x.section}] score ${x.score.toFixed(3)}\n   ${x.text.slice(0, 240).replace(/\s+/g, ' ')}`
        )
      ].join('\n')
      return { json: r, text, exitCode: 0 }
    }
    case 'section': {
      const [paperId, section] = need(args, 2, 'a paper id and a section name')
      const r = await call(s, 'search:section', { paperId, section })
      return {
        json: r,
        text: `${r.section} (pages ${r.pages.join(', ')})\n\n${r.text}`,
        exitCode: 0
      }
    }
    case 'ask':
      return ask(s, args)
    case 'threads': {
      const r = await call(
        s,
        'threads:list',
        args.positional[0] ? { query: args.positional[0] } : {}
      )
      const rows = r.threads.map(
        (t) =>
          `${t.id}  ${t.updatedAt.slice(0, 16).replace('T', ' ')}  ${String(t.turnCount).padStart(2)} turn(s)  ${t.scope ? `[${t.scope.length} paper(s)] ` : ''}${t.title || '(untitled)'}`
      )
      const t = mainT(cliLanguage(s))
      const damaged = r.damaged.map((d) =>
        t('cli.damagedThread', { file: d.file, reason: d.reason, movedTo: d.movedTo })
      )
      const text = [...rows, ...damaged].join('\n') || t('cli.noThreads')
      return { json: r, text, exitCode: 0 }
    }
    case 'compare':
      return compare(s, args)
    case 'comparisons': {
      const r = await call(s, 'compare:list', args.thread ? { threadId: args.thread } : {})
      const rows = r.comparisons.map(
        (c) =>
          `${c.id}  ${c.updatedAt.slice(0, 16).replace('T', ' ')}  ${c.paperIds.length} × ${c.columns.length}  ${c.title}${comparisonOrigin(c)}`
      )
      return { json: r, text: rows.join('\n') || 'No comparisons saved yet.', exitCode: 0 }
    }
    case 'thread':
      return thread(s, args)
    default:
      throw new UsageError(args.command ? `Unknown command '${args.command}'` : 'No command given')
  }
}
