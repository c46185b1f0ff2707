/**
 * The retrieval part of `npm run eval` alone, per library size (issue 28): the dev questions in
 * the 3-paper, the 18-paper (the arXiv corpus) and the 64-paper library, the varied and the
 * project's own questions (English and Portuguese) in the 64-paper one, and the follow-ups in
 * the 3- and the 64-paper library; keyword path (no model), as JSON.
 * @remarks `npx tsx bench/retrievalSets.ts DIR`: the libraries are ingested once into `DIR/3`,
 * `DIR/18` and `DIR/64` and reused by later runs (a keyword-format change is migrated there),
 * so a ranking change is measured in about a minute instead of a 7-minute ingest. Without DIR
 * they go to a temporary folder that is removed afterwards.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataPaths } from '../src/main/paths'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../test/fakes/fakeEmbedder'
import { followUpEval } from './followUps'
import { SHARED_DIR } from './ingestCorpus'
import { libraryEval } from './libraryEval'
import { evaluate, parseQuestions } from './retrievalEval'

const log = (m: string): void => console.error(`[retrieval-sets] ${m}`)

/** Opens (or first builds) a keyword-only library of the default papers plus `extra` PDFs. */
async function open(root: string, extra: string[]) {
  await mkdir(root, { recursive: true })
  const keywords = new Bm25KeywordIndex({ dir: dataPaths(root).index, log })
  await keywords.open()
  await keywords.idle()
  await keywords.close()
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    defaultCorpusDir: join(SHARED_DIR, 'corpus'),
    embedder: new FakeEmbedderProvider(null),
    log
  })
  await services.library.addDefaults()
  if (extra.length > 0) await services.library.addPathsDetailed(extra)
  await services.library.whenIdle()
  return services
}

async function main(): Promise<void> {
  const kept = process.argv[2]
  const root = kept ?? (await mkdtemp(join(tmpdir(), 'researchpal-retrieval-sets-')))
  const dev = parseQuestions(
    await readFile(join(SHARED_DIR, 'eval', 'dev-questions.jsonl'), 'utf8')
  )
  const extraDir = join(SHARED_DIR, 'corpus', 'extra')
  const extra = (await readdir(extraDir)).filter((f) => f.endsWith('.pdf'))
  try {
    const three = await open(join(root, '3'), [])
    const threeDev = await evaluate(three.retriever, dev)
    const threeFollowUps = await followUpEval(three.retriever)
    await three.close()
    const eighteen = await open(
      join(root, '18'),
      extra.map((f) => join(extraDir, f))
    )
    const eighteenDev = await evaluate(eighteen.retriever, dev)
    await eighteen.close()
    process.env.RESEARCHPAL_LIBRARY_EVAL_DIR = join(root, '64')
    const library = await libraryEval(threeDev.overall)
    console.log(
      JSON.stringify(
        {
          command: `npx tsx bench/retrievalSets.ts${kept ? ` ${kept}` : ''}`,
          dev: {
            threePapers: threeDev.overall,
            eighteenPapers: eighteenDev.overall,
            sixtyFourPapers: library.sets['dev'],
            misses18: eighteenDev.misses
          },
          followUps: { threePapers: threeFollowUps, sixtyFourPapers: library.followUps },
          library
        },
        null,
        2
      )
    )
  } finally {
    if (!kept) await rm(root, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
