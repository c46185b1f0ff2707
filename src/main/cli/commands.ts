import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AppError } from '../../shared/errors'
import type { Paper, UiLanguage } from '../../shared/types'
import { cliLanguage } from './language'
import { mainT } from '../i18n'
import { errorMessage, toAppError, UserFacingError } from '../errors'
import type { Services } from '../services'
import { need, UsageError, type CliArgs } from './args'
import { call } from './call'
import type { CommandOutput } from './output'
import { bib, collections, paperEdit, papers } from './libraryCommands'
import { discover, graph } from './mapCommands'
import { importLibrary, online } from './referenceCommands'
import { compare, comparisons } from './compareCommands'
import { ask, thread, threads } from './conversationCommands'
import { importFolder, tuneIngest } from './importCommands'
import { search, section } from './searchCommands'
import { cite } from './citeCommand'

export type { CommandOutput } from './output'
export { formatAnswer } from './conversationCommands'
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
    case 'cite':
      return cite(s, args)
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
