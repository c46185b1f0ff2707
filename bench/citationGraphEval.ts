/**
 * Citation matching of the map (issue 34): the 18 arXiv papers of ../shared/corpus (the three
 * defaults and `extra/`), ingested through the app's own services (keyword path, no model),
 * their map built by the citation graph service, and its paper-to-paper citation edges scored
 * against the hand-checked list in `test/fixtures/citationEdges.json`.
 * @remarks Prints precision, recall, the edges found that the list lacks and those missed, the
 * clusters and the ghost count. The library is ingested afresh in a temporary folder, or kept
 * in `RESEARCHPAL_GRAPH_EVAL_DIR` when that is set (a second run only builds the map). About
 * 40 s of ingestion on 2 cores; the map itself takes well under a second.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { call } from '../src/main/cli/call'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../test/fakes/fakeEmbedder'
import { SHARED_DIR } from './ingestCorpus'

/** The hand-checked list's entry: corpus file names without `.pdf`. */
interface TrueEdge {
  from: string
  to: string
}

/** The figures of one run. */
export interface CitationGraphEvalReport {
  papers: number
  truth: number
  found: number
  correct: number
  precision: number
  recall: number
  /** Found but not in the list (each a false positive unless the list missed it). */
  extra: string[]
  missed: string[]
  byMatch: Record<string, number>
  ghosts: number
  similarityEdges: number
  clusters: { id: number; size: number; label: string; papers: string[] }[]
  buildMs: number
  target: { precision: number; met: boolean }
}

/** Precision ≥ this is the bar. */
export const PRECISION_TARGET = 0.95

/** Scores found edges against the truth (both as `from→to` of file names). */
export function scoreEdges(
  found: TrueEdge[],
  truth: TrueEdge[]
): Pick<CitationGraphEvalReport, 'correct' | 'precision' | 'recall' | 'extra' | 'missed'> {
  const key = (e: TrueEdge): string => `${e.from}→${e.to}`
  const t = new Set(truth.map(key))
  const f = new Set(found.map(key))
  const correct = [...f].filter((k) => t.has(k)).length
  return {
    correct,
    precision: f.size ? correct / f.size : 0,
    recall: t.size ? correct / t.size : 0,
    extra: [...f].filter((k) => !t.has(k)).sort(),
    missed: [...t].filter((k) => !f.has(k)).sort()
  }
}

async function pdfsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.pdf')).map((f) => join(dir, f))
}

/** Runs the citation-matching eval (see the file's comment). */
export async function citationGraphEval(): Promise<CitationGraphEvalReport> {
  const kept = process.env.RESEARCHPAL_GRAPH_EVAL_DIR
  const root = kept ?? (await mkdtemp(join(tmpdir(), 'researchpal-graph-eval-')))
  await mkdir(root, { recursive: true })
  const corpus = join(SHARED_DIR, 'corpus')
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    defaultCorpusDir: corpus,
    embedder: new FakeEmbedderProvider(null),
    log: (m) => console.error(`[graph-eval] ${m}`)
  })
  try {
    const files = [...(await pdfsIn(corpus)), ...(await pdfsIn(join(corpus, 'extra')))]
    const added = await services.library.addPathsDetailed(files)
    await services.library.whenIdle()
    const fileOf = new Map(added.map((o) => [o.paper.id, basename(o.input, '.pdf')]))
    const t0 = performance.now()
    const g = await call(services, 'graph:get', {})
    const buildMs = performance.now() - t0
    const cites = g.edges.filter((e) => e.kind === 'cites' && fileOf.has(e.target))
    const found = cites.map((e) => ({ from: fileOf.get(e.source)!, to: fileOf.get(e.target)! }))
    const truth = (
      JSON.parse(
        await readFile(join(__dirname, '..', 'test', 'fixtures', 'citationEdges.json'), 'utf8')
      ) as { edges: TrueEdge[] }
    ).edges
    const score = scoreEdges(found, truth)
    const byMatch: Record<string, number> = {}
    for (const e of cites) byMatch[e.match ?? 'none'] = (byMatch[e.match ?? 'none'] ?? 0) + 1
    return {
      papers: g.nodes.filter((n) => n.kind === 'paper').length,
      truth: truth.length,
      found: found.length,
      ...score,
      byMatch,
      ghosts: g.nodes.filter((n) => n.kind === 'ghost').length,
      similarityEdges: g.edges.filter((e) => e.kind === 'similar').length,
      clusters: g.clusters.map((c) => ({
        id: c.id,
        size: c.size,
        label: c.label,
        papers: c.paperIds.map((id) => fileOf.get(id) ?? id)
      })),
      buildMs: Math.round(buildMs),
      target: { precision: PRECISION_TARGET, met: score.precision >= PRECISION_TARGET }
    }
  } finally {
    await services.close()
    if (!kept) await rm(root, { recursive: true, force: true })
  }
}
