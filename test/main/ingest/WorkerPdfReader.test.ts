import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../src/main/errors'
import { chunkPages } from '../../../src/main/ingest/chunker'
import { extractionWorkerScript } from '../../../src/main/ingest/extractionWorkerScript'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { WorkerPdfReader } from '../../../src/main/ingest/WorkerPdfReader'
import { DEFAULT_SETTINGS } from '../../../src/shared/types'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { makePdf } from '../../fixtures/makePdf'
import { hasShared } from '../../fixtures/sharedFolder'

const BERT = join(__dirname, '../../../../shared/corpus/1810.04805.pdf')
const inThread = new PdfjsReader()
const worker = new WorkerPdfReader()
afterAll(() => worker.close())

async function failure(p: Promise<unknown>): Promise<UserFacingError> {
  try {
    await p
  } catch (e) {
    if (e instanceof UserFacingError) return e
    throw e
  }
  throw new Error('expected a failure')
}

describe('WorkerPdfReader', () => {
  it('gives the same text, sections, metadata and chunks as in-thread extraction, with progress per page', async () => {
    const bytes = makePaperPdf({ title: 'Worker Paper', pages: 3 })
    const pages: number[] = []
    const viaWorker = await worker.extract(bytes, {
      label: 'w.pdf',
      onPage: (done) => pages.push(done)
    })
    expect(viaWorker).toEqual(await extractPaper(inThread, bytes, { label: 'w.pdf' }))
    expect(pages).toEqual([1, 2, 3])
    expect(bytes[0]).toBe(0x25) // the caller's buffer is not detached
    const { pages: text, marks } = viaWorker
    expect(await worker.chunk('p1', text, marks, DEFAULT_SETTINGS)).toEqual(
      chunkPages('p1', text, marks, DEFAULT_SETTINGS)
    )
    expect(await worker.read(bytes)).toEqual(await inThread.read(bytes))
  })

  it.skipIf(!hasShared(BERT, 'the worker reader on BERT'))(
    'reads a real paper (BERT, 16 pages) exactly as pdf.js does on the main thread',
    async () => {
      const bytes = new Uint8Array(readFileSync(BERT))
      const mine = await worker.extract(bytes, { label: 'BERT' })
      const theirs = await extractPaper(inThread, bytes, { label: 'BERT' })
      expect(mine.pages).toHaveLength(16)
      expect(mine).toEqual(theirs)
      const chunks = await worker.chunk('bert', mine.pages, mine.marks, DEFAULT_SETTINGS)
      expect(chunks.length).toBeGreaterThan(50)
      expect(chunks).toEqual(chunkPages('bert', theirs.pages, theirs.marks, DEFAULT_SETTINGS))
    },
    30_000
  )

  it.skipIf(!hasShared(BERT, 'the worker reader on BERT'))(
    "sends each page's chunks as soon as the page is read, the final chunks' ids and texts",
    async () => {
      const bytes = new Uint8Array(readFileSync(BERT))
      const early: { page: number; ids: string[]; texts: string[] }[] = []
      const pagesRead: number[] = []
      const paper = await worker.extract(bytes, {
        label: 'BERT',
        onPage: (done) => pagesRead.push(done),
        early: {
          paperId: 'bert',
          options: DEFAULT_SETTINGS,
          onChunks: (chunks) =>
            early.push({
              page: pagesRead.length,
              ids: chunks.map((c) => c.id),
              texts: chunks.map((c) => c.text)
            })
        }
      })
      const final = await worker.chunk('bert', paper.pages, paper.marks, DEFAULT_SETTINGS)
      expect(early.flatMap((e) => e.ids)).toEqual(final.map((c) => c.id))
      expect(early.flatMap((e) => e.texts)).toEqual(final.map((c) => c.text))
      // The first page's chunks arrive before the last page has been read.
      expect(early[0]!.page).toBeLessThan(16)
    },
    30_000
  )

  it('keeps the error codes and messages across the thread boundary', async () => {
    const notPdf = await failure(
      worker.extract(new TextEncoder().encode('notes'), { label: 'notes.pdf' })
    )
    expect(notPdf.code).toBe('NOT_A_PDF')
    expect(notPdf.message).toContain('notes.pdf')

    const locked = makePdf({ pages: [[{ text: 'secret' }]], userPassword: 'pw' })
    const encrypted = await failure(worker.extract(locked, { label: 'locked.pdf' }))
    expect(encrypted.code).toBe('PDF_ENCRYPTED')
    expect(encrypted.message).toBe(
      (await failure(extractPaper(inThread, locked, { label: 'locked.pdf' }))).message
    )

    const scan = await failure(
      worker.extract(makePdf({ pages: [[], []], imageOnly: true }), { label: 'scan.pdf' })
    )
    expect(scan.code).toBe('NO_TEXT')
    expect(scan.message).toMatch(/probably a scan/)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    const reading = worker.extract(makePaperPdf({ title: 'x', pages: 4 }), {
      signal: controller.signal
    })
    controller.abort()
    expect((await failure(reading)).code).toBe('CANCELLED')
  })
})

describe('WorkerPdfReader when its worker dies', () => {
  let root: string
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('fails only the paper being read, with a clear reason, and indexes the next one', async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-worker-crash-'))
    // The real worker, plus a listener that kills the thread whenever it is asked to read
    // a file labelled "crash-me" (as a PDF that exhausts memory would).
    const real = extractionWorkerScript(join(__dirname, '../../../src/main/ingest'))
    const crashing = `require('node:worker_threads').parentPort.on('message', (m) => {
      if (String(m.input?.label).includes('crash-me')) process.exit(9)
    });\n${real.source}`
    const reader = new WorkerPdfReader({ script: { ...real, source: crashing, eval: true } })
    const { service } = buildLibrary(join(root, 'data'), { deps: { reader } })
    await service.open()
    const bad = join(root, 'crash-me.pdf')
    const good = join(root, 'good.pdf')
    await writeFile(bad, makePaperPdf({ title: 'Crashing Paper', pages: 2 }))
    await writeFile(good, makePaperPdf({ title: 'Good Paper', pages: 2 }))
    const [crashed, fine] = await service.addPaths([bad, good])
    await service.whenIdle()
    const after = service.get(crashed!.id)
    expect(after.status).toBe('error')
    expect(after.error?.code).toBe('PDF_UNREADABLE')
    expect(after.error?.message).toMatch(/crash-me\.pdf.*PDF reader stopped/)
    expect(service.get(fine!.id)).toMatchObject({ status: 'indexed', title: 'Good Paper' })
    expect(service.get(fine!.id).chunks).toBeGreaterThan(0)
    await service.close()
    await reader.close()
  }, 60_000)
})
