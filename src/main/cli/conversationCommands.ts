import { PROVIDER_TRAITS } from '../../shared/providers'
import type { Thread } from '../../shared/threads'
import type { Answer, UiLanguage } from '../../shared/types'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'
import type { Services } from '../services'
import { need, needs, UsageError, type CliArgs } from './args'
import { call } from './call'
import { comparisonRow } from './compareCommands'
import { cliLanguage } from './language'
import { listOutput, type CommandOutput } from './output'

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

/** `ask QUESTION [--thread ID | --new-thread [--papers ...]]`: an answer, saved in a thread when given. */
export async function ask(s: Services, args: CliArgs): Promise<CommandOutput> {
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

/** `thread show ID` and `thread export ID --format F [--turn T]`. */
export async function thread(s: Services, args: CliArgs): Promise<CommandOutput> {
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

/** `threads [query]`: the saved conversations, and any damaged thread file set aside. */
export async function threads(s: Services, args: CliArgs): Promise<CommandOutput> {
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
