import type { Comparison } from '../../shared/compare'
import type { UiLanguage } from '../../shared/types'
import { mainT } from '../i18n'
import type { Services } from '../services'
import { UsageError, type CliArgs } from './args'
import { call } from './call'
import { formatComparison } from './formatComparison'
import { cliLanguage } from './language'
import { collectionId } from './libraryCommands'
import { listOutput, type CommandOutput } from './output'

/**
 * `compare`: papers from `--papers`, `--collection NAME` or (neither) the conversation
 * `--thread ID`; with `--thread` the comparison is saved with that conversation.
 */
export async function compare(s: Services, args: CliArgs): Promise<CommandOutput> {
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
export function comparisonRow(
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

/** `comparisons [--thread ID]`: the saved comparisons, one line each. */
export async function comparisons(s: Services, args: CliArgs): Promise<CommandOutput> {
  const r = await call(s, 'compare:list', args.thread ? { threadId: args.thread } : {})
  const language = cliLanguage(s)
  const rows = r.comparisons.map(
    (c) => `${comparisonRow(c, language)}${comparisonOrigin(c, language)}`
  )
  return listOutput(r, rows, mainT(language)('cli.compare.none'))
}
