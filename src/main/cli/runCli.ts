import { resolve } from 'node:path'
import { EnvSecretStore } from '../settings/secretStore'
import type { Services, ServiceOptions } from '../services'
import { parseArgs, usage, UsageError, type CliArgs } from './args'
import { onInterrupt, showProgress, tellNotices } from './cliEvents'
import type { CommandOutput } from './commands'
import { defaultDataDir } from './dataDir'
import type { ProgressReporter } from './progress'
import { errorMessage, toAppError, UserFacingError } from '../errors'
import { mainT } from '../i18n'
import { mainUiLanguage } from '../language/mainUiLanguage'
import type { UiLanguage } from '../../shared/types'
import { SettingsService } from '../settings/settingsService'
import { dataPaths } from '../paths'
import { commandLog, serverLog } from './diagnostics'
import { settingsOverrides } from './settingsOverrides'

/**
 * Commands that change the data folder take its writer lock; the rest only read. `ask`,
 * `threads` and `thread` write the conversation store (turns, interrupted turns marked, damaged
 * thread files set aside).
 */
const WRITING_COMMANDS = new Set([
  'ingest',
  'import-folder',
  'tune-ingest',
  'remove',
  // Opens as a writer (which finds and queues every repair) and waits for the repairs.
  'repair',
  'demo',
  'ask',
  'threads',
  'thread',
  'compare',
  // The library's own writers (issue 14): edits, collections, imports, adding by DOI, metadata.
  // `papers`, `bib`, `collections`, `related`, `missing-refs` and `search-arxiv` only read.
  'paper',
  'collection',
  'import-bib',
  'import-zotero',
  'add-doi',
  'refresh-metadata',
  // Sync (issue 33): the state file, and the papers a pass adds or flags.
  'watch',
  'zotero',
  'sync'
])
/** How long a writing command waits for another writer by default. */
const DEFAULT_WAIT_SECONDS = 300
import { apiToken } from '../server/apiToken'

/** What {@link runCli} needs from the program that runs it. */
export interface CliHost {
  /** The default papers' folder (a checkout's `../shared/corpus`), or null. */
  defaultCorpusDir?: string | null
}

/**
 * Runs one command line (without the program and script) and returns its exit code.
 * @remarks Run by `cli.ts` under Node (and `npm run cli`), and by the app's own executable when
 * started with `--cli` (src/main/index.ts), which is how MCP clients start the installed app's
 * server without Electron's run-as-node mode.
 */
export async function runCli(argv: string[], host: CliHost = {}): Promise<number> {
  // Libraries (pdf.js among them) log warnings with console.log; stdout is for results only.
  console.log = console.error
  console.info = console.error
  console.warn = console.error
  let args
  try {
    args = parseArgs(argv)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    const language = mainUiLanguage('system')
    process.stderr.write(`${e.text(language)}\n\n${usage(language)}`)
    return 2
  }
  if (args.help || args.command === null) {
    process.stdout.write(usage(await languageAt(args.dataDir)))
    return args.help ? 0 : 2
  }
  if (args.command === 'mcp') return mcp(args)
  // Loaded only for these commands: the MCP SDK alone takes a third of the CLI's start-up.
  if (args.command === 'serve') {
    const { serveCommand } = await import('./serveCommand')
    const language = await languageAt(args.dataDir)
    return serveCommand(args, language).catch((e: unknown) => openFailed(e, args, language))
  }
  // Loaded once a command runs: `--help` prints without the services and their libraries.
  const [
    { createServices },
    { cliKeyHint, cliLanguage, runCommand },
    { demo },
    { ProgressReporter }
  ] = await Promise.all([
    import('../services'),
    import('./commands'),
    import('./demo'),
    import('./progress')
  ])
  let services: Services | null = null
  let progress: ProgressReporter | null = null
  // Said while the library is not open yet (waiting for another writer, failing to open).
  const languageBefore = await languageAt(args.dataDir)
  try {
    services = await createServices(commandOptions(args.command, args, host, languageBefore))
    const language = cliLanguage(services)
    const t = mainT(language)
    progress = new ProgressReporter(language)
    const reporter = progress
    tellNotices(services, language, t)
    onInterrupt(args, services, t)
    showProgress(services, args, reporter, t)
    const out: CommandOutput =
      args.command === 'demo'
        ? await demo(services, !args.json && Boolean(process.stdin.isTTY))
        : await runCommand(services, args)
    reporter.finish()
    if (args.json) process.stdout.write(`${JSON.stringify(out.json, null, 2)}\n`)
    else if (out.text) process.stdout.write(`${out.text}\n`)
    return out.exitCode
  } catch (e) {
    progress?.finish()
    return commandFailed(e, args, services ? cliLanguage(services) : languageBefore, cliKeyHint)
  } finally {
    // The repairs this open announced ("Re-indexing it from its PDF") are finished before a
    // short writer command (paper edit, remove, ...) exits, as their notices say.
    if (services?.library.repairsQueued() && !services.readOnly)
      await services.library.whenIdle().catch(() => undefined)
    await services?.close()
  }
}

/** How a command opens the library: a writer (with the lock) or a reader, and the overrides. */
function commandOptions(
  command: string,
  args: CliArgs,
  host: CliHost,
  languageBefore: UiLanguage
): ServiceOptions {
  const writes = WRITING_COMMANDS.has(command)
  return {
    dataDir: resolve(args.dataDir ?? defaultDataDir()),
    secrets: new EnvSecretStore(),
    defaultCorpusDir: process.env.RESEARCHPAL_CORPUS_DIR ?? host.defaultCorpusDir ?? null,
    readOnly: !writes,
    lock: {
      purpose: `ResearchPal CLI (${command})`,
      waitMs: (args.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000,
      onWait: (_holder, message, text) =>
        process.stderr.write(`${errorMessage({ message, ...text }, languageBefore)}\n`)
    },
    arxivBaseUrl: process.env.RESEARCHPAL_ARXIV_URL?.trim() || undefined,
    log: commandLog(args.debug),
    settingsOverrides: settingsOverrides(args)
  }
}

/**
 * Ends a command that failed: a usage error with the usage, anything else as its code and
 * message (in the user's language), and returns the exit code.
 */
function commandFailed(
  e: unknown,
  args: CliArgs,
  language: UiLanguage,
  keyHint: (language: UiLanguage) => string
): number {
  if (e instanceof UsageError) {
    process.stderr.write(`${e.text(language)}\n\n${usage(language)}`)
    return 2
  }
  // A stack is for a bug report, behind --debug; the person gets the message below.
  if (!(e instanceof UserFacingError) && args.debug)
    process.stderr.write(`${e instanceof Error ? e.stack : e}\n`)
  const error = toAppError(e, `in ${args.command}`)
  if (args.json) process.stdout.write(`${JSON.stringify({ error }, null, 2)}\n`)
  // In the user's language: the settings' interface language (read alone when the library
  // could not be opened), or the system's (LANG).
  const message = errorMessage(error, language)
  process.stderr.write(`${mainT(language)('cli.error', { code: error.code, message })}\n`)
  if (error.code === 'NO_API_KEY') process.stderr.write(`${keyHint(language)}\n`)
  return 1
}

/**
 * The language of a command's output before its library is opened (`--help`): the data
 * folder's interface-language setting, read without writing, or the system's.
 */
async function languageAt(dataDir: string | null): Promise<UiLanguage> {
  const settings = new SettingsService({
    file: dataPaths(resolve(dataDir ?? defaultDataDir())).settings,
    secrets: new EnvSecretStore(),
    readOnly: true
  })
  try {
    await settings.load()
  } catch {
    // A newer settings file: its setting cannot be read here; the system's language is used.
  }
  return mainUiLanguage(settings.get().uiLanguage)
}

/**
 * Ends a server command (`mcp`, `serve`) whose library could not be opened: another writer holds
 * the lock (with --allow-add), a newer library, a full disk. Prints the message, never a stack
 * unless `--debug`, and returns the exit code.
 */
function openFailed(e: unknown, args: ReturnType<typeof parseArgs>, language: UiLanguage): number {
  if (!(e instanceof UserFacingError) && args.debug)
    process.stderr.write(`${e instanceof Error ? e.stack : e}\n`)
  const error = toAppError(e, `in ${args.command}`)
  const message = errorMessage(error, language)
  process.stderr.write(`${mainT(language)('cli.error', { code: error.code, message })}\n`)
  return 1
}

/**
 * `mcp`: serves the library to MCP clients until stdin closes (stdio) or a signal (HTTP).
 * @remarks stdout carries only the protocol; everything else goes to stderr. Without
 * --allow-add the library is opened read-only, so the server can run beside the app.
 */
async function mcp(args: ReturnType<typeof parseArgs>): Promise<number> {
  const log = serverLog(args.debug)
  const languageBefore = await languageAt(args.dataDir)
  const [{ createServices }, { cliLanguage }] = await Promise.all([
    import('../services'),
    import('./commands')
  ])
  let services: Services
  try {
    services = await createServices({
      dataDir: resolve(args.dataDir ?? defaultDataDir()),
      secrets: new EnvSecretStore(),
      readOnly: !args.allowAdd,
      // With --allow-add the server writes: it takes the writer lock, refusing at once (by
      // default) while the app or a command writes, since a client would wait silently.
      lock: {
        purpose: 'ResearchPal MCP (--allow-add)',
        waitMs: (args.waitSeconds ?? 0) * 1000,
        onWait: (_holder, message, text) => log(errorMessage({ message, ...text }, languageBefore))
      },
      arxivBaseUrl: process.env.RESEARCHPAL_ARXIV_URL?.trim() || undefined,
      log
    })
  } catch (e) {
    return openFailed(e, args, languageBefore)
  }
  try {
    const { serveHttp, serveStdio } = await import('../mcp/mcpServer')
    const options = { allowAdd: args.allowAdd, log }
    const t = mainT(cliLanguage(services))
    if (args.http === null) {
      log(t('cli.mcp.onStdio'))
      await serveStdio(services, options)
      return 0
    }
    // The static token of `serve` (kept in the library folder), unless the environment sets one.
    const { token } = await apiToken(
      resolve(args.dataDir ?? defaultDataDir()),
      process.env.RESEARCHPAL_MCP_TOKEN?.trim() || process.env.RESEARCHPAL_API_TOKEN
    )
    const http = await serveHttp(services, { ...options, port: args.http, token })
    log(t('cli.mcp.serverAt', { url: http.url }))
    log(t('cli.mcp.header', { token: http.token }))
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    await http.close()
    return 0
  } finally {
    await services.close()
  }
}
