import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { UserFacingError } from '../../../src/main/errors'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { LabServer } from '../../fakes/labServer'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const dir = mkdtempSync(join(tmpdir(), 'rp-lab-'))

function pdf(name: string, title: string, marker: string, seed: number): string {
  const file = join(dir, name)
  writeFileSync(file, makePaperPdf({ title, pages: 3, marker, seed }))
  return file
}

/** Each member's secret store (the app's, where the lab's connection string is kept). */
const secrets = new Map<string, MemorySecretStore>()

async function open(name: string, files: string[]): Promise<Services> {
  const store = new MemorySecretStore(null)
  secrets.set(name, store)
  const s = await createServices({
    dataDir: join(dir, name),
    secrets: store,
    embedder: new FakeEmbedderProvider(),
    env: {},
    log: () => undefined
  })
  await s.library.addPaths(files)
  await s.library.whenIdle()
  return s
}

describe('two data folders share one lab on a Postgres server (PGlite + pgvector over the wire)', () => {
  let server: LabServer
  let alice: Services
  let bob: Services
  const shared = pdf('shared.pdf', 'Shared Retrieval Survey', 'sharedmark', 1)
  const aliceOnly = pdf('alice.pdf', 'Capybara Attention Kernels', 'capybara', 2)
  const aliceSecond = pdf('alice2.pdf', 'Okapi Sequence Models', 'okapi', 3)
  const bobOnly = pdf('bob.pdf', 'Tapir Decoder Notes', 'tapir', 4)

  beforeAll(async () => {
    server = await LabServer.create()
    ;[alice, bob] = await Promise.all([
      open('alice', [shared, aliceOnly, aliceSecond]),
      open('bob', [shared, bobOnly])
    ])
  }, 300_000)
  afterAll(async () => {
    await alice?.close()
    await bob?.close()
    await server?.close()
  })

  it('a curator sets the lab up; the URL is kept in the secret store, in no file of the folder', async () => {
    const { info, applied } = await alice.lab.connect(server.url, true)
    expect(applied).toEqual([1, 2, 3])
    expect(info.model).toBe('fake-hash-384')
    expect(await secrets.get('alice')!.labUrl()).toBe(server.url)
    const saved = join(dir, 'alice', 'lab.json')
    if (existsSync(saved)) expect(readFileSync(saved, 'utf8')).not.toContain(server.url)
    const settings = join(dir, 'alice', 'settings.json')
    if (existsSync(settings)) expect(readFileSync(settings, 'utf8')).not.toContain('secret')
  })

  it('the server dies mid-publish: the message says how far it got; publishing again sends the rest once', async () => {
    const steps: number[] = []
    const first = alice.lab.publish([], (p) => {
      steps.push(p.done)
      // Once the first paper is in, the server goes away.
      if (p.done === 1) void server.stop()
    })
    const e = await first.then(
      () => null,
      (x: unknown) => x
    )
    expect(e).toBeInstanceOf(UserFacingError)
    expect((e as UserFacingError).text?.key).toBe('labLost')
    expect((e as Error).message).toMatch(/1 of 3 papers are in the lab; run lab publish again/)
    await server.start()
    await alice.lab.connect(server.url)
    const again = await alice.lab.publish([])
    expect(again.published).toHaveLength(2)
    expect(again.already).toHaveLength(1)
    const status = await alice.lab.status()
    expect(status.papers).toBe(3)
    const chunks = alice.library.list().reduce((n, p) => n + p.chunks, 0)
    expect(status.chunks).toBe(chunks) // nothing lost, nothing twice
  })

  it('a second member publishes the same PDF and a new one: the shared one is not sent twice', async () => {
    await bob.lab.connect(server.url)
    const r = await bob.lab.publish([])
    expect(r.published).toHaveLength(1)
    expect(r.already).toHaveLength(1)
    expect((await bob.lab.status()).papers).toBe(4)
  })

  it('what one publishes the other finds (labelled from the lab), cites with its page, and opens', async () => {
    const r = await bob.retriever.search({ query: 'capybara2 closes page 2', limit: 5 })
    expect(r.lab?.state).toBe('searched')
    const hit = r.results.find((x) => x.title === 'Capybara Attention Kernels')
    expect(hit).toMatchObject({ source: 'lab', page: 2 })
    expect(hit!.paperId).toMatch(/^lab-[0-9a-f]{12}$/)
    // Bob's own papers are his, not the lab's: the shared paper is cited from his library.
    const own = await bob.retriever.search({ query: 'sharedmark2', limit: 5 })
    expect(own.results[0]).toMatchObject({ title: 'Shared Retrieval Survey', page: 2 })
    expect(own.results[0]!.source).toBeUndefined()
    const passage = await bob.retriever.passage(hit!.chunkId)
    expect(passage).toMatchObject({ title: 'Capybara Attention Kernels', page: 2 })
    const opened = await bob.lab.open(hit!.chunkId)
    expect(opened.page).toBe(2)
    const bytes = readFileSync(opened.file)
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      createHash('sha256').update(readFileSync(aliceOnly)).digest('hex')
    )
    // The viewer asks for the PDF by the citation's paper id, as for a local paper.
    const viewed = await bob.router.invoke(
      'library:pdf',
      { paperId: hit!.paperId },
      { transport: 'electron' }
    )
    expect(
      viewed.ok && Buffer.from((viewed.value as { data: Uint8Array }).data).equals(bytes)
    ).toBe(true)
    const local = await bob.retriever.search({ query: 'capybara2', limit: 5, source: 'local' })
    expect(local.results.some((x) => x.source === 'lab')).toBe(false)
  })

  it('with the lab down, search answers from this library and says the lab was not reached', async () => {
    await server.stop()
    try {
      const r = await bob.retriever.search({ query: 'tapir2 closes page 2', limit: 5 })
      expect(r.results[0]).toMatchObject({ title: 'Tapir Decoder Notes', page: 2 })
      expect(r.lab?.state).toBe('unreachable')
      expect(r.lab?.key).toBe('labUnreachable')
      expect(bob.library.list()).toHaveLength(2)
    } finally {
      await server.start()
    }
  })
})
