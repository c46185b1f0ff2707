import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Paper } from '../../../src/shared/types'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'

const ROOT = resolve(__dirname, '../../..')
let dir: string
let server: Server | null = null
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-bad-'))
})
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)))
  server = null
  rmSync(dir, { recursive: true, force: true })
})

const fileName = (p: Paper): string => (p.source.kind === 'file' ? p.source.fileName : '')

describe('bad files, one row each', () => {
  it('gives five empty files five rows, each naming its file; adding them again adds none', async () => {
    const folder = join(dir, 'empties')
    mkdirSync(folder)
    const names = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']
    for (const n of names) writeFileSync(join(folder, n), '')
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const added = await lib.service.addPaths([folder])
    expect(new Set(added.map((p) => p.id)).size).toBe(5)
    expect(added.map(fileName)).toEqual(names)
    for (const [i, p] of added.entries()) {
      expect(p.status).toBe('error')
      expect(p.error).toMatchObject({ code: 'NOT_A_PDF' })
      expect(p.error!.message).toContain(`"${names[i]}" is empty`)
    }
    await lib.service.addPaths([folder])
    expect(lib.service.list()).toHaveLength(5)
  })
})

describe('symbolic links in a folder', () => {
  it('follows links to PDFs and folders, ends link loops, and reports a link that leads nowhere', async () => {
    const elsewhere = join(dir, 'elsewhere')
    const papers = join(dir, 'papers')
    mkdirSync(join(elsewhere, 'more'), { recursive: true })
    mkdirSync(papers)
    writeFileSync(join(papers, 'real.pdf'), makePaperPdf({ title: 'Real One', pages: 1, seed: 1 }))
    writeFileSync(
      join(elsewhere, 'linked.pdf'),
      makePaperPdf({ title: 'Linked', pages: 1, seed: 2 })
    )
    writeFileSync(
      join(elsewhere, 'more', 'deep.pdf'),
      makePaperPdf({ title: 'Deep Linked', pages: 1, seed: 3 })
    )
    symlinkSync(join(elsewhere, 'linked.pdf'), join(papers, 'link-to-file.pdf'))
    symlinkSync(join(elsewhere, 'more'), join(papers, 'link-to-folder'))
    symlinkSync(papers, join(papers, 'loop')) // a folder that contains itself
    symlinkSync(join(elsewhere, 'deleted.pdf'), join(papers, 'gone.pdf'))
    symlinkSync(join(papers, 'circle-b.pdf'), join(papers, 'circle-a.pdf'))
    symlinkSync(join(papers, 'circle-a.pdf'), join(papers, 'circle-b.pdf'))

    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const added = await lib.service.addPaths([papers])
    await lib.service.whenIdle()
    const byName = new Map(lib.service.list().map((p) => [fileName(p), p]))
    for (const name of ['real.pdf', 'link-to-file.pdf', 'deep.pdf']) {
      expect(byName.get(name)?.status, name).toBe('indexed')
    }
    expect(byName.get('gone.pdf')?.error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('which does not exist')
    })
    expect(byName.get('circle-a.pdf')?.error?.message).toContain('loop')
    expect(byName.get('circle-b.pdf')?.error?.message).toContain('loop')
    expect(added).toHaveLength(6)
  })
})

describe('an explicit arXiv version', () => {
  async function serveVersions(
    latest: number,
    pdf: Uint8Array
  ): Promise<{ base: string; urls: string[] }> {
    const urls: string[] = []
    server = createServer((req, res) => {
      urls.push(req.url ?? '')
      const m = /^\/pdf\/2101\.00002(v(\d+))?$/.exec(req.url ?? '')
      const ok = m && (!m[2] || Number(m[2]) <= latest)
      res.writeHead(ok ? 200 : 404)
      res.end(ok ? pdf : 'not found')
    })
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
    return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, urls }
  }

  it('downloads the version asked for, refuses one arXiv does not have, and never swaps in another', async () => {
    const pdf = makePaperPdf({ title: 'Versioned', pages: 1, arxivId: '2101.00002', seed: 4 })
    const { base, urls } = await serveVersions(7, pdf)
    const lib = buildLibrary(join(dir, 'data'), {
      deps: { arxivBaseUrl: base, downloadAttempts: 1 }
    })
    await lib.service.open()

    const missing = await lib.service.addArxiv('2101.00002v99')
    await lib.service.whenIdle()
    expect(urls).toEqual(['/pdf/2101.00002v99'])
    expect(lib.service.get(missing.id)).toMatchObject({
      status: 'error',
      error: {
        code: 'DOWNLOAD_FAILED',
        message: expect.stringContaining('no version v99 of 2101.00002')
      }
    })
    await lib.service.remove(missing.id)

    const v3 = await lib.service.addArxiv('arXiv:2101.00002v3')
    await lib.service.whenIdle()
    expect(urls.at(-1)).toBe('/pdf/2101.00002v3')
    expect(lib.service.get(v3.id)).toMatchObject({
      status: 'indexed',
      source: { kind: 'arxiv', arxivId: '2101.00002v3' }
    })
    await expect(lib.service.addArxiv('2101.00002v5')).rejects.toMatchObject({
      code: 'DUPLICATE',
      message: expect.stringContaining('version v3')
    })
    expect((await lib.service.addArxiv('2101.00002v3')).id).toBe(v3.id)
    expect((await lib.service.addArxiv('2101.00002')).id).toBe(v3.id)
    expect(urls).toHaveLength(2)
  })
})

describe('a huge junk file that starts with %PDF', () => {
  it('fails fast, in its own row, within 300 MB over the idle footprint, and is not copied', () => {
    const junk = join(dir, 'junk.pdf')
    const fd = openSync(junk, 'w')
    writeSync(fd, '%PDF-1.7\n')
    // 200 MB (10^8 x 2): under the 200 MiB size limit, so the content check is what refuses it.
    const block = randomBytes(1_000_000)
    for (let i = 0; i < 200; i++) writeSync(fd, block)
    closeSync(fd)
    const data = join(dir, 'data')
    const r = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['test/fixtures/junkPdfChild.ts', data, junk],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 }
    )
    expect(r.status, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
      idleMb: number
      peakMb: number
      seconds: number
      status: string
      error: { code: string; message: string }
    }
    console.log(
      `200 MB junk PDF: idle ${out.idleMb.toFixed(0)} MB, peak ${out.peakMb.toFixed(0)} MB, ${out.seconds.toFixed(2)} s`
    )
    expect(out.status).toBe('error')
    expect(out.error.code).toBe('PDF_UNREADABLE')
    expect(out.error.message).toContain('"junk.pdf"')
    expect(out.error.message).toContain('does not end like one')
    expect(out.peakMb - out.idleMb).toBeLessThanOrEqual(300)
    expect(existsSync(join(data, 'pdfs')) ? readdirSync(join(data, 'pdfs')) : []).toEqual([])
  })
})
