import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Paper, SearchResponse } from '../../../src/shared/types'
import { createServices, type Services } from '../../../src/main/services'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')

/** The real CLI in a child process: the other process writing the same folder (the app). */
function ingest(data: string, pdf: string): void {
  const r = spawnSync(TSX, ['src/main/cli.ts', 'ingest', pdf, '--data-dir', data], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, GEMINI_API_KEY: '', RESEARCHPAL_MODEL_DIR: '' },
    timeout: 120_000
  })
  expect(r.status, r.stderr).toBe(0)
}

describe('a read-only library beside a writer (the MCP server beside the app)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-ro-'))
  const data = join(dir, 'data')
  const inFlight = join(data, 'index/vectors/tmp/99999-1/index.rpv')
  let services: Services
  let catalogBefore = ''

  beforeAll(async () => {
    const first = join(dir, 'first.pdf')
    writeFileSync(first, makePaperPdf({ title: 'First Notes', pages: 2, marker: 'quokkafirst' }))
    ingest(data, first)
    // What the writer has in flight: a vector file being built, a paper waiting to be ingested.
    mkdirSync(join(inFlight, '..'), { recursive: true })
    writeFileSync(inFlight, 'half-written')
    const catalog = JSON.parse(readFileSync(join(data, 'library.json'), 'utf8')) as {
      papers: Paper[]
    }
    catalog.papers.push({
      ...catalog.papers[0]!,
      id: 'aaaaaaaaaaaa',
      sha256: 'a',
      status: 'pending'
    })
    catalogBefore = JSON.stringify(catalog)
    writeFileSync(join(data, 'library.json'), catalogBefore)
    services = await createServices({
      dataDir: data,
      secrets: new EnvSecretStore({}),
      env: {},
      embedder: new FakeEmbedderProvider(null),
      readOnly: true,
      log: () => undefined
    })
  }, 150_000)

  afterAll(async () => {
    await services?.close()
  })

  it('opens without resuming, cleaning up or writing anything', async () => {
    await services.library.whenIdle()
    expect(readFileSync(join(data, 'library.json'), 'utf8')).toBe(catalogBefore)
    expect(readFileSync(inFlight, 'utf8')).toBe('half-written')
    expect(services.library.get('aaaaaaaaaaaa').status).toBe('pending')
  })

  it('refuses to add or remove papers, saying how to', async () => {
    const r = await services.router.invoke('library:addArxiv', { id: '1706.03762' })
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(!r.ok && r.error.message).toContain('read-only')
    const rm = await services.router.invoke('library:remove', { paperId: 'aaaaaaaaaaaa' })
    expect(!rm.ok && rm.error.message).toContain('read-only')
    expect(existsSync(join(data, 'library.json'))).toBe(true)
  })

  it('sees a paper the writer indexed meanwhile, once it is complete', async () => {
    const second = join(dir, 'second.pdf')
    writeFileSync(second, makePaperPdf({ title: 'Second Notes', pages: 2, marker: 'quokkasecond' }))
    const search = async (): Promise<SearchResponse> => {
      await services.refresh()
      const r = await services.router.invoke('search:query', { query: 'quokkasecond2' })
      return (r.ok ? r.value : { results: [] }) as SearchResponse
    }
    expect((await search()).results.some((x) => x.text.includes('quokkasecond2'))).toBe(false)
    ingest(data, second)
    const found = await search()
    expect(found.results[0]?.title).toBe('Second Notes')
    expect(found.results[0]?.page).toBe(2)
    expect(services.library.list().map((p) => p.title)).toContain('Second Notes')
  }, 150_000)
})
