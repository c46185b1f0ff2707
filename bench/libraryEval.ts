/**
 * Retrieval in a 64-paper library (issue 28): the 18 arXiv papers of ../shared/corpus (and
 * `extra/`) plus the 46 varied PDFs of ../shared/corpus/varied, ingested through the app's own
 * services (createServices), searched on the keyword path (no model), every question over the
 * whole library.
 * @remarks Prints r@1 / r@5 / MRR per question set and per language (the dev questions, the
 * varied questions, the project's own questions in `bench/libraryQuestions.jsonl`), the 3-paper
 * vs 64-paper drop of the dev questions, and each figure against its target. The library is
 * ingested afresh in a temporary folder (so the figures are this build's ingestion), or kept in
 * `RESEARCHPAL_LIBRARY_EVAL_DIR` when that is set, so a second run there only searches; a
 * keyword-format change is migrated there as it would be in a user's library. Under `CI=true` only the targets listed in
 * {@link ENFORCED} fail the run (those this branch reaches); the others are printed as met / not
 * met.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataPaths } from '../src/main/paths'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import type { Retriever } from '../src/main/search/types'
import { FakeEmbedderProvider } from '../test/fakes/fakeEmbedder'
import { followUpEval } from './followUps'
import { SHARED_DIR } from './ingestCorpus'
import { evaluate, parseQuestions, type EvalQuestion, type EvalScores } from './retrievalEval'

/** A question of the varied corpus or of the project's own set: the paper named by its file. */
interface FileQuestion {
  id?: string
  question: string
  file: string
  goldPages: number[]
  language: string
  answer?: string
}

/** A question with the set and language it is scored under. */
interface Tagged extends EvalQuestion {
  set: string
  language: string
}

/** The figures the issue sets (keyword path, 64 papers). */
const TARGETS = { recallAt5: 0.92, recallAt1: 0.7, devDrop: 0.03 }
/** Targets that fail the run under CI=true: those this branch meets (see the report). */
const ENFORCED = new Set<string>(['dev r@5 drop 3→64 papers', 'r@1 with figure chunks >= without'])

export interface LibraryEvalReport {
  embedder: string | null
  embedderStatus: string
  papers: number
  chunks: number
  sets: Record<string, EvalScores>
  devDrop: { threePapers: EvalScores; library: EvalScores; recallAt5Drop: number }
  /** Every question's r@1 as searched, and with figure and table chunks left out of results. */
  figures: { withFigures: number; withoutFigures: number }
  targets: Record<string, { value: number; target: string; met: boolean }>
  misses: Record<
    string,
    { id: string; question: string; firstHitRank: number | null; top: string[] }[]
  >
  /** The slowest set's median query time (ms). */
  queryMedianMs: number
  /** The follow-up conversations (bench/followUps.jsonl) asked in this library. */
  followUps: Awaited<ReturnType<typeof followUpEval>>
}

async function pdfsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.pdf')).map((f) => join(dir, f))
}

function parseFileQuestions(jsonl: string, prefix: string): FileQuestion[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const q = JSON.parse(l) as FileQuestion
      return { ...q, id: q.id ?? `${prefix}-${i + 1}` }
    })
}

/**
 * Opens (or first builds) the 64-paper library in `root` and returns its retriever with the
 * file name → paper id map; the caller closes the services.
 */
async function openLibrary(
  root: string,
  log: (m: string) => void
): Promise<{ services: Awaited<ReturnType<typeof createServices>>; ids: Map<string, string> }> {
  const corpus = join(SHARED_DIR, 'corpus')
  // A library kept from an earlier run may hold postings of an older keyword analysis: they are
  // re-analysed first (as the app does in the background), so the figures are this build's.
  const keywords = new Bm25KeywordIndex({ dir: dataPaths(root).index, log })
  await keywords.open()
  await keywords.idle()
  await keywords.close()
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    defaultCorpusDir: corpus,
    embedder: new FakeEmbedderProvider(null),
    log
  })
  const { library } = services
  await library.addDefaults()
  const files = [
    ...(await pdfsIn(corpus)),
    ...(await pdfsIn(join(corpus, 'extra'))),
    ...(await pdfsIn(join(corpus, 'varied')))
  ]
  const added = await library.addPathsDetailed(files)
  await library.whenIdle()
  const ids = new Map<string, string>()
  for (const o of added) ids.set(o.input.split('/').pop()!, o.paper.id)
  return { services, ids }
}

/** Runs a set, scored per language too. */
async function scoreSets(
  retriever: Retriever,
  questions: Tagged[]
): Promise<{
  sets: LibraryEvalReport['sets']
  misses: LibraryEvalReport['misses']
  latencies: number[]
}> {
  const sets: LibraryEvalReport['sets'] = {}
  const misses: LibraryEvalReport['misses'] = {}
  const latencies: number[] = []
  const groups = new Map<string, Tagged[]>()
  for (const q of questions) {
    for (const key of [q.set, `${q.set}/${q.language}`, `all/${q.language}`]) {
      groups.set(key, [...(groups.get(key) ?? []), q])
    }
  }
  for (const [key, qs] of groups) {
    const r = await evaluate(retriever, qs)
    sets[key] = r.overall
    if (!key.startsWith('all/') && key.includes('/')) misses[key] = r.misses
    if (!key.includes('/')) latencies.push(r.latencyMs.median)
  }
  return { sets, misses, latencies }
}

/**
 * The 64-paper library eval; `threePaperDev` is the dev questions' scores in the 3-paper
 * library (from the caller's run), for the drop.
 */
export async function libraryEval(threePaperDev: EvalScores): Promise<LibraryEvalReport> {
  const kept = process.env.RESEARCHPAL_LIBRARY_EVAL_DIR
  const root = kept ?? (await mkdtemp(join(tmpdir(), 'researchpal-library-eval-')))
  await mkdir(root, { recursive: true })
  const { services, ids } = await openLibrary(root, (m) => console.error(`[library-eval] ${m}`))
  try {
    const papers = services.library.list()
    const failed = papers.filter((p) => p.status !== 'indexed')
    if (failed.length > 0) {
      console.error(`[library-eval] not indexed: ${failed.map((p) => p.id).join(', ')}`)
    }
    const dev = parseQuestions(
      await readFile(join(SHARED_DIR, 'eval', 'dev-questions.jsonl'), 'utf8')
    ).map((q): Tagged => ({ ...q, set: 'dev', language: 'en' }))
    const fileSets: { set: string; path: string }[] = [
      { set: 'varied', path: join(SHARED_DIR, 'corpus', 'varied', 'questions.jsonl') },
      { set: 'own', path: join(__dirname, 'libraryQuestions.jsonl') }
    ]
    const tagged: Tagged[] = [...dev]
    for (const { set, path } of fileSets) {
      if (!existsSync(path)) continue
      for (const q of parseFileQuestions(await readFile(path, 'utf8'), set)) {
        const paperId = ids.get(q.file)
        if (!paperId) throw new Error(`${set} question ${q.id}: no paper for ${q.file}`)
        tagged.push({
          id: q.id!,
          question: q.question,
          paperId,
          goldPages: q.goldPages,
          set,
          language: q.language
        })
      }
    }
    const { sets, misses, latencies } = await scoreSets(services.retriever, tagged)
    const textOnly: Retriever = {
      ...services.retriever,
      search: async (input, signal) => {
        const res = await services.retriever.search({ ...input, limit: 30 }, signal)
        const text = res.results.filter((r) => !r.kind || r.kind === 'text' || r.kind === 'ocr')
        return { ...res, results: text.slice(0, input.limit ?? 10) }
      }
    }
    const all = await evaluate(services.retriever, tagged)
    const withoutFigures = await evaluate(textOnly, tagged)
    const figures = {
      withFigures: all.overall.recallAt1,
      withoutFigures: withoutFigures.overall.recallAt1
    }
    const probe = await services.retriever.search({ query: 'attention', limit: 1 })
    const library = sets['dev']!
    const recallAt5Drop = Math.round((threePaperDev.recallAt5 - library.recallAt5) * 1000) / 1000
    const targets: LibraryEvalReport['targets'] = {}
    for (const [key, s] of Object.entries(sets)) {
      if (key === 'all/en' || key === 'all/pt' || !key.includes('/')) {
        targets[`${key} r@5`] = {
          value: s.recallAt5,
          target: `>= ${TARGETS.recallAt5}`,
          met: s.recallAt5 >= TARGETS.recallAt5
        }
        targets[`${key} r@1`] = {
          value: s.recallAt1,
          target: `>= ${TARGETS.recallAt1}`,
          met: s.recallAt1 >= TARGETS.recallAt1
        }
      }
    }
    targets['r@1 with figure chunks >= without'] = {
      value: figures.withFigures,
      target: `>= ${figures.withoutFigures}`,
      met: figures.withFigures >= figures.withoutFigures
    }
    targets['dev r@5 drop 3→64 papers'] = {
      value: recallAt5Drop,
      target: `<= ${TARGETS.devDrop}`,
      met: recallAt5Drop <= TARGETS.devDrop
    }
    return {
      embedder: probe.embedder,
      embedderStatus: services.embedder.status().message,
      papers: papers.length,
      chunks: papers.reduce((n, p) => n + p.chunks, 0),
      sets,
      devDrop: { threePapers: threePaperDev, library, recallAt5Drop },
      figures,
      targets,
      misses,
      queryMedianMs: Math.max(...latencies),
      followUps: await followUpEval(services.retriever)
    }
  } finally {
    await services.close()
    if (!kept) await rm(root, { recursive: true, force: true })
  }
}

/** The enforced targets not met (to fail under CI=true). */
export function failedTargets(report: LibraryEvalReport): string[] {
  return Object.entries(report.targets)
    .filter(([key, t]) => ENFORCED.has(key) && !t.met)
    .map(([key]) => key)
}
