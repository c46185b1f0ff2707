import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import type { LabProgress, LabPublishReport, LabStatus } from '../../../src/shared/labChannels'
import type { Result } from '../../../src/shared/errors'
import { closedPort } from '../../fakes/closedPort'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { LabServer, refusingServer } from '../../fakes/labServer'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const dir = mkdtempSync(join(tmpdir(), 'rp-lab-channels-'))

async function open(name: string, papers: [string, string][]): Promise<Services> {
  const files = papers.map(([title, marker], i) => {
    const file = join(dir, `${name}-${i}.pdf`)
    writeFileSync(file, makePaperPdf({ title, pages: 2, marker, seed: i + name.length }))
    return file
  })
  const s = await createServices({
    dataDir: join(dir, name),
    secrets: new MemorySecretStore(null),
    embedder: new FakeEmbedderProvider(),
    env: {},
    log: () => undefined
  })
  await s.library.addPaths(files)
  await s.library.whenIdle()
  return s
}

/** Calls a channel as the window does (through the router, with its validation). */
async function call<T>(s: Services, channel: string, input: unknown = {}): Promise<Result<T>> {
  return (await s.router.invoke(channel, input, { transport: 'test' })) as Result<T>
}

/**
 * The lab channels the window uses (Settings → Lab library, "Share with the lab"), through the
 * real router, against PGlite + pgvector over the wire with the real `pg` client.
 */
describe('lab channels: connect, status naming the role, share, and what is wrong when it fails', () => {
  let server: LabServer
  let alice: Services
  let bob: Services
  const as = (role: string | null) => server.db.exec(role ? `SET ROLE ${role}` : 'RESET ROLE')

  beforeAll(async () => {
    server = await LabServer.create()
    ;[alice, bob] = await Promise.all([
      open('alice', [
        ['Capybara Attention Kernels', 'capybara'],
        ['Okapi Sequence Models', 'okapi']
      ]),
      open('bob', [['Tapir Decoder Notes', 'tapir']])
    ])
  }, 300_000)
  afterAll(async () => {
    await as(null).catch(() => undefined)
    await alice?.close()
    await bob?.close()
    await server?.close()
  })

  it('a wrong password is refused with the message naming the role, and nothing is saved', async () => {
    const refusing = await refusingServer()
    try {
      const r = await call<LabStatus>(bob, 'lab:connect', { url: refusing.url })
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.error.key).toBe('labAuth')
      expect(r.error.message).toMatch(
        /^The lab server at 127\.0\.0\.1:\d+\/lab refused the login of role reader \(.*password authentication failed.*\)\. Check the user name and password in the connection string\.$/
      )
      expect(r.error.message).not.toContain('wrong') // the password
      expect(r.error.message).not.toMatch(/\n\s+at /)
    } finally {
      await refusing.close()
    }
    const st = await call<LabStatus>(bob, 'lab:status')
    expect(st).toEqual({
      ok: true,
      value: { connected: false, fromEnv: false, place: null, info: null, error: null }
    })
  })

  it('an unreachable host says so, and that the own library is unaffected', async () => {
    const url = `postgres://alice:pw@127.0.0.1:${await closedPort()}/lab`
    const r = await call<LabStatus>(alice, 'lab:connect', { url })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.key).toBe('labUnreachable')
    expect(r.error.message).toMatch(
      /^The lab library at 127\.0\.0\.1:\d+\/lab cannot be reached \(.+\)\. Your own library is unaffected/
    )
  })

  it('a curator connects (setting the lab up): the status names host, database, role and that it may publish', async () => {
    const r = await call<LabStatus>(alice, 'lab:connect', { url: server.url, init: true })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value).toMatchObject({
      connected: true,
      fromEnv: false,
      place: { host: expect.stringMatching(/^127\.0\.0\.1:\d+\/postgres$/), user: 'curator' },
      info: { model: 'fake-hash-384', papers: 0, access: { role: 'curator', canPublish: true } },
      error: null
    })
    expect(JSON.stringify(r.value)).not.toContain('secret') // the password never comes back
  })

  it('shares papers through the channel with progress, then nothing twice; a missing paper is named', async () => {
    const progress: LabProgress[] = []
    const off = alice.events.subscribe((event, payload) => {
      if (event === 'lab:progress') progress.push(payload as LabProgress)
    })
    const ids = alice.library.list().map((p) => p.id)
    const r = await call<LabPublishReport>(alice, 'lab:publish', { paperIds: [...ids, 'nope123'] })
    off()
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.published.sort()).toEqual([...ids].sort())
    expect(r.value.already).toEqual([])
    expect(r.value.failed).toHaveLength(1)
    expect(r.value.failed[0]).toMatchObject({ paperId: 'nope123', title: 'nope123' })
    expect(r.value.failed[0]!.error.message).toBe(
      'Paper nope123 cannot be published: there is no such paper in this library.'
    )
    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2]
    ])
    expect(progress[0]!.title).toMatch(/Capybara|Okapi/)
    expect(progress[1]!.etaSeconds).not.toBeNull()

    const again = await call<LabPublishReport>(alice, 'lab:publish', { paperIds: ids })
    expect(again.ok && again.value).toMatchObject({ published: [], failed: [] })
    expect(again.ok && again.value.already.sort()).toEqual([...ids].sort())
    const st = await call<LabStatus>(alice, 'lab:status')
    expect(st.ok && st.value.info?.papers).toBe(2)
  })

  it('shares a collection, filed under its name in the lab', async () => {
    const c = await call<{ collection: { id: string } }>(alice, 'library:createCollection', {
      name: 'Reading group'
    })
    expect(c.ok).toBe(true)
    if (!c.ok) return
    const okapi = alice.library.list().find((p) => p.title === 'Okapi Sequence Models')!
    await call(alice, 'library:setCollection', {
      collectionId: c.value.collection.id,
      paperIds: [okapi.id],
      member: true
    })
    const r = await call<LabPublishReport>(alice, 'lab:publish', {
      collectionId: c.value.collection.id
    })
    expect(r.ok && r.value).toMatchObject({ already: [okapi.id], collection: 'Reading group' })
    const rows = await server.db.query<{ name: string; n: number }>(
      'SELECT c.name, count(*)::int AS n FROM collections c JOIN paper_collections pc ON pc.collection_id = c.id GROUP BY 1'
    )
    expect(rows.rows).toEqual([{ name: 'Reading group', n: 1 }])
  })

  it('a reader sees its role and that it may not publish; sharing is refused with the message; it finds what the curator shared', async () => {
    await server.db.exec('CREATE ROLE bob LOGIN IN ROLE researchpal_reader')
    await as('bob')
    try {
      const r = await call<LabStatus>(bob, 'lab:connect', { url: server.url })
      expect(r.ok && r.value.info).toMatchObject({
        user: 'bob',
        access: { role: 'reader', canPublish: false }
      })
      const tapir = bob.library.list()[0]!.id
      const refused = await call<LabPublishReport>(bob, 'lab:publish', { paperIds: [tapir] })
      expect(refused.ok).toBe(false)
      if (refused.ok) return
      expect(refused.error.key).toBe('labCannotPublish')
      expect(refused.error.message).toMatch(
        /^Role bob may search the lab at 127\.0\.0\.1:\d+\/postgres but not publish to it: publishing needs the researchpal_curator role\./
      )
      const found = await bob.retriever.search({ query: 'capybara2', limit: 5 })
      expect(found.results.find((x) => x.title === 'Capybara Attention Kernels')?.source).toBe(
        'lab'
      )
    } finally {
      await as(null)
    }
  })

  it('the server down: the status says the lab cannot be reached (a status, not a failed call)', async () => {
    await server.stop()
    try {
      const st = await call<LabStatus>(alice, 'lab:status')
      expect(st.ok).toBe(true)
      if (!st.ok) return
      expect(st.value).toMatchObject({ connected: true, info: null })
      expect(st.value.error?.key).toBe('labUnreachable')
    } finally {
      await server.start()
    }
  })
})
