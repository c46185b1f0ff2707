/**
 * `npx tsx bench/perPaperCost.ts [--sizes 10,1000] [--adds 8] [--model DIR]`: what adding one
 * paper costs as the library grows. For each size N, a fresh data folder gets a catalog of N
 * papers (records of a real paper's size, failed ones, so opening does not re-index them), then
 * a folder of `adds` small generated PDFs is imported through `createServices` and the app's
 * folder import, as the 1,000-PDF import does. Prints, per size: wall and CPU ms per paper,
 * `library:changed` events and the bytes they carried.
 * @remarks A benchmark, not a test. Without `--model` the papers are indexed for keyword search
 * only (no embedding): the per-paper costs that grow with the library are the catalog's and the
 * events', not the embedder's, and leaving the embedder out makes them easier to see.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createServices } from '../src/main/services'
import { EnvSecretStore } from '../src/main/settings/secretStore'
import { makePdf } from '../test/fixtures/makePdf'
import { machine } from './machine'

const r1 = (x: number): number => Math.round(x * 10) / 10

/** A failed paper's record, about the size of a real one (title, authors, sections). */
function filler(i: number): Record<string, unknown> {
  return {
    id: `fill${String(i).padStart(8, '0')}`,
    title: `A re-paginated filler paper number ${i} on retrieval for literature review`,
    authors: ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra'],
    year: 2020,
    arxivId: null,
    source: { kind: 'file', fileName: `filler-${i}.pdf` },
    sha256: `${String(i).padStart(8, '0')}${'ab'.repeat(28)}`,
    pages: 12,
    chunks: 0,
    sections: ['abstract', 'introduction', 'method', 'results', 'discussion', 'references'].map(
      (name, k) => ({ name, heading: name.toUpperCase(), startPage: k * 2 + 1, endPage: k * 2 + 2 })
    ),
    status: 'error',
    error: { code: 'NO_TEXT', message: `"filler-${i}.pdf" has no text layer (probably a scan).` },
    addedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    indexedAt: null,
    embedderId: null,
    chunkerId: null,
    venue: null,
    doi: null,
    abstract: null,
    tags: [],
    collectionIds: [],
    fieldSources: {},
    onlineCheckedAt: null
  }
}

async function writePdfs(folder: string, count: number, offset: number): Promise<void> {
  await mkdir(folder, { recursive: true })
  for (let i = 0; i < count; i++) {
    const n = offset + i
    const lines = Array.from({ length: 40 }, (_, l) => ({
      text: `Paper ${n} line ${l}: dense retrieval with learned sparse terms, ${n * 7 + l} tokens`
    }))
    await writeFile(
      join(folder, `p-${String(n).padStart(5, '0')}.pdf`),
      makePdf({ pages: [lines, lines.slice(5)], info: { Title: `Generated paper ${n}` } })
    )
  }
}

interface SizeFigures {
  papersBefore: number
  loadAverage1m: number
  libraryJsonBytes: number
  adds: number
  wallMsPerPaper: number
  cpuMsPerPaper: number
  libraryChangedEvents: number
  libraryChangedBytesPerPaper: number
}

async function measure(size: number, adds: number, modelDir: string | null): Promise<SizeFigures> {
  const root = await mkdtemp(join(tmpdir(), 'researchpal-perpaper-'))
  try {
    const dataDir = join(root, 'data')
    await mkdir(dataDir, { recursive: true })
    const papers = Array.from({ length: size }, (_, i) => filler(i))
    await writeFile(join(dataDir, 'library.json'), JSON.stringify({ version: 2, papers }, null, 1))
    const folder = join(root, 'folder')
    await writePdfs(folder, adds, size)
    const s = await createServices({
      dataDir,
      secrets: new EnvSecretStore({}),
      env: modelDir ? { RESEARCHPAL_MODEL_DIR: modelDir } : {},
      log: () => undefined
    })
    let events = 0
    let eventBytes = 0
    s.events.subscribe((event, payload) => {
      if (event !== 'library:changed') return
      events++
      // The app sends each event to the window (structured clone); JSON is a fair proxy.
      eventBytes += JSON.stringify(payload).length
    })
    // Warm the reader's worker on one paper first (its start-up is not a per-paper cost).
    const warm = join(root, 'warm')
    await writePdfs(warm, 1, size + adds + 1)
    await s.library.addPathsDetailed([warm])
    await s.library.whenIdle()
    events = 0
    eventBytes = 0
    const before = await stat(join(dataDir, 'library.json'))
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    await s.folderImport.start(folder)
    await s.folderImport.settled()
    await s.library.whenIdle()
    const wall = performance.now() - t0
    const cpu = process.cpuUsage(cpu0)
    const status = s.folderImport.current()
    if (!status || status.indexed !== adds)
      throw new Error(`expected ${adds} papers indexed, got ${JSON.stringify(status)}`)
    await s.close()
    return {
      papersBefore: size,
      loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
      libraryJsonBytes: before.size,
      adds,
      wallMsPerPaper: r1(wall / adds),
      cpuMsPerPaper: r1((cpu.user + cpu.system) / 1000 / adds),
      libraryChangedEvents: events,
      libraryChangedBytesPerPaper: Math.round(eventBytes / adds)
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10,1000' },
      adds: { type: 'string', default: '8' },
      model: { type: 'string' }
    }
  })
  const sizes = values.sizes!.split(',').map(Number)
  const adds = Number(values.adds)
  const out: SizeFigures[] = []
  for (const size of sizes) {
    process.stderr.write(`[bench:perPaper] library of ${size}: importing ${adds} PDFs\n`)
    out.push(await measure(size, adds, values.model ?? null))
  }
  console.log(
    JSON.stringify(
      {
        command: `npx tsx bench/perPaperCost.ts --sizes ${values.sizes} --adds ${adds}${values.model ? ' --model …' : ''}`,
        ranOn: machine(),
        embedding: values.model ? 'model' : 'none (keyword index only)',
        sizes: out,
        note: 'Per paper of a folder import into a library already holding N papers. Wall and CPU are of the whole process (the reader worker runs in it). Load average in ranOn.'
      },
      null,
      2
    )
  )
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  }
)
