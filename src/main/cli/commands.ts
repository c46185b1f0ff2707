import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AppError } from '../../shared/errors'
import type { Comparison } from '../../shared/compare'
import type { Thread } from '../../shared/threads'
import { PROVIDER_TRAITS } from '../../shared/providers'
import type { Answer, Paper, UiLanguage } from '../../shared/types'
import { cliLanguage } from './language'
import { mainT } from '../i18n'
import { errorMessage, toAppError, UserFacingError } from '../errors'
import type { Services } from '../services'
import { need, needs, UsageError, type CliArgs } from './args'
import { call } from './call'
import { listOutput, type CommandOutput } from './output'
import {
  bib,
  collectionId,
  collections,
  discover,
  graph,
  importLibrary,
  online,
  paperEdit,
  papers
} from './libraryCommands'
import { formatComparison } from './formatComparison'
import { importFolder, tuneIngest } from './importCommands'
import { search, section } from './searchCommands'

export type { CommandOutput } from './output'
export { cliLanguage } from './language'

interface IngestRow {
  paperId: string | null
  input?: string
  status: Paper['status']
  pages: number
  chunks: number
  /** Text-less pages read by OCR and skipped as blank, when the paper had any. */
  ocr?: { pages: number; skipped: number; languages?: string[] }
  error?: AppError
}

function row(p: Paper): IngestRow {
  const r: IngestRow = { paperId: p.id, status: p.status, pages: p.pages, chunks: p.chunks }
  if (p.ocr) r.ocr = p.ocr
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
          : [{ input, paper: (await call(s, 'library:addArxiv', { id: input })).paper }]
      for (const o of added) if (!inputOf.has(o.paper.id)) inputOf.set(o.paper.id, o.input)
      // A folder without a PDF is said, not passed over with no line at all.
      if (!added.length)
        throw new UserFacingError('NOT_FOUND', {
          key: 'noPdfInFolder',
          params: { dir: resolve(input) }
        })
    } catch (e) {
      // A bug (INTERNAL) ends the command, as before the call went through the router.
      if (!(e instanceof UserFacingError) || e.code === 'INTERNAL') throw e
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
  const { papers } = await call(s, 'library:list', {})
  const byId = new Map<string, Paper>(papers.map((p) => [p.id, p]))
  const rows: IngestRow[] = [...inputOf]
    .filter(([id]) => byId.has(id))
    .map(([id, input]) => ({ ...row(byId.get(id)!), input }))
  rows.push(...failed)
  const bad = rows.filter((r) => r.status !== 'indexed')
  const language = cliLanguage(s)
  const t = mainT(language)
  const lines = rows.map((r) =>
    r.status === 'indexed'
      ? r.ocr
        ? t('cli.ingestedOcr', {
            id: r.paperId,
            pages: r.pages,
            chunks: r.chunks,
            ocr: r.ocr.pages,
            skipped: r.ocr.skipped
          })
        : t('cli.ingested', { id: r.paperId, pages: r.pages, chunks: r.chunks })
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
    Partial<Pick<Answer, 'answeredBy' | 'outsideScope'>>,
  language: UiLanguage = 'en'
): string {
  const t = mainT(language)
  const why = a.notice ? errorMessage(a.notice, language) : undefined
  const by = a.answeredBy
  const label =
    by && PROVIDER_TRAITS[by.provider].runsLocally
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
  const outside = a.outsideScope?.length
    ? `${t('cli.outsideScope', { papers: a.outsideScope.join(', ') })}\n\n`
    : ''
  const list = sources.length ? `\n\n${t('cli.sources')}\n${sources.join('\n')}` : ''
  return `${label}${head}${outside}${keyHint}${a.answer}${list}\n${usage}`
}

/** Formats a whole conversation for a terminal. */
function formatThread(thread: Thread, language: UiLanguage): string {
  const t = mainT(language)
  const facts = {
    id: thread.id,
    count: thread.turns.length,
    updated: new Date(thread.updatedAt)
  }
  const head = `${thread.title || t('cli.threads.untitled')}\n${
    thread.scope
      ? t('cli.threads.headScoped', { ...facts, papers: thread.scope.join(', ') })
      : t('cli.threads.headAll', facts)
  }`
  const turns = thread.turns.map((turn, i) => {
    const q = t('cli.threads.question', { number: i + 1, question: turn.question })
    if (turn.status !== 'done') {
      const status = t(`cli.threads.turnStatus.${turn.status}`)
      return `${q}\n[${status}${turn.error ? `: ${errorMessage(turn.error, language)}` : ''}]`
    }
    return `${q}\n${formatAnswer({ ...turn, mode: turn.mode ?? 'generated' }, language)}`
  })
  return [head, ...turns].join('\n\n')
}

async function ask(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [question] = need(args, 1, 'question')
  if (args.thread && args.newThread) throw new UsageError('threadBoth')
  if (args.papers.length && !args.newThread) {
    throw new UsageError('paperNeedsNewThread')
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
    throw new UsageError('compareBoth')
  }
  if (!args.papers.length && !collection && !args.thread) {
    throw new UsageError('comparePapers')
  }
  if (!args.questions.length && !args.claims.length) {
    throw new UsageError('compareQuestion')
  }
  const created = await call(s, 'compare:create', {
    ...(args.papers.length && { paperIds: args.papers }),
    ...(collection && { collectionId: await collectionId(s, collection) }),
    ...(args.thread && { threadId: args.thread }),
    questions: args.questions,
    claims: args.claims
  })
  const c = await call(s, 'compare:run', { comparisonId: created.id })
  if (args.exportFormat) {
    const out = await call(s, 'compare:export', {
      comparisonId: c.id,
      format: args.exportFormat,
      uiLanguage: cliLanguage(s)
    })
    return { json: out, text: out.text.trimEnd(), exitCode: 0 }
  }
  const failed = c.cells.some((x) => x.status === 'failed' || x.status === 'pending')
  const { papers } = await call(s, 'library:list', {})
  return {
    json: c,
    text: formatComparison(c, papers, cliLanguage(s)),
    exitCode: failed ? 1 : 0
  }
}

/** Where a saved comparison's papers came from, for a list line. */
function comparisonOrigin(
  c: Pick<Comparison, 'collection' | 'threadId'>,
  language: UiLanguage
): string {
  const t = mainT(language)
  return [
    c.collection ? t('cli.compare.fromCollection', { name: c.collection.name }) : '',
    c.threadId ? t('cli.compare.fromConversation', { id: c.threadId }) : ''
  ].join('')
}

/** One line of a list of saved comparisons. */
function comparisonRow(
  c: Pick<Comparison, 'id' | 'updatedAt' | 'paperIds' | 'columns' | 'title'>,
  language: UiLanguage
): string {
  return mainT(language)('cli.compare.listRow', {
    id: c.id,
    updated: new Date(c.updatedAt),
    papers: c.paperIds.length,
    columns: c.columns.length,
    title: c.title
  })
}

async function thread(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [verb, threadId] = need(args, 2, 'threadVerb')
  if (verb === 'show') {
    const { thread } = await call(s, 'threads:get', { threadId })
    const { comparisons } = await call(s, 'compare:list', { threadId })
    const language = cliLanguage(s)
    const saved = comparisons.map((c) => `  ${comparisonRow(c, language)}`)
    const heading = mainT(language)('cli.compare.savedWithThread')
    const text = [
      formatThread(thread, language),
      ...(saved.length ? [`\n${heading}\n${saved.join('\n')}`] : [])
    ].join('\n')
    return { json: { thread, comparisons }, text, exitCode: 0 }
  }
  if (verb === 'export') {
    if (!args.format) throw needs('thread export', 'exportFormat')
    const out = await call(s, 'threads:export', {
      threadId,
      format: args.format,
      uiLanguage: cliLanguage(s),
      ...(args.turn && { turnId: args.turn })
    })
    return { json: out, text: out.content.trimEnd(), exitCode: 0 }
  }
  throw new UsageError('unknownThreadCommand', { verb })
}

/**
 * `repair`: opening as a writer checked every paper and queued what needs rebuilding (a cut page
 * file, a damaged index file, a catalog rebuilt): this waits until all of it is done.
 */
async function repair(s: Services): Promise<CommandOutput> {
  const t = mainT(cliLanguage(s))
  await s.library.whenIdle()
  const failed = (await call(s, 'library:list', {})).papers.filter((p) => p.status === 'error')
  return {
    json: { repaired: true, failed: failed.map((p) => p.id) },
    text: failed.length
      ? t('cli.repairedSome', { count: failed.length, ids: failed.map((p) => p.id).join(', ') })
      : t('cli.repaired'),
    exitCode: failed.length ? 1 : 0
  }
}

/** `remove <paperId>`. */
async function remove(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [paperId] = need(args, 1, 'paperId')
  await call(s, 'library:remove', { paperId })
  return {
    json: { removed: true, paperId },
    text: mainT(cliLanguage(s))('cli.removed', { id: paperId }),
    exitCode: 0
  }
}

/** `threads [query]`: the saved conversations, and any damaged thread file set aside. */
async function threads(s: Services, args: CliArgs): Promise<CommandOutput> {
  const t = mainT(cliLanguage(s))
  const r = await call(s, 'threads:list', args.positional[0] ? { query: args.positional[0] } : {})
  const rows = r.threads.map((x) =>
    t('cli.threads.row', {
      id: x.id,
      updated: new Date(x.updatedAt),
      count: x.turnCount,
      scope: x.scope ? t('cli.threads.scope', { count: x.scope.length }) : '',
      title: x.title || t('cli.threads.untitled')
    })
  )
  const damaged = r.damaged.map((d) =>
    d.recoveredTurns === undefined
      ? t('cli.damagedThread', { file: d.file, reason: d.reason, movedTo: d.movedTo })
      : t('cli.recoveredThread', {
          file: d.file,
          reason: d.reason,
          movedTo: d.movedTo,
          count: d.recoveredTurns
        })
  )
  return listOutput(r, [...rows, ...damaged], t('cli.noThreads'))
}

/** `comparisons [--thread ID]`: the saved comparisons, one line each. */
async function comparisons(s: Services, args: CliArgs): Promise<CommandOutput> {
  const r = await call(s, 'compare:list', args.thread ? { threadId: args.thread } : {})
  const language = cliLanguage(s)
  const rows = r.comparisons.map(
    (c) => `${comparisonRow(c, language)}${comparisonOrigin(c, language)}`
  )
  return listOutput(r, rows, mainT(language)('cli.compare.none'))
}

/** Runs one parsed command against the services. */
export async function runCommand(s: Services, args: CliArgs): Promise<CommandOutput> {
  switch (args.command) {
    case 'ingest':
      return ingest(s, need(args, 1, 'inputs'))
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
    case 'graph':
      return graph(s, args)
    case 'repair':
      return repair(s)
    case 'remove':
      return remove(s, args)
    case 'search':
      return search(s, args)
    case 'section':
      return section(s, args)
    case 'ask':
      return ask(s, args)
    case 'threads':
      return threads(s, args)
    case 'compare':
      return compare(s, args)
    case 'comparisons':
      return comparisons(s, args)
    case 'thread':
      return thread(s, args)
    case 'lab': {
      const { labCommand } = await import('./labCommand')
      return labCommand(s, args, (line) => void process.stderr.write(`${line}\n`))
    }
    case 'watch':
    case 'zotero':
    case 'sync': {
      const { syncCommand } = await import('./syncCommands')
      return syncCommand(s, args, (line) => void process.stderr.write(`${line}\n`))
    }
    default:
      throw args.command
        ? new UsageError('unknownCommand', { command: args.command })
        : new UsageError('noCommand')
  }
}
