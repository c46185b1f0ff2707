import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FolderImportStatus } from '../../../src/shared/folderImport'
import { FolderImport } from '../../../src/main/imports/FolderImport'
import { IMPORT_JOB_FORMAT } from '../../../src/main/storage/importJobFormat'
import { mainT } from '../../../src/main/i18n'
import { catalogOnDisk } from '../../fixtures/catalogOnDisk'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { makePdf } from '../../fixtures/makePdf'
import { buildLibrary, SlowEmbedder } from '../../fixtures/libraryHarness'

const ROOT = resolve(__dirname, '../../..')
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-folder-import-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** `n` distinct paper PDFs in `folder` (a sub-folder holds some, as real folders do). */
function writePapers(folder: string, n: number): void {
  mkdirSync(join(folder, 'sub'), { recursive: true })
  for (let i = 0; i < n; i++) {
    const bytes = makePaperPdf({ title: `Bulk Paper ${i}`, pages: 2, seed: 100 + i })
    writeFileSync(
      join(folder, i % 3 === 0 ? 'sub' : '', `paper-${String(i).padStart(3, '0')}.pdf`),
      bytes
    )
  }
}

function importer(root: string, delayMs = 0) {
  const lib = buildLibrary(join(root, 'data'), {
    embedder: delayMs ? new SlowEmbedder(delayMs) : undefined
  })
  const statuses: FolderImportStatus[] = []
  const imp = new FolderImport({
    library: lib.service,
    file: lib.paths.folderImport,
    emit: (s) => statuses.push(s),
    pollMs: 10,
    // Every change is announced: on a fast machine a small import ends within one throttle window.
    emitEveryMs: 0
  })
  return { ...lib, imp, statuses }
}

describe('folder import', () => {
  it('imports a folder, skipping duplicates and summarising failures with their reasons', async () => {
    const folder = join(dir, 'in')
    writePapers(folder, 4)
    writeFileSync(
      join(folder, 'copy-of-paper-001.pdf'),
      readFileSync(join(folder, 'paper-001.pdf'))
    )
    writeFileSync(join(folder, 'notes.pdf'), 'these are my notes, not a PDF')
    writeFileSync(
      join(folder, 'locked.pdf'),
      makePdf({ pages: [[{ text: 'secret' }]], userPassword: 'pw' })
    )
    writeFileSync(join(folder, 'scan.pdf'), makePdf({ pages: [[], []], imageOnly: true }))
    const { service, imp, statuses, paths } = importer(dir)
    await service.open()
    await imp.load()
    await imp.start(folder)
    await imp.settled()
    const s = imp.current()!
    expect(s.state).toBe('finished')
    expect(s).toMatchObject({
      total: 8,
      indexed: 4,
      duplicates: 1,
      failed: 3,
      queued: 0,
      inFlight: 0
    })
    expect(Object.fromEntries(s.failures.map((f) => [f.file.split('/').pop(), f.code]))).toEqual({
      'locked.pdf': 'PDF_ENCRYPTED',
      'notes.pdf': 'NOT_A_PDF',
      'scan.pdf': 'NO_TEXT'
    })
    for (const f of s.failures) expect(f.message.length).toBeGreaterThan(20)
    expect(s.duplicateFiles.map((d) => d.file.split('/').pop())).toEqual(['paper-001.pdf'])
    expect(s.duplicateFiles[0]!.message).toMatch(/copy-of-paper-001\.pdf/)
    // Each entry names its text in main's catalog, so the UI and the CLI say it in their language.
    expect(s.duplicateFiles[0]).toMatchObject({
      key: 'importDuplicateInFolder',
      params: { file: 'paper-001.pdf', other: 'copy-of-paper-001.pdf' }
    })
    for (const f of s.failures) expect(f.key, f.file).toMatch(/^\w+$/)
    const locked = s.failures.find((f) => f.file.endsWith('locked.pdf'))!
    expect(mainT('pt-BR')(`errors.${locked.key}`, locked.params ?? {})).toMatch(/senha/)
    // The manifest keeps them (optional fields of format 1).
    const stored = JSON.parse(readFileSync(paths.folderImport, 'utf8')) as {
      items: { path: string; key?: string }[]
    }
    expect(stored.items.find((i) => i.path.endsWith('locked.pdf'))?.key).toBe(locked.key)
    // Progress was announced with an ETA before the end.
    expect(statuses.some((x) => x.state === 'running' && x.etaSeconds !== null)).toBe(true)
    const indexed = service.list().filter((p) => p.status === 'indexed')
    expect(indexed).toHaveLength(4)

    // Importing the same folder again adds nothing: everything is a duplicate of the library.
    const again = importer(dir)
    await again.service.open()
    await again.imp.load()
    // The finished job is replaced by a new one over the same folder.
    await again.imp.start(folder)
    await again.imp.settled()
    const s2 = again.imp.current()!
    expect(s2.indexed).toBe(0)
    expect(s2.duplicates).toBe(5)
    expect(s2.duplicateFiles.find((d) => d.file.endsWith('paper-002.pdf'))).toMatchObject({
      key: 'importDuplicateOf',
      params: { file: 'paper-002.pdf', title: expect.stringMatching(/Bulk Paper 2/) }
    })
    expect(again.service.list().filter((p) => p.status === 'indexed')).toHaveLength(4)
  })

  it('pauses after the papers in flight and resumes where it stopped, indexing each paper once', async () => {
    const folder = join(dir, 'in')
    writePapers(folder, 6)
    const { service, imp, events } = importer(dir, 20)
    await service.open()
    await imp.load()
    await imp.start(folder)
    await expect
      .poll(() => imp.current()!.indexed, { interval: 5, timeout: 30_000 })
      .toBeGreaterThanOrEqual(1)
    await imp.pause()
    expect(imp.current()!.state).toBe('pausing')
    await imp.settled()
    const paused = imp.current()!
    expect(paused.state).toBe('paused')
    expect(paused.queued).toBeGreaterThan(0)
    expect(paused.inFlight).toBe(0)
    await service.whenIdle()
    // Nothing more is added while paused.
    expect(service.list()).toHaveLength(paused.indexed)
    await imp.resume()
    await imp.settled()
    expect(imp.current()).toMatchObject({ state: 'finished', indexed: 6, failed: 0 })
    // The import sees a paper indexed in the catalog a moment before the library announces it.
    await service.whenIdle()
    const indexedEvents = events.filter(
      (e) => e.event === 'ingest:progress' && (e.payload as { stage: string }).stage === 'indexed'
    )
    const perPaper = new Map<string, number>()
    for (const e of indexedEvents) {
      const id = (e.payload as { paperId: string }).paperId
      perPaper.set(id, (perPaper.get(id) ?? 0) + 1)
    }
    expect([...perPaper.values()]).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('keeps a damaged manifest aside and says so; a newer one is refused', async () => {
    const { imp, paths } = importer(dir)
    mkdirSync(join(paths.root, 'imports'), { recursive: true })
    writeFileSync(paths.folderImport, '{"version": 1, "items": [tru')
    await imp.load()
    const notice = imp.notice()?.message
    expect(notice).toMatch(/could not be read.*kept as .*unreadable/)
    expect(imp.notice()).toMatchObject({
      level: 'warning',
      message: notice,
      key: 'importManifestDamaged',
      params: { aside: expect.stringMatching(/unreadable/) }
    })
    expect(imp.current()).toBeNull()
    const aside = readFileSync(notice!.match(/kept as (\S+\.unreadable-[\dTZ-]+)/)![1]!, 'utf8')
    expect(aside).toContain('[tru')

    writeFileSync(paths.folderImport, JSON.stringify({ version: IMPORT_JOB_FORMAT.version + 1 }))
    await expect(imp.load()).rejects.toMatchObject({ code: 'NEWER_FORMAT' })
    expect(readFileSync(paths.folderImport, 'utf8')).toContain(`${IMPORT_JOB_FORMAT.version + 1}`)
  })

  it('reads a manifest written before the keys: its entries keep their English message', async () => {
    const { imp, paths } = importer(dir)
    mkdirSync(join(paths.root, 'imports'), { recursive: true })
    const item = { bytes: 10, sha256: null, paperId: null }
    writeFileSync(
      paths.folderImport,
      JSON.stringify({
        version: 1,
        id: 'old',
        folder: dir,
        createdAt: '2026-11-30T10:00:00Z',
        state: 'finished',
        activeMs: 1000,
        finishedAt: '2026-11-30T10:00:01Z',
        items: [
          {
            ...item,
            path: join(dir, 'a.pdf'),
            state: 'failed',
            code: 'NOT_A_PDF',
            message: 'a.pdf is not a PDF.'
          },
          {
            ...item,
            path: join(dir, 'b.pdf'),
            state: 'duplicate',
            code: null,
            message: '"b.pdf" is the same PDF as "X", already in the library.'
          }
        ]
      })
    )
    await imp.load()
    expect(imp.notice()).toBeNull()
    const s = imp.current()!
    expect(s.failures).toEqual([
      { file: join(dir, 'a.pdf'), code: 'NOT_A_PDF', message: 'a.pdf is not a PDF.', paperId: null }
    ])
    expect(s.duplicateFiles[0]).not.toHaveProperty('key')
    expect(s.duplicateFiles[0]!.message).toMatch(/same PDF as "X"/)
  })

  it('an import killed mid-way resumes in a new process without adding or indexing any paper twice', async () => {
    const folder = join(dir, 'in')
    writePapers(folder, 8)
    writeFileSync(join(folder, 'dup.pdf'), readFileSync(join(folder, 'paper-002.pdf')))
    const dataDir = join(dir, 'data')
    const first = await runChild(dataDir, folder, (indexed) => indexed >= 3)
    expect(first.killed).toBe(true)
    const manifest = JSON.parse(readFileSync(join(dataDir, 'imports/folder-import.json'), 'utf8'))
    expect(manifest.state).toBe('running')
    expect(manifest.items.some((i: { state: string }) => i.state === 'queued')).toBe(true)

    const second = await runChild(dataDir, folder, () => false)
    expect(second.killed).toBe(false)
    const done = second.done!
    expect(done).toMatchObject({
      state: 'finished',
      total: 9,
      indexed: 8,
      duplicates: 1,
      failed: 0
    })
    // Each paper reached `indexed` exactly once over both processes.
    const counts = new Map<string, number>()
    for (const id of [...first.indexedIds, ...second.indexedIds])
      counts.set(id, (counts.get(id) ?? 0) + 1)
    expect(counts.size).toBe(8)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    // The real library on disk holds each paper once.
    const papers = await catalogOnDisk(join(dataDir, 'library.json'))
    expect(papers.filter((p) => p.status === 'indexed')).toHaveLength(8)
  }, 120_000)
})

/** Runs the import child; kills it (SIGKILL) once `stop(indexedSoFar)` says so. */
function runChild(dataDir: string, folder: string, stop: (indexed: number) => boolean) {
  return new Promise<{ killed: boolean; indexedIds: string[]; done: FolderImportStatus | null }>(
    (done, fail) => {
      const child = spawn(
        process.execPath,
        [
          // In this process (tsx's loader), not under tsx's CLI: SIGKILL must reach the import.
          '--import',
          'tsx',
          join(ROOT, 'test/fixtures/folderImportChild.ts'),
          dataDir,
          folder,
          '40'
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
      )
      const indexedIds: string[] = []
      let finished: FolderImportStatus | null = null
      let buf = ''
      let killed = false
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString()
        let i: number
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = JSON.parse(buf.slice(0, i)) as { event: string; payload: unknown }
          buf = buf.slice(i + 1)
          if (killed) continue
          const p = line.payload as { stage?: string; paperId?: string }
          if (line.event === 'ingest:progress' && p.stage === 'indexed') indexedIds.push(p.paperId!)
          if (line.event === 'done') finished = line.payload as FolderImportStatus
          if (stop(indexedIds.length)) {
            killed = true
            child.kill('SIGKILL')
          }
        }
      })
      child.on('error', fail)
      child.on('exit', (code) => {
        if (!killed && code !== 0) fail(new Error(`child exited ${code}: ${stderr}`))
        else done({ killed, indexedIds, done: finished })
      })
    }
  )
}
