import type { EventName, EventPayload } from '../../shared/contract'
import type { UiLanguage } from '../../shared/types'
import { mainT } from '../i18n'

/**
 * Shows ingestion progress on stderr: a redrawn bar on a terminal, one line per stage otherwise.
 * @remarks stdout is kept for results (and the single JSON document with --json). The words
 * (stages, "papers") are in the CLI's language.
 */
export class ProgressReporter {
  private lastStage = new Map<string, string>()
  private drawn = false

  constructor(
    private readonly language: UiLanguage = 'en',
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly tty = Boolean(process.stderr.isTTY)
  ) {}

  /** Feeds one event from the services. */
  onEvent(event: EventName, payload: unknown): void {
    if (event !== 'ingest:progress') return
    const p = payload as EventPayload<'ingest:progress'>
    if (this.tty) this.draw(p)
    else if (this.lastStage.get(p.paperId) !== p.stage) {
      this.lastStage.set(p.paperId, p.stage)
      const t = mainT(this.language)
      const { done, total } = p.overall
      this.stream.write(
        `${t('cli.ingestLine', { done, total, paperId: p.paperId, stage: p.stage })}\n`
      )
    }
  }

  /** Ends the bar's line so later output starts clean. */
  finish(): void {
    if (this.drawn) this.stream.write('\n')
    this.drawn = false
  }

  private draw(p: EventPayload<'ingest:progress'>): void {
    const width = 24
    const frac = p.overall.total ? p.overall.done / p.overall.total : 0
    const filled = Math.round(frac * width)
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled)
    const number = new Intl.NumberFormat(this.language)
    const step = p.total ? ` ${number.format(p.done)}/${number.format(p.total)}` : ''
    const line = mainT(this.language)('cli.ingestBar', {
      bar,
      done: p.overall.done,
      total: p.overall.total,
      paperId: p.paperId,
      stage: p.stage,
      step
    })
    this.stream.write(`\r\x1b[2K${line.slice(0, (this.stream.columns ?? 100) - 1)}`)
    this.drawn = true
  }
}
