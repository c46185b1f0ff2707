import { spawn } from 'node:child_process'
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { FolderImportStatus } from '../src/shared/folderImport'
import { EnvSecretStore } from '../src/main/settings/secretStore'
import { createServices } from '../src/main/services'
import { makePdf } from '../test/fixtures/makePdf'

const r2 = (x: number): number => Math.round(x * 100) / 100

/**
 * Writes `count` distinct PDFs re-paginated from the corpus's real page texts: each takes the
 * corpus words from its own offset, wrapped into `pagesEach` pages of Helvetica lines, under its
 * own title, so no two have the same sha256. Plus `extras`: copies of the first few (duplicates)
 * and hostile files from `hostileDir` (password-protected, blank, damaged) when present.
 */
export async function writeBulkFolder(
  folder: string,
  pageTexts: readonly string[],
  count: number,
  options: { pagesEach?: number; duplicates?: number; hostileDir?: string | null } = {}
): Promise<{ pdfs: number; duplicates: number; hostile: string[] }> {
  const words = pageTexts
    .join(' ')
    // Helvetica in WinAnsi: printable ASCII keeps the text layer exact.
    .replace(/[^\x20-\x7e]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  const pagesEach = options.pagesEach ?? 2
  const perLine = 14
  const linesPerPage = 46
  const perPaper = pagesEach * linesPerPage * perLine
  const stride = Math.max(97, Math.floor((words.length - perPaper) / count))
  for (let i = 0; i < count; i++) {
    const start = (i * stride) % Math.max(1, words.length - perPaper)
    const body = words.slice(start, start + perPaper)
    const pages = Array.from({ length: pagesEach }, (_, p) => {
      const lines = []
      if (p === 0) lines.push({ text: `Re-paginated corpus paper ${i + 1}`, size: 16 })
      for (let l = 0; l < linesPerPage; l++) {
        const from = (p * linesPerPage + l) * perLine
        const text = body.slice(from, from + perLine).join(' ')
        if (text) lines.push({ text })
      }
      return lines
    })
    const dir = join(folder, `batch-${String(Math.floor(i / 100)).padStart(2, '0')}`)
    await mkdir(dir, { recursive: true })
    await writeFile(
      join(dir, `paper-${String(i + 1).padStart(4, '0')}.pdf`),
      makePdf({ pages, info: { Title: `Re-paginated corpus paper ${i + 1}` } })
    )
  }
  const duplicates = Math.min(options.duplicates ?? 3, count)
  await mkdir(join(folder, 'copies'), { recursive: true })
  for (let i = 0; i < duplicates; i++) {
    const src = join(folder, 'batch-00', `paper-${String(i + 1).padStart(4, '0')}.pdf`)
    await copyFile(src, join(folder, 'copies', `copy-of-paper-${i + 1}.pdf`))
  }
  const hostile: string[] = []
  if (options.hostileDir && existsSync(options.hostileDir)) {
    await mkdir(join(folder, 'hostile'), { recursive: true })
    for (const f of ['issue3371.pdf', 'empty.pdf', 'images_1bit_grayscale.pdf']) {
      if (!existsSync(join(options.hostileDir, f))) continue
      await copyFile(join(options.hostileDir, f), join(folder, 'hostile', f))
      hostile.push(f)
    }
  }
  return { pdfs: count, duplicates, hostile }
}

/**
 * Child side: `--child-bulk <dataDir> <folder> <modelDir> <workerDir|->`. Opens the app's
 * services on the data dir (as the app does, built workers, real stores) and imports the folder,
 * printing every import and ingest event as a JSON line.
 */
export async function bulkImportChild(args: string[]): Promise<void> {
  const [dataDir, folder, modelDir, workers] = args
  const s = await createServices({
    dataDir: dataDir!,
    secrets: new EnvSecretStore({}),
    env: { RESEARCHPAL_MODEL_DIR: modelDir! },
    workerDir: workers === '-' ? undefined : workers,
    log: (m) => process.stderr.write(`[bulk child] ${m}\n`)
  })
  s.events.subscribe((event, payload) => {
    if (event === 'import:progress') {
      const { failures: _f, duplicateFiles: _d, ...rest } = payload as FolderImportStatus
      process.stdout.write(`${JSON.stringify({ event, payload: rest })}\n`)
    } else if (event === 'ingest:progress') {
      const p = payload as { paperId: string; stage: string }
      if (p.stage === 'indexed' || p.stage === 'extracting')
        process.stdout.write(
          `${JSON.stringify({ event, payload: { paperId: p.paperId, stage: p.stage } })}\n`
        )
    }
  })
  await s.folderImport.start(folder!)
  await s.folderImport.settled()
  process.stdout.write(`${JSON.stringify({ event: 'done', payload: s.folderImport.current() })}\n`)
  await s.close()
}

interface Progress {
  elapsedSeconds: number
  settled: number
  total: number
  etaSeconds: number | null
  /** The machine's 1-minute load average when this progress arrived. */
  load: number
}

interface ChildRun {
  killed: boolean
  wallSeconds: number
  indexed: Map<string, number>
  extracted: Set<string>
  progress: Progress[]
  done: FolderImportStatus | null
}

function runChild(
  script: string,
  args: string[],
  killWhen: (p: Progress) => boolean
): Promise<ChildRun> {
  return new Promise((resolveRun, fail) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, [...process.execArgv, script, '--child-bulk', ...args], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    const run: ChildRun = {
      killed: false,
      wallSeconds: 0,
      indexed: new Map(),
      extracted: new Set(),
      progress: [],
      done: null
    }
    let buf = ''
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString()
      let i: number
      while ((i = buf.indexOf('\n')) >= 0) {
        const text = buf.slice(0, i)
        buf = buf.slice(i + 1)
        if (run.killed || !text.startsWith('{')) continue
        const line = JSON.parse(text) as { event: string; payload: Record<string, unknown> }
        if (line.event === 'ingest:progress') {
          const id = line.payload.paperId as string
          if (line.payload.stage === 'indexed') run.indexed.set(id, (run.indexed.get(id) ?? 0) + 1)
          else run.extracted.add(id)
        } else if (line.event === 'import:progress') {
          const p = line.payload as unknown as FolderImportStatus
          const progress = {
            elapsedSeconds: p.elapsedSeconds,
            settled: p.indexed + p.duplicates + p.failed,
            total: p.total,
            etaSeconds: p.etaSeconds,
            load: Math.round(loadavg()[0]! * 10) / 10
          }
          run.progress.push(progress)
          if (killWhen(progress)) {
            run.killed = true
            child.kill('SIGKILL')
          }
        } else if (line.event === 'done') run.done = line.payload as unknown as FolderImportStatus
      }
    })
    child.on('error', fail)
    child.on('exit', (code) => {
      run.wallSeconds = r2((performance.now() - t0) / 1000)
      if (!run.killed && code !== 0) fail(new Error(`the bulk import child exited with ${code}`))
      else resolveRun(run)
    })
  })
}

/** What the 1,000-PDF import measured. */
export interface BulkImportReport {
  pdfs: number
  extras: { duplicates: number; hostile: string[] }
  killedAt: { settled: number; total: number; elapsedSeconds: number }
  totals: { indexed: number; duplicates: number; failed: number; total: number }
  activeSeconds: number
  wallSeconds: number
  papersPerSecond: number
  chunksPerSecond: number
  etaAccuracy: {
    atPercent: number
    predictedRemainingSeconds: number
    actualRemainingSeconds: number
    ratio: number
    /** The machine's 1-minute load average when the prediction was made. */
    loadAverage1m: number
  }[]
  /** Papers/s (active time) before the kill and after the restart: a library that slows down as it grows shows here. */
  speed: { beforeKill: number; afterResume: number; loadAtKill: number; loadAtEnd: number }
  nothingDoneTwice: boolean
  indexedTwice: string[]
  redoneAfterKill: number
  catalogPapers: number
  failures: { file: string; code: string }[]
  note: string
}

/**
 * Imports a generated folder in a child process, kills it (SIGKILL) at `killAt` of the files,
 * starts it again to resume, and checks that no paper was indexed twice.
 */
export async function bulkImportBench(options: {
  script: string
  root: string
  modelDir: string
  workerDir: string | null
  pageTexts: readonly string[]
  count: number
  hostileDir: string | null
  tuningFile: string | null
  killAt?: number
  log: (m: string) => void
}): Promise<BulkImportReport> {
  const folder = join(options.root, 'folder')
  const dataDir = join(options.root, 'data')
  options.log(`writing ${options.count} distinct PDFs re-paginated from the corpus pages`)
  const written = await writeBulkFolder(folder, options.pageTexts, options.count, {
    hostileDir: options.hostileDir
  })
  await mkdir(dataDir, { recursive: true })
  // The machine's measured settings, as a data folder that was tuned before has them.
  if (options.tuningFile && existsSync(options.tuningFile))
    await copyFile(options.tuningFile, join(dataDir, 'ingest-tuning.json'))
  const args = [dataDir, folder, options.modelDir, options.workerDir ?? '-']
  const killAt = options.killAt ?? 0.4
  options.log(`importing; the process is killed at ${Math.round(killAt * 100)} % of the files`)
  const first = await runChild(
    options.script,
    args,
    (p) => p.total > 0 && p.settled >= p.total * killAt
  )
  const killedAt = first.progress.at(-1)!
  options.log(`killed at ${killedAt.settled}/${killedAt.total}; starting again to resume`)
  const second = await runChild(options.script, args, () => false)
  const done = second.done
  if (!done) throw new Error('the resumed import did not finish')
  const indexedTwice: string[] = []
  const all = new Map<string, number>()
  for (const m of [first.indexed, second.indexed])
    for (const [id, n] of m) all.set(id, (all.get(id) ?? 0) + n)
  for (const [id, n] of all) if (n > 1) indexedTwice.push(id)
  const catalog = JSON.parse(await readFile(join(dataDir, 'library.json'), 'utf8')) as {
    papers: { status: string; chunks: number }[]
  }
  const papers = catalog.papers
  const chunks = papers.reduce((n, p) => n + (p.status === 'indexed' ? p.chunks : 0), 0)
  // ETA accuracy: what was predicted when 10/25 % (first process) and 50/75 % (after the
  // restart) of the files were done, against the active time it really took from there.
  const finalElapsed = done.elapsedSeconds
  const predictions = [...first.progress, ...second.progress]
  const etaAccuracy = [0.05, 0.1, 0.25, 0.5, 0.75].flatMap((f) => {
    const p = predictions.find((x) => x.etaSeconds !== null && x.settled >= x.total * f)
    if (!p || p.etaSeconds === null) return []
    const actual = finalElapsed - p.elapsedSeconds
    return [
      {
        atPercent: Math.round((p.settled / p.total) * 100),
        predictedRemainingSeconds: r2(p.etaSeconds),
        actualRemainingSeconds: r2(actual),
        ratio: actual > 0 ? r2(p.etaSeconds / actual) : 0,
        loadAverage1m: p.load
      }
    ]
  })
  const redone = [...first.extracted].filter(
    (id) => !first.indexed.has(id) && second.extracted.has(id)
  ).length
  const pdfsInFolder = (await readdir(folder, { recursive: true })).filter((f) =>
    f.endsWith('.pdf')
  ).length
  return {
    pdfs: written.pdfs,
    extras: { duplicates: written.duplicates, hostile: written.hostile },
    killedAt: {
      settled: killedAt.settled,
      total: killedAt.total,
      elapsedSeconds: killedAt.elapsedSeconds
    },
    totals: {
      indexed: done.indexed,
      duplicates: done.duplicates,
      failed: done.failed,
      total: pdfsInFolder
    },
    activeSeconds: finalElapsed,
    wallSeconds: r2(first.wallSeconds + second.wallSeconds),
    papersPerSecond: r2(done.total / finalElapsed),
    chunksPerSecond: r2(chunks / finalElapsed),
    etaAccuracy,
    speed: {
      beforeKill: r2(killedAt.settled / killedAt.elapsedSeconds),
      afterResume: r2(
        (done.indexed + done.duplicates + done.failed - killedAt.settled) /
          (finalElapsed - killedAt.elapsedSeconds)
      ),
      loadAtKill: killedAt.load,
      loadAtEnd: second.progress.at(-1)?.load ?? 0
    },
    nothingDoneTwice: indexedTwice.length === 0 && done.indexed === written.pdfs,
    indexedTwice,
    redoneAfterKill: redone,
    catalogPapers: papers.length,
    failures: done.failures.map((f) => ({ file: f.file.split('/').pop()!, code: f.code })),
    note: 'createServices in a child process (built workers, real stores, the machine’s measured ingestion settings); killed with SIGKILL mid-way and started again. activeSeconds counts time the import ran (the manifest keeps it across the kill); wallSeconds adds both processes’ start-up. redoneAfterKill: papers that were being read when the process was killed and were read again (never indexed twice). Figures inflated by the shared 2-core machine.'
  }
}
