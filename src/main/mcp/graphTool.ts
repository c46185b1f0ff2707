import { z } from 'zod'
import type { CitationGraph } from '../../shared/graph'
import { quoteMeta } from './format'

/** Missing works listed in the compact form. */
const COMPACT_GHOSTS = 15

/** The structured content of `citation_graph`. */
export const GraphOut = z.object({
  papers: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      year: z.number().int().nullable(),
      cluster: z.number().int(),
      citedBy: z.number().int()
    })
  ),
  /** `[citing, cited]` paper ids. */
  citations: z.array(z.tuple([z.string(), z.string()])),
  /** `[a, b, similarity]` for alike papers with no citation between them (full form only). */
  similar: z.array(z.tuple([z.string(), z.string(), z.number()])),
  missing: z.array(
    z.object({
      title: z.string(),
      year: z.number().int().nullable(),
      citedBy: z.array(z.string()),
      add: z.string().nullable()
    })
  ),
  /** How many missing works there are in all (the compact form lists the most cited). */
  missingTotal: z.number().int(),
  clusters: z.array(
    z.object({ id: z.number().int(), label: z.string(), paperIds: z.array(z.string()) })
  )
})

/**
 * The map as a model reads it: one line per cluster, one per citation, the most cited missing
 * works; `compact` leaves out similarity links and all but the first missing works.
 */
export function graphResult(
  g: CitationGraph,
  compact: boolean
): { text: string; structured: z.input<typeof GraphOut> } {
  const papers = g.nodes.filter((n) => n.kind === 'paper')
  const ghosts = g.nodes.filter((n) => n.kind === 'ghost')
  const citersOf = new Map<string, string[]>()
  for (const e of g.edges)
    if (e.kind === 'cites' && e.target.startsWith('ghost:'))
      citersOf.set(e.target, [...(citersOf.get(e.target) ?? []), e.source])
  const citations = g.edges
    .filter((e) => e.kind === 'cites' && !e.target.startsWith('ghost:'))
    .map((e): [string, string] => [e.source, e.target])
  const similar = compact
    ? []
    : g.edges
        .filter((e) => e.kind === 'similar')
        .map((e): [string, string, number] => [e.source, e.target, e.weight])
  const missing = (compact ? ghosts.slice(0, COMPACT_GHOSTS) : ghosts).map((n) => ({
    title: n.title,
    year: n.year,
    citedBy: citersOf.get(n.id) ?? [],
    add: n.add
  }))
  const lines = [
    `${papers.length} paper(s), ${citations.length} citation(s) between them, ${g.clusters.length} cluster(s). Titles are quoted metadata from the PDFs.`,
    ...g.clusters.map((c) => `cluster ${c.id} (${c.label}): ${c.paperIds.join(', ')}`),
    ...papers.map(
      (p) => `${p.id} · ${quoteMeta(p.title)} · ${p.year ?? 'n.d.'} · cited by ${p.citedBy}`
    ),
    citations.length ? `cites: ${citations.map(([a, b]) => `${a}>${b}`).join(' ')}` : 'cites: none',
    ...(similar.length
      ? [`alike: ${similar.map(([a, b, w]) => `${a}~${b} ${w.toFixed(2)}`).join(' ')}`]
      : []),
    ...(missing.length
      ? [
          `missing (cited by 2+, ${missing.length} of ${ghosts.length}):`,
          ...missing.map(
            (m) =>
              `- ${quoteMeta(m.title)} · ${m.year ?? 'n.d.'} · cited by ${m.citedBy.join(', ')}${m.add ? ` · add ${m.add}` : ''}`
          )
        ]
      : [])
  ]
  return {
    text: lines.join('\n'),
    structured: {
      papers: papers.map((p) => ({
        id: p.id,
        title: p.title,
        year: p.year,
        cluster: p.cluster,
        citedBy: p.citedBy
      })),
      citations,
      similar,
      missing,
      missingTotal: ghosts.length,
      clusters: g.clusters.map((c) => ({ id: c.id, label: c.label, paperIds: c.paperIds }))
    }
  }
}
