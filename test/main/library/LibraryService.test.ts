import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import type { PdfReader } from '../../../src/main/pdf/PdfReader'
import type { IngestProgress, Paper } from '../../../src/shared/types'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { catalogOnDisk } from '../../fixtures/catalogOnDisk'
import { buildLibrary, SlowEmbedder } from '../../fixtures/libraryHarness'
import { makePdf } from '../../fixtures/makePdf'

let dir: string
let server: Server | null = null
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-lib-'))
})
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)))
  server = null
  rmSync(dir, { recursive: true, force: true })
})

const shaId = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 12)
const good1 = makePaperPdf({ title: 'First Good Paper', pages: 3, seed: 1 })
const good2 = makePaperPdf({ title: 'Second Good Paper', pages: 2, seed: 2 })

function writeInputs(files: Record<string, Uint8Array | string>): string {
  const folder = join(dir, 'inputs')
  mkdirSync(folder, { recursive: true })
  for (const [name, data] of Object.entries(files)) writeFileSync(join(folder, name), data)
  return folder
}

async function serveArxiv(pdfs: Record<string, Uint8Array>): Promise<string> {
  server = createServer((req, res) => {
    const id = (req.url ?? '').replace(/^\/pdf\//, '').replace(/v\d+$/, '')
    const pdf = pdfs[id]
    res.writeHead(pdf ? 200 : 404)
    res.end(pdf ?? 'not found')
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const byTitle = (papers: Paper[], fileName: string): Paper =>
  papers.find((p) => p.source.kind === 'file' && p.source.fileName === fileName)!

describe('LibraryService', () => {
  it('indexes the good papers of a batch and gives each bad input its own error', async () => {
    const whole = makePaperPdf({ title: 'Cut', pages: 3, seed: 9 })
    const folder = writeInputs({
      'good1.pdf': good1,
      'good2.pdf': good2,
      'notes.pdf': 'these are my notes, not a PDF',
      'empty.pdf': new Uint8Array(0),
      'cut.pdf': whole.slice(0, Math.floor(whole.length / 3)),
      'locked.pdf': makePdf({ pages: [[{ text: 'secret' }]], userPassword: 'pw' }),
      'scan.pdf': makePdf({ pages: [[]], imageOnly: true }),
      'zz-copy-of-good1.pdf': good1,
      'readme.txt': 'ignored: not a .pdf in a folder'
    })
    const lib = buildLibrary(dir)
    await lib.service.open()
    const added = await lib.service.addPaths([folder])
    expect(added).toHaveLength(8)
    await expect(lib.service.addArxiv('attention is all you need')).rejects.toMatchObject({
      code: 'INVALID_INPUT'
    })
    await expect(lib.service.addPaths([join(dir, 'nope.pdf')])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('nope.pdf')
    })
    await lib.service.whenIdle()

    const papers = lib.service.list()
    expect(papers).toHaveLength(7) // the copy is the same paper
    const status = (name: string) => {
      const p = byTitle(papers, name)
      return [p.status, p.error?.code ?? null]
    }
    expect(status('good1.pdf')).toEqual(['indexed', null])
    expect(status('good2.pdf')).toEqual(['indexed', null])
    expect(status('notes.pdf')).toEqual(['error', 'NOT_A_PDF'])
    expect(status('empty.pdf')).toEqual(['error', 'NOT_A_PDF'])
    expect(byTitle(papers, 'empty.pdf').error!.message).toMatch(/empty/)
    expect(status('cut.pdf')).toEqual(['error', 'PDF_UNREADABLE'])
    expect(status('locked.pdf')).toEqual(['error', 'PDF_ENCRYPTED'])
    expect(status('scan.pdf')).toEqual(['error', 'NO_TEXT'])
    expect(byTitle(papers, 'scan.pdf').error!.message).toMatch(/probably a scan/)
    expect(added.filter((p) => p.id === shaId(good1))).toHaveLength(2) // the copy maps to it

    const g1 = byTitle(papers, 'good1.pdf')
    expect(g1).toMatchObject({
      id: shaId(good1),
      title: 'First Good Paper',
      pages: 3,
      embedderId: 'fake-hash-384'
    })
    expect(g1.sections.map((s) => s.name)).toContain('introduction')
    const indexedChunks = papers.reduce((n, p) => n + p.chunks, 0)
    expect(indexedChunks).toBeGreaterThan(4)
    expect(lib.keywords.count()).toBe(indexedChunks)
    expect(lib.vectors.count()).toBe(indexedChunks)
    const hits = lib.keywords
      .query('pagemarker3', 5)
      .map((h) => lib.keywords.paperChunks(g1.id).find((c) => c.id === h.chunkId))
    expect(hits.map((c) => c && [c.paperId, c.page])).toEqual([[g1.id, 3]])

    // What is on disk says the same as what is in memory.
    expect(await catalogOnDisk(lib.paths.library)).toEqual(papers)
    expect(existsSync(join(lib.paths.pdfs, `${g1.id}.pdf`))).toBe(true)
    expect(
      JSON.parse(readFileSync(join(lib.paths.pages, `${g1.id}.json`), 'utf8')).pages
    ).toHaveLength(3)

    // Progress: every stage of a good paper, with page and chunk counts, and the queue total.
    const progress = lib.events
      .filter((e) => e.event === 'ingest:progress')
      .map((e) => e.payload as IngestProgress)
    const mine = progress.filter((p) => p.paperId === g1.id)
    expect(
      mine
        .filter((p) => p.stage === 'extracting')
        .map((p) => `${p.done}/${p.total}${p.title ? ` ${p.title}` : ''}`)
    ).toEqual(['1/3', '2/3', '3/3', '3/3 First Good Paper'])
    // The title is told as soon as the text is read: before any passage is embedded.
    const titled = mine.findIndex((p) => p.title)
    expect(titled).toBeLessThan(mine.findIndex((p) => p.stage === 'embedding'))
    expect(
      mine.some((p) => p.stage === 'embedding' && p.done === p.total && p.total === g1.chunks)
    ).toBe(true)
    expect(mine.at(-1)).toMatchObject({ stage: 'indexed' })
    expect(Math.max(...progress.map((p) => p.overall.total))).toBe(5) // notes and empty never queue
    // library:changed sends the whole list once, then only what changed: applied in order,
    // the events give the library as it is; a status change carries that paper, not them all.
    const changed = lib.events
      .filter((e) => e.event === 'library:changed')
      .map((e) => e.payload as { full: boolean; papers: Paper[]; removed: string[] })
    expect(changed[0]!.full).toBe(true)
    expect(changed.slice(1).every((c) => !c.full && c.papers.length < papers.length)).toBe(true)
    const shown = new Map<string, Paper>()
    for (const c of changed) {
      if (c.full) shown.clear()
      for (const p of c.papers) shown.set(p.id, p)
      for (const id of c.removed) shown.delete(id)
    }
    expect([...shown.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...papers].sort((a, b) => a.id.localeCompare(b.id))
    )
  })

  it('does nothing when the same papers are added again', async () => {
    const folder = writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })
    const lib = buildLibrary(dir)
    await lib.service.open()
    await lib.service.addPaths([folder])
    await lib.service.whenIdle()
    const before = lib.service.list()
    const puts = lib.vectors.puts
    const again = await lib.service.addPathsDetailed([folder, join(folder, 'good1.pdf')])
    await lib.service.whenIdle()
    expect(again.map((o) => o.duplicate)).toEqual([true, true, true])
    expect(lib.service.list()).toEqual(before)
    expect(lib.vectors.puts).toBe(puts)
    expect(lib.keywords.count()).toBe(before.reduce((n, p) => n + p.chunks, 0))
    expect(await lib.service.retry(before[0]!.id)).toEqual(before[0]) // indexed: nothing to retry
  })

  it('downloads arXiv papers, names them by arXiv id, and keeps going when arXiv is unreachable', async () => {
    const arxivPdf = makePaperPdf({
      title: 'An arXiv Paper',
      pages: 2,
      arxivId: '2101.00001',
      seed: 3
    })
    const base = await serveArxiv({ '2101.00001': arxivPdf })
    const lib = buildLibrary(dir, { deps: { arxivBaseUrl: base } })
    await lib.service.open()
    const p = await lib.service.addArxiv('https://arxiv.org/abs/2101.00001v2')
    // The version asked for is the one downloaded (the fake serves every version).
    expect(p).toMatchObject({
      id: '2101.00001',
      arxivId: '2101.00001',
      status: 'pending',
      source: { kind: 'arxiv', arxivId: '2101.00001v2' }
    })
    const missing = await lib.service.addArxiv('2101.99999')
    await lib.service.whenIdle()
    expect(lib.service.get('2101.00001')).toMatchObject({
      status: 'indexed',
      title: 'An arXiv Paper',
      year: 2021,
      pages: 2
    })
    expect(
      Buffer.from(await lib.service.pdfBytes('2101.00001')).equals(Buffer.from(arxivPdf))
    ).toBe(true)
    expect(lib.service.get(missing.id).error).toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringContaining('404')
    })
    expect(await lib.service.addArxiv('arXiv:2101.00001')).toMatchObject({
      id: '2101.00001',
      status: 'indexed'
    })

    // The same PDF as a local file is the same paper.
    const folder = writeInputs({ 'downloaded.pdf': arxivPdf })
    expect((await lib.service.addPaths([folder]))[0]!.id).toBe('2101.00001')

    // arXiv down: the arXiv paper fails after its tries, the local file in the same batch indexes.
    await new Promise((r) => server!.close(r))
    server = null
    const offline = await lib.service.addArxiv('2102.00002')
    await lib.service.addPaths([writeInputs({ 'good1.pdf': good1 })])
    await lib.service.whenIdle()
    expect(lib.service.get(offline.id).error).toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringMatching(/2102\.00002 after 2 tries/)
    })
    expect(lib.service.get(shaId(good1)).status).toBe('indexed')

    // Back online: retry indexes it.
    const later = makePaperPdf({
      title: 'Second arXiv Paper',
      pages: 1,
      arxivId: '2102.00002',
      seed: 4
    })
    const base2 = await serveArxiv({ '2102.00002': later })
    const lib2 = buildLibrary(dir, { deps: { arxivBaseUrl: base2 } })
    await lib2.service.open()
    await lib2.service.retry(offline.id)
    await lib2.service.whenIdle()
    expect(lib2.service.get(offline.id)).toMatchObject({ status: 'indexed', error: null })
  })

  it('reports an arXiv download that is a PDF already in the library as a duplicate', async () => {
    const base = await serveArxiv({ '2101.00001': good1 })
    const lib = buildLibrary(dir, { deps: { arxivBaseUrl: base } })
    await lib.service.open()
    await lib.service.addBytes('mine.pdf', good1)
    const p = await lib.service.addArxiv('2101.00001')
    await lib.service.whenIdle()
    expect(lib.service.get(p.id).error).toMatchObject({
      code: 'DUPLICATE',
      message: expect.stringContaining(shaId(good1))
    })
    expect(lib.service.get(shaId(good1)).status).toBe('indexed')
  })

  it('adds the default papers from a local corpus folder under their arXiv ids', async () => {
    const corpus = join(dir, 'corpus')
    mkdirSync(corpus)
    const ids = ['1706.03762', '1810.04805', '2005.11401']
    ids.forEach((id, i) =>
      writeFileSync(
        join(corpus, `${id}.pdf`),
        makePaperPdf({ title: `Default ${i}`, pages: 1, seed: 10 + i })
      )
    )
    const lib = buildLibrary(dir, {
      deps: {
        defaultCorpusDir: corpus,
        fetch: () => Promise.reject(new Error('no network in this test'))
      }
    })
    await lib.service.open()
    const papers = await lib.service.addDefaults()
    await lib.service.whenIdle()
    expect(papers.map((p) => p.id)).toEqual(ids)
    expect(lib.service.list().map((p) => [p.id, p.status, p.source.kind])).toEqual(
      ids.map((id) => [id, 'indexed', 'arxiv'])
    )
    expect((await lib.service.addDefaults()).map((p) => p.status)).toEqual([
      'indexed',
      'indexed',
      'indexed'
    ])
  })

  it('removes a paper from both indexes and the disk', async () => {
    const lib = buildLibrary(dir)
    await lib.service.open()
    const [a, b] = await lib.service.addPaths([
      writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })
    ])
    await lib.service.whenIdle()
    await lib.service.remove(a!.id)
    expect(lib.service.list().map((p) => p.id)).toEqual([b!.id])
    expect(lib.keywords.paperChunks(a!.id)).toEqual([])
    expect(lib.vectors.hasPaper(a!.id)).toBe(false)
    expect(lib.keywords.count()).toBe(lib.service.get(b!.id).chunks)
    expect(existsSync(join(lib.paths.pdfs, `${a!.id}.pdf`))).toBe(false)
    expect(existsSync(join(lib.paths.pages, `${a!.id}.json`))).toBe(false)
    await expect(lib.service.remove(a!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(lib.service.paperText(a!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('gets the vector store ready to write while the first paper is read, and not without a model', async () => {
    const lib = buildLibrary(dir)
    await lib.service.open()
    await lib.service.addPaths([writeInputs({ 'good1.pdf': good1 })])
    await lib.service.whenIdle()
    expect(lib.vectors.warmUps[0]).toBe(0) // before the first paper's vectors were written
    expect(lib.vectors.count()).toBeGreaterThan(0)

    const keywordOnly = buildLibrary(join(dir, 'keyword-only'), { embedder: null })
    await keywordOnly.service.open()
    await keywordOnly.service.addPaths([writeInputs({ 'good2.pdf': good2 })])
    await keywordOnly.service.whenIdle()
    expect(keywordOnly.vectors.warmUps).toEqual([])
  })

  it('starts the PDF reader as soon as a paper is queued, before its download and its read', async () => {
    const order: string[] = []
    const pdfjs = new PdfjsReader()
    const reader: PdfReader = {
      warmUp: () => order.push('warm-up'),
      read: (bytes, options) => {
        order.push('read')
        return pdfjs.read(bytes, options)
      }
    }
    const base = await serveArxiv({ '1706.03762': good1 })
    server!.on('request', () => order.push('download'))
    const lib = buildLibrary(dir, { deps: { reader, arxivBaseUrl: base } })
    await lib.service.open()
    expect(order).toEqual([]) // nothing to read yet: no worker loaded for nothing
    await lib.service.addArxiv('1706.03762')
    await lib.service.whenIdle()
    expect(order.slice(0, 3)).toEqual(['warm-up', 'download', 'read'])
    expect(lib.service.list()[0]!.status).toBe('indexed')
  })

  it('indexes keywords only without the model, then computes the missing vectors when it appears', async () => {
    const lib = buildLibrary(dir, { embedder: null })
    await lib.service.open()
    await lib.service.addPaths([writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })])
    await lib.service.whenIdle()
    const before = lib.service.list()
    expect(before.map((p) => [p.status, p.embedderId])).toEqual([
      ['indexed', null],
      ['indexed', null]
    ])
    expect(lib.vectors.count()).toBe(0)
    expect(lib.keywords.count()).toBeGreaterThan(0)

    const embedder = new FakeEmbedder()
    lib.provider.embedder = embedder
    expect(await lib.service.backfillVectors()).toBe(2)
    await lib.service.whenIdle()
    const after = lib.service.list()
    expect(after.map((p) => [p.status, p.embedderId])).toEqual([
      ['indexed', embedder.id],
      ['indexed', embedder.id]
    ])
    expect(lib.vectors.count()).toBe(after.reduce((n, p) => n + p.chunks, 0))
    expect(after.map((p) => p.chunks)).toEqual(before.map((p) => p.chunks))
    expect(embedder.embedded).toBe(lib.vectors.count()) // no chunk embedded twice
  })

  it('re-embeds everything from the stored text when the embedder changes, never mixing vectors', async () => {
    const first = buildLibrary(dir, { embedder: new FakeEmbedder({ id: 'model-a' }) })
    await first.service.open()
    await first.service.addPaths([writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })])
    await first.service.whenIdle()
    await first.service.close()

    const embedder = new FakeEmbedder({ id: 'model-b', dims: 64 })
    const second = buildLibrary(dir, { embedder })
    await second.service.open()
    await second.service.whenIdle()
    expect(second.vectors.embedderId()).toBe('model-b')
    expect(second.service.list().map((p) => [p.status, p.embedderId])).toEqual([
      ['indexed', 'model-b'],
      ['indexed', 'model-b']
    ])
    expect(second.vectors.count()).toBe(first.vectors.count())
    expect(embedder.embedded).toBe(second.vectors.count())
  })

  it('turns a failed disk write into an error on that paper only', async () => {
    const lib = buildLibrary(dir)
    // A non-empty folder where good1's page text must go: the atomic rename cannot replace it.
    mkdirSync(join(lib.paths.pages, `${shaId(good1)}.json`, 'blocker'), { recursive: true })
    await lib.service.open()
    await lib.service.addPaths([writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })])
    await lib.service.whenIdle()
    expect(lib.service.get(shaId(good1))).toMatchObject({
      status: 'error',
      error: { code: 'DISK_WRITE_FAILED' }
    })
    expect(lib.service.get(shaId(good2)).status).toBe('indexed')
    expect(lib.keywords.paperChunks(shaId(good1))).toEqual([])

    // A file where the pdfs folder should be: the paper is recorded with the reason.
    const other = mkdtempSync(join(tmpdir(), 'rp-lib-ro-'))
    try {
      writeFileSync(join(other, 'pdfs'), 'a file, not a folder')
      const blocked = buildLibrary(other)
      await blocked.service.open()
      const [p] = await blocked.service.addPaths([join(dir, 'inputs', 'good2.pdf')])
      expect(p).toMatchObject({
        status: 'error',
        error: { code: 'DISK_WRITE_FAILED', message: expect.stringMatching(/writable/) }
      })
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })

  it('cancels ingestion, leaves the library consistent, and can retry', async () => {
    const lib = buildLibrary(dir, {
      embedder: new SlowEmbedder(40),
      settings: { chunkTokens: 64, chunkOverlap: 8 }
    })
    await lib.service.open()
    const [a, b] = await lib.service.addPaths([
      writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })
    ])
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (
          lib.events.some(
            (e) =>
              e.event === 'ingest:progress' && (e.payload as IngestProgress).stage === 'embedding'
          )
        ) {
          clearInterval(t)
          resolve()
        }
      }, 5)
    })
    expect(lib.service.cancel()).toBe(2)
    await lib.service.whenIdle()
    for (const id of [a!.id, b!.id]) {
      expect(lib.service.get(id)).toMatchObject({
        status: 'error',
        chunks: 0,
        error: { code: 'CANCELLED' }
      })
      expect(lib.keywords.paperChunks(id)).toEqual([])
      expect(lib.vectors.hasPaper(id)).toBe(false)
    }
    const onDisk = await catalogOnDisk(lib.paths.library)
    expect(onDisk.map((p) => p.status)).toEqual(['error', 'error'])

    await lib.service.retry(a!.id)
    await lib.service.whenIdle()
    expect(lib.service.get(a!.id).status).toBe('indexed')

    // Adding the cancelled file again is what a person does to try again.
    const again = await lib.service.addBytes('good2.pdf', good2)
    expect(again.id).toBe(b!.id)
    await lib.service.whenIdle()
    expect(lib.service.get(b!.id).status).toBe('indexed')
    expect(lib.service.list()).toHaveLength(2)
  })

  it('resumes papers left unfinished by a shutdown', async () => {
    const first = buildLibrary(dir, {
      embedder: new SlowEmbedder(30),
      settings: { chunkTokens: 64, chunkOverlap: 8 }
    })
    await first.service.open()
    await first.service.addPaths([writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })])
    // Shut down once a paper is mid-ingest.
    await expect
      .poll(() => first.service.list().some((p) => p.status === 'embedding'), {
        interval: 2,
        timeout: 30_000
      })
      .toBe(true)
    await first.service.close()
    const statuses = first.service.list().map((p) => p.status)
    expect(statuses.some((s) => s !== 'indexed' && s !== 'error')).toBe(true)

    const second = buildLibrary(dir, { settings: { chunkTokens: 64, chunkOverlap: 8 } })
    await second.service.open()
    await second.service.whenIdle()
    const papers = second.service.list()
    expect(papers.map((p) => p.status)).toEqual(['indexed', 'indexed'])
    expect(second.keywords.count()).toBe(papers.reduce((n, p) => n + p.chunks, 0))
    expect(second.vectors.count()).toBe(second.keywords.count())
  })

  it('re-indexes on open a paper whose page text file went missing, and only that one', async () => {
    const first = buildLibrary(dir)
    await first.service.open()
    await first.service.addPaths([writeInputs({ 'good1.pdf': good1, 'good2.pdf': good2 })])
    await first.service.whenIdle()
    const [lost, kept] = first.service.list()
    await first.service.close()
    rmSync(join(first.paths.pages, `${lost!.id}.json`))

    const second = buildLibrary(dir)
    await second.service.open()
    expect(second.service.get(lost!.id).status).not.toBe('indexed') // queued again
    expect(second.service.get(kept!.id).status).toBe('indexed')
    await second.service.whenIdle()
    expect(second.service.get(lost!.id)).toMatchObject({ status: 'indexed', chunks: lost!.chunks })
    expect((await second.service.paperText(lost!.id)).pages.length).toBeGreaterThan(0)
  })
})
