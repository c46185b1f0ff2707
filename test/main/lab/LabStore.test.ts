import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { LabStore, type LabPaperInput } from '../../../src/main/lab/LabStore'
import { LAB_SCHEMA_VERSION } from '../../../src/main/lab/migrations'
import { UserFacingError } from '../../../src/main/errors'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'
import { LabServer, refusingServer } from '../../fakes/labServer'
import { closedPort } from '../../fakes/closedPort'

const MODEL = 'fake-hash-384'
const embedder = new FakeEmbedder()

async function paper(title: string, pages: string[], language = 'en'): Promise<LabPaperInput> {
  const pdf = new TextEncoder().encode(`%PDF-1.4 ${title}`)
  const sha256 = createHash('sha256').update(pdf).digest('hex')
  const vectors = await embedder.embed(pages)
  return {
    sha256,
    paperId: sha256.slice(0, 12),
    title,
    authors: ['Ada Lovelace'],
    year: 2024,
    venue: null,
    doi: null,
    language,
    fieldSources: { title: 'pdf' },
    pages: pages.length,
    pdf,
    chunks: pages.map((text, i) => ({
      chunkId: `${sha256.slice(0, 12)}-page-${i + 1}-chunk-0`,
      page: i + 1,
      section: 'body',
      kind: 'text',
      text,
      embedding: vectors[i]!
    }))
  }
}

async function failure(p: Promise<unknown>): Promise<UserFacingError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x
  )
  expect(e).toBeInstanceOf(UserFacingError)
  return e as UserFacingError
}

describe('LabStore against PostgreSQL + pgvector (PGlite over the wire, real pg client)', () => {
  let server: LabServer
  let store: LabStore

  beforeAll(async () => {
    server = await LabServer.create()
    store = new LabStore(server.url)
  }, 180_000)
  afterAll(async () => {
    await store?.close()
    await server?.close()
  })

  it('says an empty database is not a lab yet, then migrates it from empty to the current version', async () => {
    await store.migrate(MODEL, 0) // only the extension and the version table
    const e = await failure(store.check(MODEL))
    expect(e.text?.key).toBe('labNoSchema')
    expect(e.message).toContain('lab connect <url> --init')
    expect(await store.migrate(MODEL)).toEqual([1, 2, 3])
    const info = await store.check(MODEL)
    expect(info).toMatchObject({ schemaVersion: LAB_SCHEMA_VERSION, model: MODEL, papers: 0 })
    expect(info.pgvector).toMatch(/^0\.\d/)
    expect(await store.migrate(MODEL)).toEqual([]) // applied once only
  })

  it('publishes a paper once however often it is sent, and finds it by meaning and by words with its page', async () => {
    const p = await paper('Sparse Attention', [
      'introduction to sparse attention over long sequences',
      'the quokka benchmark measures retrieval latency on page two'
    ])
    expect(await store.publish(p, MODEL)).toBe('published')
    expect(await store.publish(p, MODEL)).toBe('already')
    const [vector] = await embedder.embed(['quokka benchmark latency'])
    const hits = await store.search('quokka benchmark latency', vector!, 5)
    expect(hits[0]).toMatchObject({ title: 'Sparse Attention', page: 2, paperId: p.paperId })
    const words = await store.search('quokka', null, 5)
    expect(words.map((h) => h.page)).toEqual([2])
    expect((await store.check(MODEL)).chunks).toBe(2)
    const pdf = await store.pdf(p.sha256.slice(0, 12))
    expect(Buffer.from(pdf!.bytes).toString()).toBe('%PDF-1.4 Sparse Attention')
  })

  it('stems Portuguese text with the Portuguese configuration', async () => {
    const p = await paper(
      'Bibliotecas digitais',
      ['as bibliotecas universitárias brasileiras'],
      'pt'
    )
    await store.publish(p, MODEL)
    const hits = await store.search('biblioteca universitária', null, 5)
    expect(hits.map((h) => h.title)).toContain('Bibliotecas digitais')
  })

  it('keeps SQL in any field as text: titles, chunk text, queries and ids', async () => {
    const evil = "x'); DROP TABLE chunks; --"
    const p = await paper(evil, [`${evil} wombat`])
    p.paperId = evil
    p.authors = [evil]
    await store.publish(p, MODEL)
    const hits = await store.search(`${evil} wombat`, null, 5)
    expect(hits[0]?.title).toBe(evil)
    expect(await store.search("' OR 1=1 --", null, 5)).toBeInstanceOf(Array)
    expect(await store.pdf("' OR '1'='1")).toBeNull()
    expect((await store.check(MODEL)).papers).toBe(3) // the two before and this one
  })

  it('refuses vectors of another embedding model, in the app and in the database itself', async () => {
    const e = await failure(store.check('other-model-384'))
    expect(e.text?.key).toBe('labWrongModel')
    expect(e.message).toContain('other-model-384')
    const p = await paper('Wrong Model Paper', ['vectors from elsewhere'])
    const refused = await failure(store.publish(p, 'other-model-384'))
    expect(refused.text?.key).toBe('labWrongModel')
    expect(await store.published([p.sha256])).toEqual(new Set())
  })

  it('rolls back a paper caught by a dropped connection; publishing again completes it once', async () => {
    const p = await paper('Interrupted Paper', ['first page text', 'second page text'])
    // The server goes away while the paper's transaction is open.
    const big = {
      ...p,
      chunks: Array.from({ length: 600 }, (_, i) => ({ ...p.chunks[i % 2]!, chunkId: `c-${i}` }))
    }
    const sending = store.publish(big, MODEL)
    await new Promise((r) => setTimeout(r, 5))
    await server.stop()
    const e = await failure(sending)
    expect(e.code).toBe('UPSTREAM_UNAVAILABLE')
    await server.start()
    const again = new LabStore(server.url)
    try {
      expect(await again.published([p.sha256])).toEqual(new Set())
      expect(await again.publish(big, MODEL)).toBe('published')
      expect(await again.publish(big, MODEL)).toBe('already')
      const [row] = (
        await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM chunks WHERE sha256 = $1',
          [p.sha256]
        )
      ).rows
      expect(row?.n).toBe(600)
    } finally {
      await again.close()
    }
    await store.close()
    store = new LabStore(server.url)
  })

  it('names a schema from a newer ResearchPal and changes nothing', async () => {
    await server.db.query(`INSERT INTO schema_version (version, name) VALUES (99, 'future')`)
    try {
      const e = await failure(store.check(MODEL))
      expect(e.code).toBe('NEWER_FORMAT')
      expect(e.message).toContain('schema version 99')
      await failure(store.migrate(MODEL))
    } finally {
      await server.db.query('DELETE FROM schema_version WHERE version = 99')
    }
  })
})

describe('LabStore: what is wrong with a connection, said plainly', () => {
  it('an older lab (schema v1) is named, and upgraded by a curator to the current version', async () => {
    const server = await LabServer.create()
    const store = new LabStore(server.url)
    try {
      expect(await store.migrate(MODEL, 1)).toEqual([1])
      const e = await failure(store.check(MODEL))
      expect(e.text?.key).toBe('labOlderSchema')
      expect(await store.migrate(MODEL)).toEqual([2, 3])
      expect((await store.check(MODEL)).schemaVersion).toBe(3)
    } finally {
      await store.close()
      await server.close()
    }
  }, 180_000)

  it('a server without pgvector', async () => {
    const server = await LabServer.create({ withVector: false })
    const store = new LabStore(server.url)
    try {
      const e = await failure(store.migrate(MODEL))
      expect(e.text?.key).toBe('labNoExtension')
      expect(e.message).toContain('CREATE EXTENSION vector')
      expect((await failure(store.check(MODEL))).text?.key).toBe('labNoExtension')
    } finally {
      await store.close()
      await server.close()
    }
  }, 180_000)

  it('a wrong password (the server refuses the login with 28P01)', async () => {
    const refusing = await refusingServer()
    const store = new LabStore(refusing.url)
    try {
      const e = await failure(store.check(MODEL))
      expect(e.text?.key).toBe('labAuth')
      expect(e.message).toContain('role reader')
      expect(e.message).not.toContain('wrong') // the password never reaches a message
    } finally {
      await store.close()
      await refusing.close()
    }
  })

  it('an unreachable host, and a connection string that is not one', async () => {
    const store = new LabStore(`postgres://reader:pw@127.0.0.1:${await closedPort()}/lab`)
    try {
      const e = await failure(store.check(MODEL))
      expect(e.code).toBe('UPSTREAM_UNAVAILABLE')
      expect(e.text?.key).toBe('labUnreachable')
    } finally {
      await store.close()
    }
    expect(() => new LabStore('https://user:pw@example.org/x')).toThrow(
      /not a PostgreSQL connection string/
    )
    expect(() => new LabStore('https://user:pw@example.org/x')).not.toThrow(/pw/)
  })
})
