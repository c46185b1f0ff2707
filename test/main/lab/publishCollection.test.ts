import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseArgs, UsageError } from '../../../src/main/cli/args'
import { labCommand } from '../../../src/main/cli/labCommand'
import { errorMessage, toAppError } from '../../../src/main/errors'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { LabServer } from '../../fakes/labServer'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const dir = mkdtempSync(join(tmpdir(), 'rp-lab-collection-'))

function pdf(name: string, title: string, marker: string, seed: number): string {
  const file = join(dir, name)
  writeFileSync(file, makePaperPdf({ title, pages: 2, marker, seed }))
  return file
}

describe('lab publish --collection NAME (PGlite + pgvector over the wire)', () => {
  let server: LabServer
  let s: Services
  const lab = (...argv: string[]) => labCommand(s, parseArgs(['lab', ...argv]), () => undefined)

  beforeAll(async () => {
    server = await LabServer.create()
    s = await createServices({
      dataDir: join(dir, 'data'),
      secrets: new MemorySecretStore(null),
      embedder: new FakeEmbedderProvider(),
      env: {},
      log: () => undefined
    })
    await s.library.addPaths([
      pdf('a.pdf', 'Capybara Attention Kernels', 'capybara', 1),
      pdf('b.pdf', 'Okapi Sequence Models', 'okapi', 2),
      pdf('c.pdf', 'Tapir Decoder Notes', 'tapir', 3)
    ])
    await s.library.whenIdle()
    const byTitle = new Map(s.library.list().map((p) => [p.title, p.id]))
    const group = await s.library.organizer.createCollection('Reading Group')
    await s.library.organizer.setMembership(
      group.id,
      [byTitle.get('Capybara Attention Kernels')!, byTitle.get('Okapi Sequence Models')!],
      true
    )
    await s.library.organizer.createCollection('Empty Shelf')
    await lab('connect', server.url, '--init')
  }, 300_000)
  afterAll(async () => {
    await s?.close()
    await server?.close()
  })

  it("publishes only the collection's papers and files them under its name in the lab", async () => {
    const out = await lab('publish', '--collection', 'reading group')
    expect(out.text).toBe('Published 2 paper(s), 0 already in the lab, 0 failed.')
    expect(out.exitCode).toBe(0)
    const titles = await server.db.query<{ title: string }>(
      'SELECT title FROM papers ORDER BY title'
    )
    expect(titles.rows.map((r) => r.title)).toEqual([
      'Capybara Attention Kernels',
      'Okapi Sequence Models'
    ])
    const filed = await server.db.query<{ name: string; n: number }>(
      `SELECT c.name, count(*)::int AS n FROM collections c
       JOIN paper_collections pc ON pc.collection_id = c.id GROUP BY c.name`
    )
    expect(filed.rows).toEqual([{ name: 'Reading Group', n: 2 }])
  })

  it('publishing the collection again sends nothing twice and keeps one lab collection', async () => {
    const out = await lab('publish', '--collection', 'Reading Group')
    expect(out.text).toBe('Published 0 paper(s), 2 already in the lab, 0 failed.')
    const counts = await server.db.query<{ papers: number; links: number; collections: number }>(
      `SELECT (SELECT count(*)::int FROM papers) AS papers,
              (SELECT count(*)::int FROM paper_collections) AS links,
              (SELECT count(*)::int FROM collections) AS collections`
    )
    expect(counts.rows[0]).toEqual({ papers: 2, links: 2, collections: 1 })
  })

  it('an empty collection publishes nothing (never the whole library) and says so', async () => {
    const out = await lab('publish', '--collection', 'Empty Shelf')
    expect(out.text).toBe('The collection "Empty Shelf" has no papers, so nothing was published.')
    expect(out.exitCode).toBe(1)
    const n = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM papers')
    expect(n.rows[0]!.n).toBe(2)
  })

  it('an unknown collection is named, with how to list them; --collection with --all is refused', async () => {
    const e = await lab('publish', '--collection', 'Nope').catch((x: unknown) => x)
    expect(errorMessage(toAppError(e), 'en')).toBe(
      'There is no collection "Nope". See them with: collections'
    )
    const both = await lab('publish', '--collection', 'Reading Group', '--all').catch(
      (x: unknown) => x
    )
    expect(both).toBeInstanceOf(UsageError)
    expect((both as UsageError).text('en')).toContain(
      'lab publish takes --collection NAME alone: not with paper ids or --all'
    )
  })

  it('says the same in Brazilian Portuguese', async () => {
    await s.settings.update({ uiLanguage: 'pt-BR' })
    try {
      const out = await lab('publish', '--collection', 'Empty Shelf')
      expect(out.text).toBe('A coleção "Empty Shelf" não tem artigos; nada foi publicado.')
    } finally {
      await s.settings.update({ uiLanguage: 'en' })
    }
  })
})
