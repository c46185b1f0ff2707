/**
 * `npx tsx bench/compareFill.ts [--papers N]`: time to fill an N × 3 comparison (default 10 × 3)
 * through the app's services, as JSON.
 * @remarks Two runs over the same library: against the scripted Gemini server on 127.0.0.1,
 * which answers at once (so the figure is the app's own overhead: retrieval per paper, the
 * real SDK's HTTP round trips, the judge, saving each cell), and with no key (evidence-only
 * cells, retrieval only). The library is the default papers plus the extra corpus from
 * ../shared (or, without it, fixture papers, and the output says so), searched keyword-only
 * unless the embedding model is installed.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServices, type Services } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import type { Comparison } from '../src/shared/compare'
import { startFakeGemini } from '../test/fakes/fakeGemini'
import { makePaperPdf } from '../test/fixtures/fixturePapers'
import { SHARED_DIR } from './ingestCorpus'

const QUESTIONS = [
  'Which datasets are used for evaluation?',
  'How many parameters does the model have?',
  'What is the main result?'
]

function count(argv: string[]): number {
  const i = argv.indexOf('--papers')
  const n = i >= 0 ? Number(argv[i + 1]) : 10
  if (!Number.isInteger(n) || n < 1 || n > 18) throw new Error('--papers must be 1 to 18')
  return n
}

async function pdfs(dir: string, n: number): Promise<{ source: string; files: string[] }> {
  const corpus = join(SHARED_DIR, 'corpus')
  if (existsSync(join(corpus, '1706.03762.pdf'))) {
    const extra = join(corpus, 'extra')
    const files = [
      ...['1706.03762', '1810.04805', '2005.11401'].map((id) => join(corpus, `${id}.pdf`)),
      ...readdirSync(extra)
        .filter((f) => /^\d{4}\.\d{5}\.pdf$/.test(f))
        .sort()
        .map((f) => join(extra, f))
    ]
    return { source: '../shared/corpus (default + extra arXiv papers)', files: files.slice(0, n) }
  }
  const files = Array.from({ length: n }, (_, i) => {
    const file = join(dir, `fixture-${i}.pdf`)
    writeFileSync(file, makePaperPdf({ title: `Fixture paper ${i}`, pages: 8, marker: `m${i}x` }))
    return file
  })
  return { source: 'fixture papers (../shared/corpus not found)', files }
}

async function timed(s: Services, paperIds: string[]): Promise<{ ms: number; c: Comparison }> {
  const created = await s.router.invoke('compare:create', { paperIds, questions: QUESTIONS })
  if (!created.ok) throw new Error(created.error.message)
  const id = (created.value as Comparison).id
  const t0 = performance.now()
  const run = await s.router.invoke('compare:run', { comparisonId: id })
  const ms = performance.now() - t0
  if (!run.ok) throw new Error(run.error.message)
  return { ms, c: run.value as Comparison }
}

async function main(): Promise<void> {
  const n = count(process.argv.slice(2))
  const root = await mkdtemp(join(tmpdir(), 'rp-bench-compare-'))
  const { source, files } = await pdfs(root, n)
  const log = (): void => undefined
  const builder = await createServices({ dataDir: root, secrets: new MemorySecretStore(), log })
  const t0 = performance.now()
  const papers = await builder.library.addPaths(files)
  await builder.library.whenIdle()
  const ingestMs = performance.now() - t0
  const ids = papers.map((p) => p.id)
  const searchMode = builder.embedder.status().state === 'ready' ? 'hybrid' : 'keyword only'
  await builder.close()

  const gemini = await startFakeGemini()
  const online = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore('bench-key'),
    env: { GEMINI_BASE_URL: gemini.baseUrl },
    log
  })
  const scripted = await timed(online, ids)
  await online.close()
  await gemini.close()

  const offline = await createServices({ dataDir: root, secrets: new MemorySecretStore(), log })
  const evidence = await timed(offline, ids)
  await offline.close()

  const statuses = (c: Comparison): Record<string, number> =>
    c.cells.reduce<Record<string, number>>(
      (m, x) => ({ ...m, [x.status]: (m[x.status] ?? 0) + 1 }),
      {}
    )
  const cells = n * QUESTIONS.length
  process.stdout.write(
    `${JSON.stringify(
      {
        bench: 'compareFill',
        papers: n,
        questions: QUESTIONS.length,
        cells,
        library: source,
        search: searchMode,
        ingestSeconds: +(ingestMs / 1000).toFixed(1),
        scriptedServer: {
          fillMs: Math.round(scripted.ms),
          msPerCell: +(scripted.ms / cells).toFixed(1),
          modelRequests: gemini.requests.length,
          statuses: statuses(scripted.c)
        },
        offline: {
          fillMs: Math.round(evidence.ms),
          msPerCell: +(evidence.ms / cells).toFixed(1),
          statuses: statuses(evidence.c)
        }
      },
      null,
      2
    )}\n`
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
