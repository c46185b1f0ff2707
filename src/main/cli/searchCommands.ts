import { errorMessage } from '../errors'
import { mainT } from '../i18n'
import type { Services } from '../services'
import { need, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import type { CommandOutput } from './output'

/** `search <query>`: the ranked passages, with the lab's when it is connected. */
export async function search(s: Services, args: CliArgs): Promise<CommandOutput> {
  const t = mainT(cliLanguage(s))
  const [query] = need(args, 1, 'query')
  const input: Record<string, unknown> = { query, limit: args.k ?? 5 }
  if (args.papers.length) input.paperIds = args.papers
  if (args.source) input.source = args.source
  const r = await call(s, 'search:query', input)
  const text = [
    r.embedder ? t('cli.search.hybrid', { embedder: r.embedder }) : t('cli.search.keyword'),
    ...(r.lab?.state === 'unreachable'
      ? [
          t('lab.localOnly', {
            message: errorMessage({ message: r.lab.message ?? '', ...r.lab }, cliLanguage(s))
          })
        ]
      : []),
    ...r.results.map(
      (x, i) =>
        `${x.source === 'lab' ? '[lab] ' : ''}${t('cli.search.result', { rank: i + 1, title: x.title, page: x.page, section: x.section, score: x.score })}\n   ${x.text.slice(0, 240).replace(/\s+/g, ' ')}`
    )
  ].join('\n')
  return { json: r, text, exitCode: 0 }
}

/** `section <paperId> <section>`: one section's text and pages. */
export async function section(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [paperId, section] = need(args, 2, 'paperAndSection')
  const r = await call(s, 'search:section', { paperId, section })
  const pages = r.pages.join(', ')
  const t = mainT(cliLanguage(s))
  const head = t('cli.section', { section: r.section, pages, count: r.pages.length })
  return { json: r, text: `${head}\n\n${r.text}`, exitCode: 0 }
}
