import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IngestProgress } from '../../../src/shared/types'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import type { PdfReader } from '../../../src/main/pdf/PdfReader'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'
import { buildLibrary, SlowEmbedder } from '../../fixtures/libraryHarness'
import { makePdf } from '../../fixtures/makePdf'

/** A real reader that logs when it starts reading each file, into a shared timeline. */
function recordingReader(timeline: string[]): PdfReader {
  const inner = new PdfjsReader()
  return {
    read(bytes, options) {
      timeline.push(`read ${options?.label}`)
      return inner.read(bytes, options)
    }
  }
}

describe('ingestion stages (read → embed → write)', () => {
  let root: string
  afterEach(() => rm(root, { recursive: true, force: true }))

  async function ingest(files: Record<string, Uint8Array>, embedDelayMs = 25) {
    root = await mkdtemp(join(tmpdir(), 'rp-prefetch-'))
    const timeline: string[] = []
    const lib = buildLibrary(join(root, 'data'), {
      embedder: new SlowEmbedder(embedDelayMs),
      deps: { reader: recordingReader(timeline) }
    })
    const record = (): void => {
      for (const e of lib.events.splice(0)) {
        if (e.event !== 'ingest:progress') continue
        const p = e.payload as IngestProgress
        if (p.stage === 'indexed' || p.stage === 'error') timeline.push(`${p.stage} ${p.paperId}`)
      }
    }
    const timer = setInterval(record, 1)
    await lib.service.open()
    const paths: string[] = []
    for (const [name, bytes] of Object.entries(files)) {
      await writeFile(join(root, name), bytes)
      paths.push(join(root, name))
    }
    const papers = await lib.service.addPaths(paths)
    await lib.service.whenIdle()
    clearInterval(timer)
    record()
    return { lib, papers, timeline }
  }

  it('reads the next paper while the current one is being embedded, and indexes both', async () => {
    const { lib, papers, timeline } = await ingest({
      'a.pdf': makePaperPdf({ title: 'First Paper', pages: 3, seed: 1 }),
      'b.pdf': makePaperPdf({ title: 'Second Paper', pages: 3, seed: 2 })
    })
    const [a, b] = papers.map((p) => p.id)
    expect(timeline.indexOf('read "b.pdf"')).toBeGreaterThan(-1)
    expect(timeline.indexOf('read "b.pdf"')).toBeLessThan(timeline.indexOf(`indexed ${a}`))
    expect(timeline.filter((t) => t === 'read "b.pdf"')).toHaveLength(1) // read once, not twice
    expect(lib.service.get(a!)).toMatchObject({ status: 'indexed', title: 'First Paper' })
    expect(lib.service.get(b!)).toMatchObject({ status: 'indexed', title: 'Second Paper' })
    expect(lib.keywords.count()).toBe(lib.service.get(a!).chunks + lib.service.get(b!).chunks)
  })

  it('reads the next two papers, one after the other, while the first is being embedded', async () => {
    const { lib, papers, timeline } = await ingest(
      {
        'a.pdf': makePaperPdf({ title: 'First Paper', pages: 4, seed: 1 }),
        'b.pdf': makePaperPdf({ title: 'Second Paper', pages: 2, seed: 2 }),
        'c.pdf': makePaperPdf({ title: 'Third Paper', pages: 2, seed: 3 })
      },
      120
    ) // the first paper's embedding outlasts reading two short ones, even on a busy machine
    const [a, b, c] = papers.map((p) => p.id)
    const at = (t: string): number => timeline.indexOf(t)
    expect(at('read "b.pdf"')).toBeLessThan(at('read "c.pdf"'))
    expect(at('read "c.pdf"')).toBeLessThan(at(`indexed ${a}`))
    for (const f of ['a', 'b', 'c'])
      expect(timeline.filter((t) => t === `read "${f}.pdf"`)).toHaveLength(1)
    for (const id of [a, b, c]) expect(lib.service.get(id!).status).toBe('indexed')
  })

  it('embeds the first pages of the first paper while the rest are read, and no chunk twice', async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-prefetch-'))
    const timeline: string[] = []
    const inner = new PdfjsReader()
    const reader: PdfReader = {
      read: (bytes, options) =>
        inner.read(bytes, {
          ...options,
          onPageItems: (p) => {
            timeline.push(`page ${p.page}`)
            options?.onPageItems?.(p)
          }
        })
    }
    class RecordingEmbedder extends FakeEmbedder {
      override async embed(texts: string[]): Promise<Float32Array[]> {
        timeline.push('embed')
        return super.embed(texts)
      }
    }
    const embedder = new RecordingEmbedder()
    const lib = buildLibrary(join(root, 'data'), { embedder, deps: { reader } })
    await lib.service.open()
    await writeFile(
      join(root, 'long.pdf'),
      makePaperPdf({ title: 'Long Paper', pages: 8, seed: 4 })
    )
    const [paper] = await lib.service.addPaths([join(root, 'long.pdf')])
    await lib.service.whenIdle()
    const indexed = lib.service.get(paper!.id)
    expect(indexed.status).toBe('indexed')
    expect(timeline.indexOf('embed')).toBeGreaterThan(-1)
    expect(timeline.indexOf('embed')).toBeLessThan(timeline.indexOf('page 8'))
    expect(embedder.embedded).toBe(indexed.chunks) // vectors made early were reused
    expect(lib.vectors.count()).toBe(indexed.chunks)
  })

  it('reports a failure found while reading ahead against that paper only', async () => {
    const { lib, papers } = await ingest({
      'a.pdf': makePaperPdf({ title: 'Fine Paper', pages: 3 }),
      'locked.pdf': makePdf({ pages: [[{ text: 'secret' }]], userPassword: 'pw' }),
      'c.pdf': makePaperPdf({ title: 'Last Paper', pages: 2, seed: 3 })
    })
    const [a, locked, c] = papers.map((p) => lib.service.get(p.id))
    expect(a).toMatchObject({ status: 'indexed' })
    expect(locked).toMatchObject({ status: 'error', error: { code: 'PDF_ENCRYPTED' } })
    expect(locked!.error!.message).toContain('locked.pdf')
    expect(c).toMatchObject({ status: 'indexed', title: 'Last Paper' })
  })

  it('drops a paper read ahead that is cancelled before its turn', async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-prefetch-'))
    const lib = buildLibrary(join(root, 'data'), { embedder: new SlowEmbedder(40) })
    await lib.service.open()
    await writeFile(join(root, 'a.pdf'), makePaperPdf({ title: 'Kept', pages: 3 }))
    await writeFile(join(root, 'b.pdf'), makePaperPdf({ title: 'Cancelled', pages: 3, seed: 5 }))
    const [a, b] = await lib.service.addPaths([join(root, 'a.pdf'), join(root, 'b.pdf')])
    // Wait until the first paper is embedding, so the second one is being read ahead.
    await expect
      .poll(() => lib.service.get(a!.id).status, { interval: 2, timeout: 30_000 })
      .toBe('embedding')
    expect(lib.service.cancel(b!.id)).toBe(1)
    await lib.service.whenIdle()
    expect(lib.service.get(a!.id).status).toBe('indexed')
    expect(lib.service.get(b!.id)).toMatchObject({ status: 'error', error: { code: 'CANCELLED' } })
    expect(lib.keywords.count()).toBe(lib.service.get(a!.id).chunks)
  })
})
