import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Channel } from '../../../src/shared/contract'
import type { Result } from '../../../src/shared/errors'
import type { LibraryNotice, SearchResponse } from '../../../src/shared/types'
import { createServices, type Services } from '../../../src/main/services'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedder, FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'

/** Three papers, each with its own marker word on every page. */
const PAPERS = ['alpha', 'bravo', 'charlie'].map((name, i) => {
  const bytes = makePaperPdf({ title: `The ${name} paper`, pages: 3, seed: i + 3, marker: name })
  return { name, bytes, id: createHash('sha256').update(bytes).digest('hex').slice(0, 12) }
})
const [A, B] = PAPERS as [(typeof PAPERS)[0], (typeof PAPERS)[0]]

function open(
  dataDir: string,
  access: 'write' | 'read' = 'write',
  embedder = new FakeEmbedder()
): Promise<Services> {
  return createServices({
    dataDir,
    secrets: new EnvSecretStore({}),
    embedder: new FakeEmbedderProvider(embedder),
    env: {},
    readOnly: access === 'read',
    log: () => undefined
  })
}

async function call<T>(s: Services, channel: Channel, input: unknown): Promise<Result<T>> {
  return (await s.router.invoke(channel, input)) as Result<T>
}

/** The ids of the papers whose marker search puts them first. */
async function findable(s: Services): Promise<string[]> {
  const out: string[] = []
  for (const p of PAPERS) {
    const r = await call<SearchResponse>(s, 'search:query', { query: `${p.name}2`, limit: 3 })
    if (r.ok && r.value.results[0]?.paperId === p.id) out.push(p.id)
  }
  return out
}

function notices(s: Services): string {
  return s.library
    .notices()
    .map((n: LibraryNotice) => n.message)
    .join('\n')
}

let base: string
let inputs: string

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-repair-'))
  for (const p of PAPERS) writeFileSync(join(dir, `${p.name}.pdf`), p.bytes)
  base = join(dir, 'base')
  const s = await open(base)
  await s.library.addPaths(PAPERS.map((p) => join(dir, `${p.name}.pdf`)))
  await s.library.whenIdle()
  expect(s.library.list().map((p) => p.status)).toEqual(['indexed', 'indexed', 'indexed'])
  await s.close()
  inputs = dir
}, 120_000)

/** A fresh copy of the three-paper library. */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rp-repair-case-'))
  cpSync(base, dir, { recursive: true })
  return dir
}

const kw = (data: string, id: string): string => join(data, 'index/keywords/papers', `${id}.kw`)
const rpv = (data: string, id: string): string => join(data, 'index/vectors/papers', `${id}.rpv`)

describe('repair on open', () => {
  it('rebuilds a truncated library.json from the folder, keeps the old file and says so', async () => {
    const data = copy()
    const text = readFileSync(join(data, 'library.json'), 'utf8')
    writeFileSync(join(data, 'library.json'), text.slice(0, text.length / 2))
    const s = await open(data)
    expect(notices(s)).toMatch(/library\.json could not be read .*Recovered 3 paper\(s\)/s)
    await s.library.whenIdle()
    expect(
      s.library
        .list()
        .map((p) => p.title)
        .sort()
    ).toEqual(PAPERS.map((p) => `The ${p.name} paper`))
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    await s.close()
    const aside = readdirSync(data).filter((f) => f.startsWith('library.json.unreadable-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(data, aside[0]!), 'utf8')).toBe(text.slice(0, text.length / 2))
  }, 60_000)

  it('rebuilds the catalog without embedding again the vectors still intact on disk', async () => {
    const data = copy()
    const chunks = (s: Services) => s.library.list().reduce((n, p) => n + p.chunks, 0)
    writeFileSync(join(data, 'library.json'), '{"version": 2, "papers": [')
    truncateSync(rpv(data, B.id), 40) // one paper's vectors are damaged: only it is embedded
    const embedder = new FakeEmbedder()
    const s = await open(data, 'write', embedder)
    expect(notices(s)).toMatch(/Recovered 3 paper\(s\).*vectors still on disk are reused/s)
    await s.library.whenIdle()
    const embeddedByRebuild = embedder.embedded // before any search embeds its query
    expect(s.library.list().map((p) => p.status)).toEqual(['indexed', 'indexed', 'indexed'])
    const bChunks = s.library.get(B.id).chunks
    expect(bChunks).toBeGreaterThan(0)
    expect(embeddedByRebuild).toBe(bChunks) // not chunks(s): A and C kept their vectors
    expect(chunks(s)).toBeGreaterThan(bChunks)
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    // Dense search still ranks with the reused vectors (the marker words are on every page).
    const dense = await call<SearchResponse>(s, 'search:query', { query: 'alpha2', limit: 3 })
    expect(dense.ok && dense.value.embedder).toBe(embedder.id)
    await s.close()
  }, 60_000)

  it('rebuilds a garbled library.json; a read-only open recovers in memory and writes nothing', async () => {
    const data = copy()
    writeFileSync(join(data, 'library.json'), '\u0000\u00ff garbage {{{')
    const reader = await open(data, 'read')
    expect(reader.library.list()).toHaveLength(3)
    expect(notices(reader)).toContain('left as it is (read-only)')
    await reader.close()
    expect(readFileSync(join(data, 'library.json'), 'utf8')).toBe('\u0000\u00ff garbage {{{')
    const s = await open(data)
    await s.library.whenIdle()
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    await s.close()
  }, 60_000)

  it('keeps a record from a newer version verbatim, reports it and writes it back unchanged', async () => {
    const data = copy()
    const doc = JSON.parse(readFileSync(join(data, 'library.json'), 'utf8')) as {
      papers: Record<string, unknown>[]
    }
    const future = { ...doc.papers[0]!, status: 'archived', shelf: 'later' }
    doc.papers[0] = future
    // A field another version or branch added to a readable record survives a save too.
    doc.papers[2] = { ...doc.papers[2]!, collections: ['reading group'] }
    writeFileSync(join(data, 'library.json'), JSON.stringify(doc))
    const s = await open(data)
    expect(s.library.list().map((p) => p.id)).toEqual([B.id, PAPERS[2]!.id])
    expect(notices(s)).toContain(`paper ${A.id}`)
    expect(s.library.unreadableRecords()).toEqual([
      { id: A.id, reason: expect.stringContaining('status') }
    ])
    await s.library.remove(B.id) // any save
    await s.close()
    const saved = JSON.parse(readFileSync(join(data, 'library.json'), 'utf8')) as {
      papers: unknown[]
    }
    expect(saved.papers).toContainEqual(future)
    expect(saved.papers).toContainEqual(
      expect.objectContaining({ id: PAPERS[2]!.id, collections: ['reading group'] })
    )
    expect(saved.papers).toHaveLength(2)
  }, 60_000)

  it('refuses a library.json from a newer format and leaves it untouched', async () => {
    const data = copy()
    const text = readFileSync(join(data, 'library.json'), 'utf8').replace(
      /"version": \d+/,
      '"version": 9'
    )
    writeFileSync(join(data, 'library.json'), text)
    await expect(open(data)).rejects.toMatchObject({ code: 'NEWER_FORMAT' })
    expect(readFileSync(join(data, 'library.json'), 'utf8')).toBe(text)
    expect(existsSync(join(data, 'writer.lock'))).toBe(false)
  }, 60_000)

  it('opens with a garbled store.json: rebuilt from the vector files, vectors still used', async () => {
    const data = copy()
    writeFileSync(join(data, 'index/vectors/store.json'), '{"format": 1, "embedderId": ')
    const s = await open(data)
    expect(notices(s)).toContain('store.json could not be read')
    const r = await call<SearchResponse>(s, 'search:query', { query: 'bravo2' })
    expect(r.ok && r.value.embedder).toBe('fake-hash-384')
    await s.close()
    expect(readdirSync(join(data, 'index/vectors')).some((f) => f.includes('unreadable'))).toBe(
      true
    )
  }, 60_000)

  it('a garbled .kw affects only its paper, names it, and the writer re-indexes it', async () => {
    const data = copy()
    // Damage inside the compressed chunk text: it passes the open checks, fails when read.
    const file = readFileSync(kw(data, A.id))
    for (let i = file.length - 40; i < file.length - 8; i++) file[i] = 0x55
    writeFileSync(kw(data, A.id), file)
    const reader = await open(data, 'read')
    const r = await call<SearchResponse>(reader, 'search:query', { query: 'bravo2 alpha2' })
    expect(r.ok).toBe(true)
    expect(await findable(reader)).toEqual([B.id, PAPERS[2]!.id])
    expect(notices(reader)).toContain(A.id)
    await reader.close()
    const s = await open(data)
    await findable(s) // finds the damage, queues the repair
    await s.library.whenIdle()
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    await s.close()
  }, 60_000)

  it('a truncated .kw is found at open and its paper re-indexed from its PDF', async () => {
    const data = copy()
    truncateSync(kw(data, A.id), 100)
    const s = await open(data)
    expect(notices(s)).toMatch(new RegExp(`${A.id}.*keyword index`))
    await s.library.whenIdle()
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    await s.close()
  }, 60_000)

  it('a truncated .rpv is named and its vectors recomputed', async () => {
    const data = copy()
    truncateSync(rpv(data, B.id), 50)
    const s = await open(data)
    expect(notices(s)).toMatch(new RegExp(`${B.id}.*vector index`))
    await s.library.whenIdle()
    const r = await call<SearchResponse>(s, 'search:query', { query: 'bravo2', paperIds: [B.id] })
    expect(r.ok && r.value.embedder).toBe('fake-hash-384')
    expect(existsSync(rpv(data, B.id))).toBe(true)
    await s.close()
  }, 60_000)

  it('a garbled pages file: the section is refused naming the paper, then repaired', async () => {
    const data = copy()
    writeFileSync(join(data, 'pages', `${A.id}.json`), '{"version":1,"paperId":')
    const s = await open(data)
    const r = await call(s, 'search:section', { paperId: A.id, section: 'introduction' })
    expect(r).toMatchObject({ ok: false, error: { code: 'DATA_DAMAGED' } })
    expect(!r.ok && r.error.message).toContain(A.id)
    await s.library.whenIdle()
    const again = await call(s, 'search:section', { paperId: A.id, section: 'introduction' })
    expect(again.ok).toBe(true)
    await s.close()
  }, 60_000)

  it('a deleted PDF is reported; adding the file again restores it', async () => {
    const data = copy()
    rmSync(join(data, 'pdfs', `${A.id}.pdf`))
    const s = await open(data)
    expect(notices(s)).toContain(`(${A.id}), is missing from the library folder`)
    expect(await findable(s)).toContain(A.id)
    await s.library.addPaths([join(inputs, 'alpha.pdf')])
    await s.library.whenIdle()
    expect(await s.library.pdfBytes(A.id)).toEqual(A.bytes)
    await s.close()
  }, 60_000)

  it('a deleted PDF and missing text: the paper is marked with what to do, and re-adding restores it', async () => {
    const data = copy()
    rmSync(join(data, 'pdfs', `${A.id}.pdf`))
    rmSync(join(data, 'pages', `${A.id}.json`))
    const s = await open(data)
    const broken = s.library.get(A.id)
    expect(broken.status).toBe('error')
    expect(broken.error?.message).toContain('Add the PDF again')
    await s.library.addPaths([join(inputs, 'alpha.pdf')])
    await s.library.whenIdle()
    expect(s.library.get(A.id).status).toBe('indexed')
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    await s.close()
  }, 60_000)

  it('removes stray temp files when a writer opens, never when a reader does', async () => {
    const data = copy()
    const stray = join(data, 'pdfs', `${A.id}.pdf.4242.7.tmp`)
    writeFileSync(stray, 'half a PDF')
    await (await open(data, 'read')).close()
    expect(existsSync(stray)).toBe(true)
    await (await open(data)).close()
    expect(existsSync(stray)).toBe(false)
  }, 60_000)

  it('re-chunks papers on open when the chunker parameters change', async () => {
    const data = copy()
    const before = (await open(data, 'read')).library.get(A.id)
    writeFileSync(
      join(data, 'settings.json'),
      JSON.stringify({ version: 1, values: { chunkTokens: 64, chunkOverlap: 8 } })
    )
    const s = await open(data)
    await s.library.whenIdle()
    const after = s.library.get(A.id)
    expect(before.chunkerId).toBe('cl100k-window:256/32')
    expect(after.chunkerId).toBe('cl100k-window:64/8')
    expect(after.chunks).toBeGreaterThan(before.chunks)
    expect(await findable(s)).toEqual(PAPERS.map((p) => p.id))
    await s.close()
  }, 60_000)
})
