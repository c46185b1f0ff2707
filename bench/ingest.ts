/**
 * `npx tsx bench/ingest.ts [--quick] [--bulk N [--bulk-only]] [--out FILE] [--workers built|source]`: only
 * issue 20's ingestion figures (end to end at 1, 2 and auto ONNX Runtime threads on the corpus;
 * a 1,000-PDF folder import killed mid-way and resumed), as one JSON document.
 * @remarks `npm run bench` includes the same figures in its full report; this entry runs them
 * alone. `--bulk-only` leaves out the thread runs (three ingests of the corpus) and imports the
 * folder alone, with the ingestion settings the import measures for itself on its first run.
 * A benchmark, not a test: nothing is enforced; it exits non-zero only on a crash.
 */
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchModel } from './benchModel'
import { benchReader } from './benchReader'
import { buildWorkers } from './benchWorkers'
import { bulkImportBench, bulkImportChild } from './bulkImportBench'
import { endToEndChild } from './endToEndChild'
import { SHARED_DIR } from './ingestCorpus'
import { corpusPdfs, extractionAndChunking } from './ingestBench'
import { BULK_PDFS, ingestAtScale } from './ingestAtScale'
import { machine } from './machine'

const log = (m: string): void => void process.stderr.write(`[bench:ingest] ${m}\n`)

async function main(): Promise<void> {
  const e2eChild = process.argv.indexOf('--child-e2e')
  if (e2eChild >= 0) return endToEndChild(process.argv.slice(e2eChild + 1))
  const bulkChild = process.argv.indexOf('--child-bulk')
  if (bulkChild >= 0) return bulkImportChild(process.argv.slice(bulkChild + 1))
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      bulk: { type: 'string' },
      'bulk-only': { type: 'boolean', default: false },
      out: { type: 'string' },
      workers: { type: 'string' },
      keep: { type: 'boolean', default: false }
    }
  })
  const quick = values.quick!
  const corpus = join(SHARED_DIR, 'corpus')
  if (!existsSync(join(corpus, '1810.04805.pdf')))
    throw new Error(`the corpus is missing: expected the papers in ${corpus}`)
  const extra = readdirSync(join(corpus, 'extra'))
    .filter((f) => f.endsWith('.pdf'))
    .sort()
  const all = corpusPdfs(corpus, extra)
  const pdfs = quick ? [join(corpus, '1810.04805.pdf')] : all
  const started = performance.now()
  const root = await mkdtemp(join(tmpdir(), 'researchpal-bench-ingest-'))
  const workersKind = values.workers ?? 'built'
  let close = async (): Promise<void> => {}
  try {
    log(workersKind === 'built' ? 'building the app for its workers' : 'workers from source')
    const workerDir = workersKind === 'built' ? await buildWorkers(join(root, 'app')) : null
    const r = benchReader('worker', workerDir)
    close = r.close
    log(`extracting ${pdfs.length} paper(s) for the model vocabulary and the bulk folder`)
    // The bulk folder is always made from the whole corpus's pages.
    const { figures: stages } = await extractionAndChunking(quick ? pdfs : all, r.reader)
    const model = await benchModel(join(root, 'model'), stages.texts)
    const result = values['bulk-only']
      ? {
          bulkImport: await bulkImportBench({
            script: __filename,
            root: join(root, 'bulk'),
            modelDir: model.modelDir,
            workerDir,
            pageTexts: stages.pageTexts,
            count: values.bulk ? Number(values.bulk) : quick ? BULK_PDFS.quick : BULK_PDFS.full,
            hostileDir: join(corpus, 'hostile'),
            tuningFile: null,
            log
          })
        }
      : await ingestAtScale({
          script: __filename,
          root,
          modelDir: model.modelDir,
          workerDir,
          readerKind: 'worker',
          reader: r.reader,
          pdfs,
          texts: stages.texts,
          pageTexts: stages.pageTexts,
          hostileDir: join(corpus, 'hostile'),
          quick,
          bulkCount: values.bulk ? Number(values.bulk) : undefined,
          log
        })
    const report = {
      command: `npx tsx bench/ingest.ts${quick ? ' --quick' : ''}${values.bulk ? ` --bulk ${values.bulk}` : ''}${values['bulk-only'] ? ' --bulk-only' : ''}`,
      quick,
      ranOn: machine(),
      embedder: { kind: model.kind, note: model.note },
      ...result,
      seconds: Math.round((performance.now() - started) / 10) / 100
    }
    const json = JSON.stringify(report, null, 2)
    console.log(json)
    if (values.out) await writeFile(values.out, json + '\n')
  } finally {
    await close()
    if (values.keep) log(`kept ${root}`)
    else await rm(root, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  }
)
