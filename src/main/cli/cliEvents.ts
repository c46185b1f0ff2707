import { errorMessage } from '../errors'
import type { mainT } from '../i18n'
import type { Services } from '../services'
import type { LibraryNotice, UiLanguage } from '../../shared/types'
import type { CliArgs } from './args'
import type { ProgressReporter } from './progress'

type T = ReturnType<typeof mainT>

const CLI = { transport: 'cli' } as const

/** Prints what opening found or repaired (a rebuilt catalog, damaged files), then anything later. */
export function tellNotices(services: Services, language: UiLanguage, t: T): void {
  const tell = (n: LibraryNotice): void =>
    void process.stderr.write(`${t('cli.notice', { message: errorMessage(n, language) })}\n`)
  services.library.notices().forEach(tell)
  services.events.subscribe((event, payload) => {
    if (event === 'library:notice') tell(payload as LibraryNotice)
  })
}

/** Ctrl-C pauses a folder import or cancels the work in flight; a second one exits. */
export function onInterrupt(args: CliArgs, running: Services, t: T): void {
  process.once('SIGINT', () => {
    // `sync` stops watching on its own (src/main/cli/syncCommands.ts); papers in flight finish.
    if (args.command === 'sync') return
    if (args.command === 'import-folder') {
      process.stderr.write(`\n${t('cli.signals.pausing')}\n`)
      void running.router.invoke('import:pause', {}, CLI)
      process.once('SIGINT', () => process.exit(130))
      return
    }
    process.stderr.write(`\n${t('cli.signals.cancelling')}\n`)
    void running.router.invoke('library:cancel', {}, CLI)
    // No channel stops every comparison at once (`compare:cancel` takes one id).
    running.compare.cancelAll()
    process.once('SIGINT', () => process.exit(130))
  })
}

/** Shows a command's progress on stderr: ingestion, an answer's stages, a comparison's cells. */
export function showProgress(
  services: Services,
  args: CliArgs,
  reporter: ProgressReporter,
  t: T
): void {
  services.events.subscribe((event, payload) => {
    reporter.onEvent(event, payload)
    if (!args.json && event === 'chat:event') stageLine(payload, t)
    if (!args.json && event === 'compare:progress') compareLine(payload, t)
  })
}

/** One line per stage of an answer. */
function stageLine(payload: unknown, t: T): void {
  const p = payload as { type: string; stage?: string; detail?: string }
  if (p.type === 'stage') {
    // A query or a page is shown; the checker's reasons (revising) are its own English.
    const shown = p.stage === 'searching' || p.stage === 'reading'
    const line =
      shown && p.detail
        ? t('cli.stageDetail', { stage: p.stage, detail: p.detail })
        : t('cli.stage', { stage: p.stage })
    process.stderr.write(`${line}\n`)
  }
}

/** A comparison's progress: a counter rewritten in place, a pause, the end. */
function compareLine(payload: unknown, t: T): void {
  const p = payload as {
    state: string
    done: number
    total: number
    retryAfterSeconds?: number
  }
  const counts = { done: p.done, total: p.total }
  if (p.state === 'paused') {
    const seconds = p.retryAfterSeconds ?? 0
    process.stderr.write(`${t('cli.compare.rateLimited', { seconds })}\n`)
  } else if (p.state === 'running') {
    process.stderr.write(`${t('cli.compare.running', counts)}\r`)
  } else process.stderr.write(`${t('cli.compare.ended', { ...counts, state: p.state })}\n`)
}
