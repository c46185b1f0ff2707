import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLine, syncSummary } from '../../../src/main/cli/syncCommands'
import { SyncService, syncStateFile } from '../../../src/main/sync/SyncService'
import type { SyncRun } from '../../../src/main/sync/syncStateFormat'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { corpusFile } from '../../fixtures/sharedCorpus'

const BERT = corpusFile('1810.04805.pdf', 'watched-folder sync')
const RAG = corpusFile('2005.11401.pdf', 'watched-folder sync')
const WORD2VEC = corpusFile('extra/1301.3781.pdf', 'watched-folder sync')
const ROBERTA = corpusFile('extra/1907.11692.pdf', 'watched-folder sync')
const SETTLE_MS = 400

/** The files were last written longer than SETTLE_MS ago: they have stopped growing, no wait. */
function settled(...files: string[]): void {
  const past = new Date(Date.now() - SETTLE_MS - 50)
  for (const f of files) utimesSync(f, past, past)
}

describe.skipIf(!BERT || !RAG || !WORD2VEC || !ROBERTA)('a watched folder', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  /** What the user is told of a pass, as the CLI prints it. */
  const told = (run: SyncRun): string[] => [
    ...run.changes.map((c) => changeLine(c, 'en')),
    syncSummary(run.counts, 'en')
  ]

  it('brings in added, renamed, grown and replaced PDFs and never drops a paper whose file vanished', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-sync-'))
    const folder = join(dir, 'Papers')
    mkdirSync(folder)
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const sync = new SyncService({
      library: lib.service,
      file: syncStateFile(join(dir, 'data')),
      settleMs: SETTLE_MS
    })
    await sync.load()
    await sync.addFolder(folder)
    const pass = async (): Promise<SyncRun> => {
      const run = await sync.syncAll()
      await lib.service.whenIdle()
      return run
    }
    const papers = () => lib.service.list()

    // 1. Two PDFs dropped in: both indexed, each once, with where they came from.
    copyFileSync(BERT!, join(folder, 'bert.pdf'))
    copyFileSync(RAG!, join(folder, 'rag.pdf'))
    settled(join(folder, 'bert.pdf'), join(folder, 'rag.pdf'))
    let run = await pass()
    expect(run.counts).toEqual({ new: 2 })
    expect(papers()).toHaveLength(2)
    expect(papers().every((p) => p.status === 'indexed')).toBe(true)
    const bert = papers().find((p) => /BERT/.test(p.title))!
    expect(bert.syncOrigin).toBe(join(folder, 'bert.pdf'))
    expect(syncSummary(run.counts, 'en')).toBe('2 new')
    expect(syncSummary(run.counts, 'pt-BR')).toBe('2 novos')

    // Nothing changed: nothing is hashed or reported again.
    run = await pass()
    expect(run.counts).toEqual({})

    // 2. Renamed into a subfolder: the same paper, its origin follows the file.
    mkdirSync(join(folder, 'read'))
    renameSync(join(folder, 'bert.pdf'), join(folder, 'read', 'BERT (2019).pdf'))
    run = await pass()
    expect(told(run)).toEqual([
      `→ BERT (2019).pdf: moved or renamed, still “${bert.title}”`,
      '1 moved'
    ])
    expect(papers()).toHaveLength(2)
    expect(lib.service.byId(bert.id)).toMatchObject({
      syncOrigin: join(folder, 'read', 'BERT (2019).pdf'),
      syncFlag: null
    })

    // 3. A download still growing is left alone until it stops, then comes in once.
    const bytes = readFileSync(WORD2VEC!)
    const growing = join(folder, 'word2vec.pdf')
    writeFileSync(growing, bytes.subarray(0, bytes.length / 2))
    run = await pass()
    expect(run.counts).toEqual({ settling: 1 })
    expect(told(run)[0]).toBe(
      '… word2vec.pdf: still being written; it comes in once it stops growing'
    )
    expect(papers()).toHaveLength(2)
    writeFileSync(growing, bytes)
    settled(growing)
    run = await pass()
    expect(run.counts).toEqual({ new: 1 })
    const word2vec = lib.service.byId(run.changes[0]!.paperId!)!
    expect(word2vec.status).toBe('indexed')
    expect(word2vec.title).toMatch(/Word Representations/i)
    expect(papers()).toHaveLength(3)

    // 4. The same file twice: one paper.
    copyFileSync(WORD2VEC!, join(folder, 'word2vec copy.pdf'))
    settled(join(folder, 'word2vec copy.pdf'))
    run = await pass()
    expect(told(run)[0]).toBe(`= word2vec copy.pdf: already in the library as “${word2vec.title}”`)
    expect(papers()).toHaveLength(3)

    // 5. rag.pdf overwritten with another paper: the new one comes in; the older paper stays,
    // marked as without its file.
    const rag = papers().find((p) => /Retrieval-Augmented/.test(p.title))!
    writeFileSync(join(folder, 'rag.pdf'), readFileSync(ROBERTA!))
    settled(join(folder, 'rag.pdf'))
    run = await pass()
    expect(run.counts).toEqual({ updated: 1 })
    const roberta = lib.service.byId(run.changes[0]!.paperId!)!
    expect(roberta).toMatchObject({ status: 'indexed', syncOrigin: join(folder, 'rag.pdf') })
    expect(roberta.title).toMatch(/RoBERTa/)
    expect(lib.service.byId(rag.id)).toMatchObject({ status: 'indexed', syncFlag: 'fileMissing' })
    expect(papers()).toHaveLength(4)

    // 6. A file deleted: its paper is kept, flagged, and the user is told how to act.
    rmSync(join(folder, 'read', 'BERT (2019).pdf'))
    rmSync(join(folder, 'rag.pdf'))
    run = await pass()
    expect(told(run)).toContain(
      `! BERT (2019).pdf is gone. “${bert.title}” is kept, marked "file missing": put the file back, or remove the paper with: remove ${bert.id}`
    )
    expect(syncSummary(run.counts, 'en')).toBe('2 files missing')
    expect(syncSummary({ new: 3, updated: 1, missing: 1 }, 'en')).toBe(
      '3 new, 1 updated, 1 file missing'
    )
    expect(syncSummary({ new: 3, updated: 1, missing: 1 }, 'pt-BR')).toBe(
      '3 novos, 1 atualizado e 1 arquivo ausente'
    )
    expect(papers()).toHaveLength(4)
    expect(lib.service.byId(roberta.id)).toMatchObject({ syncFlag: 'fileMissing' })
    expect(lib.service.byId(bert.id)).toMatchObject({ status: 'indexed', syncFlag: 'fileMissing' })
    // Said once, not at every pass.
    expect((await pass()).counts).toEqual({})

    // 7. Put back under another name: the flag is lifted, still one paper.
    copyFileSync(BERT!, join(folder, 'bert-again.pdf'))
    settled(join(folder, 'bert-again.pdf'))
    run = await pass()
    expect(run.counts).toEqual({ moved: 1 })
    expect(lib.service.byId(bert.id)).toMatchObject({ syncFlag: null })
    expect(papers()).toHaveLength(4)

    // The state survives a restart: a new service finds nothing to do.
    const again = new SyncService({ library: lib.service, file: syncStateFile(join(dir, 'data')) })
    await again.load()
    expect((await again.syncAll()).counts).toEqual({})
    expect(again.current().lastRun?.counts).toEqual({ moved: 1 })
    await lib.service.close()
  }, 180_000)

  it('marks nothing missing when the whole folder is unreachable (an unmounted drive)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-sync-'))
    const folder = join(dir, 'Drive')
    mkdirSync(folder)
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const sync = new SyncService({
      library: lib.service,
      file: syncStateFile(join(dir, 'data')),
      settleMs: 0
    })
    await sync.load()
    await sync.addFolder(folder)
    copyFileSync(WORD2VEC!, join(folder, 'a.pdf'))
    expect((await sync.syncAll()).counts).toEqual({ new: 1 })
    await lib.service.whenIdle()
    renameSync(folder, join(dir, 'elsewhere'))
    expect((await sync.syncAll()).counts).toEqual({})
    expect(lib.service.list()[0]!.syncFlag).toBeNull()
    await lib.service.close()
  }, 60_000)
})
