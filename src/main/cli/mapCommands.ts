import { mainT } from '../i18n'
import type { Services } from '../services'
import { needs, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import { collectionId } from './libraryCommands'
import type { CommandOutput } from './output'

/** `related <id>` and `missing-refs <id>`. */
export async function discover(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [paperId] = args.positional
  if (!paperId) throw needs(args.command ?? '', 'paperIdSeePapers')
  const t = mainT(cliLanguage(s))
  if (args.command === 'related') {
    const r = await call(s, 'library:related', { paperId })
    return {
      json: r,
      text: r.related.length
        ? [
            t('cli.discover.mostLike', { id: paperId, mode: relatedMode(r.mode, t) }),
            ...r.related.map((x, i) => `${i + 1}. ${x.paperId}  ${x.title}`)
          ].join('\n')
        : t('cli.discover.noOther'),
      exitCode: 0
    }
  }
  const r = await call(s, 'library:missingRefs', { paperId })
  const lines = r.missing.map(
    (m) =>
      `- ${m.title ?? m.text}${m.year ? ` (${m.year})` : ''}${m.arxivId ? `  → ingest ${m.arxivId}` : m.doi ? `  → add-doi ${m.doi}` : ''}`
  )
  if (r.withoutPdf.length)
    lines.push(
      t('cli.discover.withoutPdf', { count: r.withoutPdf.length }),
      ...r.withoutPdf.map((w) => `- ${w.paperId}  ${w.title}`)
    )
  return {
    json: r,
    text: `${t('cli.discover.missing', { count: r.missing.length, total: r.total })}\n${lines.join('\n')}`,
    exitCode: 0
  }
}

/**
 * `graph [--collection NAME]`: the citation map; `--json` prints it whole (nodes, edges,
 * clusters), the text lists the clusters, the citations and the most cited missing works.
 */
export async function graph(s: Services, args: CliArgs): Promise<CommandOutput> {
  const t = mainT(cliLanguage(s))
  const name = args.values.collection
  const g = await call(s, 'graph:get', name ? { collectionId: await collectionId(s, name) } : {})
  const title = new Map(g.nodes.map((n) => [n.id, n.title]))
  const papers = g.nodes.filter((n) => n.kind === 'paper')
  const ghosts = g.nodes.filter((n) => n.kind === 'ghost')
  const cites = g.edges.filter((e) => e.kind === 'cites' && !e.target.startsWith('ghost:'))
  const lines = [
    t('cli.graph.summary', {
      papers: papers.length,
      cites: cites.length,
      similar: g.edges.filter((e) => e.kind === 'similar').length,
      ghosts: ghosts.length
    })
  ]
  for (const c of g.clusters) {
    lines.push('', t('cli.graph.cluster', { id: c.id + 1, label: c.label }))
    for (const id of c.paperIds) lines.push(`  ${id}  ${title.get(id) ?? ''}`)
  }
  if (cites.length) lines.push('')
  for (const e of cites) lines.push(t('cli.graph.cites', { source: e.source, target: e.target }))
  if (ghosts.length) lines.push('', t('cli.graph.ghosts'))
  for (const n of ghosts.slice(0, 20))
    lines.push(
      `- ${t('cli.graph.ghost', { title: n.title, count: n.citedBy })}${n.add ? `  → ${n.add}` : ''}`
    )
  return { json: g, text: lines.join('\n'), exitCode: 0 }
}

/** How `related` compared the papers ("vectors (model) and keywords"), in the CLI's language. */
function relatedMode(mode: string, t: ReturnType<typeof mainT>): string {
  const vectors = /^vectors \((.+)\) and keywords$/.exec(mode)
  if (vectors) return t('cli.discover.modes.vectors', { embedder: vectors[1] })
  return mode === 'keywords' ? t('cli.discover.modes.keywords') : mode
}
