import { request as httpRequest } from 'node:http'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OpenAPIV3_1 } from 'openapi-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { serveApi, type ApiServer } from '../../../src/main/server/apiServer'
import { API_ROUTES } from '../../../src/main/server/apiRoutes'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { startFakeGemini, type FakeGemini } from '../../fakes/fakeGemini'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const TOKEN = 'test-token-0123456789abcdef'

/** A raw HTTP request (Host and Origin as given), for what fetch will not send. */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<{
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

const auth = { authorization: `Bearer ${TOKEN}` }

/** The events of an SSE body, in order. */
function sseEvents(body: string): { event: string; data: unknown }[] {
  return body
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n')
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message'
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n')
      return { event, data: JSON.parse(data) as unknown }
    })
}

describe('researchpal serve: the HTTP API on 127.0.0.1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-api-'))
  const data = join(dir, 'data')
  let gemini: FakeGemini
  let writer: Services
  let reader: Services
  /** Writes (POST /papers), generates answers with the fake Gemini. */
  let full: ApiServer
  /** Read-only, no API key: evidence-only answers. */
  let plain: ApiServer
  let paperId = ''

  beforeAll(async () => {
    gemini = await startFakeGemini()
    writer = await createServices({
      dataDir: data,
      secrets: new MemorySecretStore('test-key'),
      embedder: new FakeEmbedderProvider(),
      env: { GEMINI_BASE_URL: gemini.baseUrl },
      log: () => undefined
    })
    const pdf = join(dir, 'sparse.pdf')
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Sparse Attention Notes', pages: 3, marker: 'zebracorn' })
    )
    await writer.library.addPaths([pdf])
    await writer.library.whenIdle()
    paperId = writer.library.list()[0]!.id
    reader = await createServices({
      dataDir: data,
      secrets: new MemorySecretStore(null),
      embedder: new FakeEmbedderProvider(),
      env: {},
      readOnly: true,
      log: () => undefined
    })
    const log = (): void => undefined
    full = await serveApi(writer, {
      port: 0,
      token: TOKEN,
      allowAdd: true,
      log
    })
    plain = await serveApi(reader, {
      port: 0,
      token: TOKEN,
      allowAdd: false,
      log
    })
  }, 120_000)

  afterAll(async () => {
    await full?.close()
    await plain?.close()
    await reader?.close()
    await writer?.close()
    await gemini?.close()
  })

  const get = (server: ApiServer, path: string, headers: Record<string, string> = auth) =>
    fetch(`${server.url}${path}`, { headers })
  const problem = async (r: Response) => {
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    return (await r.json()) as {
      type: string
      title: string
      status: number
      detail: string
      code: string
    }
  }

  describe('who may call', () => {
    it('refuses a request without a token, or with a wrong one, saying what to send', async () => {
      const none = await get(plain, '/papers', {})
      expect(none.status).toBe(401)
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
      const p = await problem(none)
      expect(p).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
      expect(p.detail).toMatch(/no bearer token was sent.*Authorization: Bearer <token>.*api-token/)
      const wrong = await get(plain, '/papers', { authorization: 'Bearer nope' })
      expect(wrong.status).toBe(401)
      expect((await problem(wrong)).detail).toMatch(/the bearer token is wrong/)
    })

    it('refuses a foreign Host (DNS rebinding) and a foreign Origin (a web page)', async () => {
      const host = await raw(`${plain.url}/papers`, {
        headers: { ...auth, host: 'evil.example:80' }
      })
      expect(host.status).toBe(403)
      expect(JSON.parse(host.body)).toMatchObject({ code: 'FORBIDDEN' })
      expect(JSON.parse(host.body).detail).toMatch(/Host 'evil.example:80' is not this server/)
      const origin = await raw(`${plain.url}/papers`, {
        headers: { ...auth, origin: 'https://evil.example' }
      })
      expect(origin.status).toBe(403)
      expect(JSON.parse(origin.body).detail).toMatch(/web page at https:\/\/evil.example/)
      // Its own docs page (same origin) and localhost are fine.
      const same = await raw(`${plain.url}/papers`, { headers: { ...auth, origin: plain.url } })
      expect(same.status).toBe(200)
      const port = new URL(plain.url).port
      const local = await raw(`${plain.url}/papers`, {
        headers: { ...auth, host: `localhost:${port}` }
      })
      expect(local.status).toBe(200)
    })

    it('limits the rate, with Retry-After', async () => {
      const tight = await serveApi(reader, {
        port: 0,
        token: TOKEN,
        allowAdd: false,
        log: () => undefined,
        rate: { perSecond: 0.5, burst: 3 }
      })
      try {
        const statuses: number[] = []
        let last: Response | null = null
        for (let i = 0; i < 4; i++) {
          last = await get(tight, '/papers')
          statuses.push(last.status)
        }
        expect(statuses).toEqual([200, 200, 200, 429])
        expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
        expect(await problem(last!)).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
      } finally {
        await tight.close()
      }
    })
  })

  describe('papers, pages, sections, BibTeX, search, threads', () => {
    it('lists papers and gives one by id', async () => {
      const list = (await (await get(plain, '/papers')).json()) as {
        papers: { id: string; title: string }[]
      }
      expect(list.papers.map((p) => p.title)).toEqual(['Sparse Attention Notes'])
      const found = (await (await get(plain, '/papers?q=sparse')).json()) as { papers: unknown[] }
      expect(found.papers).toHaveLength(1)
      const none = (await (await get(plain, '/papers?q=nothinglikethis')).json()) as {
        papers: unknown[]
      }
      expect(none.papers).toHaveLength(0)
      const one = (await (await get(plain, `/papers/${paperId}`)).json()) as {
        paper: { id: string; pages: number }
      }
      expect(one.paper).toMatchObject({ id: paperId, pages: 3 })
      const missing = await get(plain, '/papers/nosuchpaper')
      expect(missing.status).toBe(404)
      expect(await problem(missing)).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    })

    it('gives a page, and a problem naming the page count for one past the end', async () => {
      const page = (await (await get(plain, `/papers/${paperId}/pages/2`)).json()) as {
        page: number
        pageCount: number
        text: string
      }
      expect(page).toMatchObject({ paperId, page: 2, pageCount: 3 })
      expect(page.text).toContain('zebracorn')
      const past = await get(plain, `/papers/${paperId}/pages/9`)
      expect(past.status).toBe(400)
      expect((await problem(past)).detail).toMatch(/has 3 pages; there is no page 9/)
      const bad = await get(plain, `/papers/${paperId}/pages/two`)
      expect(bad.status).toBe(400)
      expect((await problem(bad)).detail).toBe('Invalid path: n: must be a whole number')
      const badId = await get(plain, `/papers/${encodeURIComponent('a b')}/pages/1`)
      expect((await problem(badId)).detail).toMatch(/^Invalid path: id: must be a paper id/)
    })

    it('gives a section and the BibTeX entry', async () => {
      const sections = (await (await get(plain, `/papers/${paperId}`)).json()) as {
        paper: { sections: { name: string }[] }
      }
      const name = sections.paper.sections.find((s) => s.name !== 'body')!.name
      const section = (await (await get(plain, `/papers/${paperId}/sections/${name}`)).json()) as {
        section: string
        text: string
      }
      expect(section.section).toBe(name)
      expect(section.text.trim().length).toBeGreaterThan(0)
      const bib = await get(plain, `/papers/${paperId}/bibtex`)
      expect(bib.headers.get('content-type')).toBe('application/x-bibtex; charset=utf-8')
      expect(await bib.text()).toMatch(
        // No year is printed on the fixture: "nd" (no date), never the file's creation date.
        /^@\w+\{lovelacendsparse,[\s\S]*title = \{Sparse \{?Attention\}? \{?Notes/
      )
    })

    it('gives references in the styles the CLI and MCP offer, formatted by the same function', async () => {
      const apa = (await (await get(plain, `/references?papers=${paperId}`)).json()) as {
        style: string
        text: string
        count: number
      }
      expect(apa.style).toBe('apa')
      expect(apa.count).toBe(1)
      expect(apa.text).toMatch(/^Lovelace, A\., & Turing, A\. \(n\.d\.\)\. Sparse Attention Notes/)
      const abnt = (await (
        await get(plain, `/references?papers=${paperId}&lang=pt-BR`)
      ).json()) as {
        style: string
        text: string
      }
      expect(abnt.style).toBe('abnt')
      expect(abnt.text).toMatch(/^LOVELACE, A\.; TURING, A\./)
      const ieee = (await (
        await get(plain, `/references?papers=${paperId}&style=ieee`)
      ).json()) as { text: string }
      expect(ieee.text).toMatch(/^\[1\] A\. Lovelace and A\. Turing/)
      const bad = await get(plain, `/references?papers=${paperId}&style=mla`)
      expect(bad.status).toBe(400)
      expect((await problem(bad)).detail).toMatch(/style/)
    })

    it('searches with q and k, and names the field that is wrong', async () => {
      const r = (await (await get(plain, '/search?q=zebracorn&k=2')).json()) as {
        results: { chunkId: string; paperId: string; page: number; text: string }[]
      }
      expect(r.results).toHaveLength(2)
      // The same passages as the router gives the app for the same query.
      const same = await reader.router.invoke('search:query', { query: 'zebracorn', limit: 2 })
      expect(r.results.map((x) => x.chunkId)).toEqual(
        (same as { value: { results: { chunkId: string }[] } }).value.results.map((x) => x.chunkId)
      )
      const k = await get(plain, '/search?q=zebracorn&k=500')
      expect(k.status).toBe(400)
      expect((await problem(k)).detail).toMatch(/^Invalid query: k: /)
      const q = await get(plain, '/search?k=2')
      expect((await problem(q)).detail).toMatch(/^Invalid query: q: /)
    })

    it('lists threads and gives one', async () => {
      const created = await writer.router.invoke('threads:create', { title: 'Attention reading' })
      expect(created.ok).toBe(true)
      const id = (created as { value: { thread: { id: string } } }).value.thread.id
      const list = (await (await get(full, '/threads')).json()) as {
        threads: { id: string; title: string }[]
      }
      expect(list.threads).toEqual([expect.objectContaining({ id, title: 'Attention reading' })])
      const one = (await (await get(full, `/threads/${id}`)).json()) as {
        thread: { id: string; turns: unknown[] }
      }
      expect(one.thread).toMatchObject({ id, turns: [] })
      const missing = await get(full, '/threads/thr-nosuch')
      expect([400, 404]).toContain(missing.status)
      await problem(missing)
    })
  })

  describe('adding papers', () => {
    const post = (server: ApiServer, path: string, body: string, type = 'application/json') =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type },
        body
      })

    it('is refused on a read-only server, saying how to start one that writes and who writes now', async () => {
      const r = await post(plain, '/papers', JSON.stringify({ arxiv: '1706.03762' }))
      expect(r.status).toBe(403)
      const p = await problem(r)
      expect(p.code).toBe('READ_ONLY')
      expect(p.detail).toMatch(/--allow-add/)
      // The writer services (this process) hold the library's lock: the answer names them.
      expect(p.detail).toContain(`Right now ResearchPal (pid ${process.pid}, since `)
    })

    it('adds a PDF by path with --allow-add, and checks the body', async () => {
      const pdf = join(dir, 'second.pdf')
      writeFileSync(pdf, makePaperPdf({ title: 'Second Paper Notes', pages: 2, marker: 'quokka' }))
      const r = await post(full, '/papers', JSON.stringify({ path: pdf }))
      expect(r.status).toBe(201)
      const out = (await r.json()) as { papers: { title: string }[] }
      expect(out.papers).toHaveLength(1)
      await writer.library.whenIdle()
      expect(writer.library.list().map((p) => p.title)).toContain('Second Paper Notes')
      const two = await post(
        full,
        '/papers',
        JSON.stringify({ arxiv: '1706.03762', doi: '10.1000/xyz' })
      )
      expect((await problem(two)).detail).toBe(
        'Invalid body: (input): give exactly one of arxiv, doi or path'
      )
      const notJson = await post(full, '/papers', '{"arxiv":', 'application/json')
      expect((await problem(notJson)).detail).toBe('The request body is not valid JSON.')
      const form = await post(full, '/papers', 'arxiv=1', 'application/x-www-form-urlencoded')
      expect(form.status).toBe(415)
      const big = await post(full, '/papers', JSON.stringify({ path: 'x'.repeat(70_000) }))
      expect(big.status).toBe(413)
      expect(await problem(big)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    })
  })

  describe('POST /ask', () => {
    const ask = (server: ApiServer, body: unknown, accept = 'application/json') =>
      fetch(`${server.url}/ask`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept },
        body: JSON.stringify(body)
      })

    it("answers the seed's {question} with {question, answer, citations}, each citation on its page", async () => {
      const r = await ask(plain, { question: 'What is zebracorn attention?', papers: [paperId] })
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toMatch(/^application\/json/)
      const raw = await r.text()
      // The seed's field set, byte for byte: these three keys, in this order, and nothing else.
      expect(raw.startsWith('{"question":"What is zebracorn attention?","answer":"')).toBe(true)
      const a = JSON.parse(raw) as Record<string, unknown> & {
        citations: Record<string, unknown>[]
      }
      expect(Object.keys(a)).toEqual(['question', 'answer', 'citations'])
      expect(typeof a.answer).toBe('string')
      expect(a.citations.length).toBeGreaterThan(0)
      for (const c of a.citations) {
        // The seed's five first, then only the extras the contract's "…" allows.
        expect(Object.keys(c).slice(0, 5)).toEqual(['number', 'paperId', 'title', 'page', 'quote'])
        for (const k of Object.keys(c).slice(5)) expect(['chunkId', 'kind', 'region']).toContain(k)
        expect(c).toEqual(
          expect.objectContaining({
            number: expect.any(Number),
            paperId,
            title: 'Sparse Attention Notes',
            page: expect.any(Number),
            quote: expect.any(String)
          })
        )
        const page = (await (
          await get(plain, `/papers/${paperId}/pages/${c.page as number}`)
        ).json()) as {
          text: string
        }
        expect(page.text.replace(/\s+/g, ' ')).toContain(
          (c.quote as string).replace(/\s+/g, ' ').slice(0, 60)
        )
      }
    })

    it('generates an answer with a model (the fake Gemini), citations numbered as in the text', async () => {
      const r = await ask(full, {
        question: 'What is zebracorn attention?',
        papers: [paperId],
        details: true
      })
      const a = (await r.json()) as {
        answer: string
        citations: { number: number }[]
        details: { mode: string; verified: boolean; answeredBy?: { provider: string } }
      }
      expect(Object.keys(a)).toEqual(['question', 'answer', 'citations', 'details'])
      expect(a.details.mode).toBe('generated')
      expect(a.details.answeredBy?.provider).toBe('gemini')
      expect(a.citations.length).toBeGreaterThan(0)
      for (const c of a.citations) expect(a.answer).toContain(`[${c.number}]`)
    })

    it('answers with the provider the request names, over the library settings', async () => {
      const calls = gemini.requests.length
      // The writer's settings say Gemini (with a key); this request asks for the local model,
      // of which none is set up: the passages, with the local model's notice, and Gemini unasked.
      const r = await ask(full, {
        question: 'What is zebracorn attention?',
        papers: [paperId],
        provider: 'local',
        details: true
      })
      const a = (await r.json()) as {
        citations: unknown[]
        details: { mode: string; notice: { code: string } | null }
      }
      expect(a.details.mode).toBe('evidence')
      expect(a.details.notice?.code).toBe('LOCAL_MODEL_MISSING')
      expect(a.citations.length).toBeGreaterThan(0)
      expect(gemini.requests.length).toBe(calls)
      const named = await ask(full, {
        question: 'What is zebracorn attention?',
        papers: [paperId],
        provider: 'gemini',
        details: true
      })
      expect(((await named.json()) as { details: { mode: string } }).details.mode).toBe('generated')
    })

    it('streams stages, text, usage, then citations and the answer as SSE', async () => {
      const r = await ask(full, { question: 'What is zebracorn attention?' }, 'text/event-stream')
      expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const events = sseEvents(await r.text())
      const names = events.map((e) => e.event)
      expect(names.indexOf('stage')).toBeGreaterThanOrEqual(0)
      expect(names.indexOf('stage')).toBeLessThan(names.indexOf('token'))
      expect(names).toContain('token')
      expect(names).toContain('usage')
      expect(names.slice(-2)).toEqual(['citations', 'answer'])
      expect(names.lastIndexOf('token')).toBeLessThan(names.indexOf('citations'))
      const answer = events.at(-1)!.data as { answer: string; citations: unknown[] }
      const text = events
        .filter((e) => e.event === 'token')
        .map((e) => (e.data as { text: string }).text)
        .join('')
      expect(text.length).toBeGreaterThan(0)
      expect(events.at(-2)!.data).toEqual(answer.citations)
      expect(Object.keys(answer)).toEqual(['question', 'answer', 'citations'])
      const stage = events.find((e) => e.event === 'stage')!.data as Record<string, unknown>
      expect(Object.keys(stage).sort()).toEqual(['detail', 'stage'])
    })

    it('checks the body with the seed field names, and an unknown provider', async () => {
      const empty = await ask(plain, { question: '  ' })
      expect((await problem(empty)).detail).toBe('Invalid body: question: must not be empty')
      const extra = await ask(plain, { question: 'x', limit: 3 })
      expect((await problem(extra)).detail).toMatch(
        /^Invalid body: \(input\): Unrecognized key: "limit"/
      )
      const provider = await ask(plain, { question: 'x', provider: 'openai' })
      expect((await problem(provider)).detail).toMatch(/^Invalid body: provider: /)
    })
  })

  describe('routes, OpenAPI and docs', () => {
    it('answers an unknown route and a wrong method with a problem', async () => {
      const nope = await get(plain, '/nothing')
      expect(nope.status).toBe(404)
      expect((await problem(nope)).detail).toMatch(/\/openapi.json/)
      const method = await fetch(`${plain.url}/papers/${paperId}`, {
        method: 'DELETE',
        headers: auth
      })
      expect(method.status).toBe(405)
      expect((await problem(method)).detail).toMatch(/use GET/)
    })

    it('serves a valid OpenAPI 3.1 document with every route, without a token', async () => {
      const doc = (await (await fetch(`${plain.url}/openapi.json`)).json()) as OpenAPIV3_1.Document
      await SwaggerParser.validate(structuredClone(doc) as never)
      const routes = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {}).map((m) => `${m} ${path}`)
      )
      expect(routes.sort()).toEqual(
        [...API_ROUTES.map((r) => `${r.method} ${r.path}`), 'post /ask'].sort()
      )
      expect(doc.paths!['/ask']!.post!.requestBody).toBeDefined()
    })

    it('serves the interactive docs from the bundled Swagger UI (no CDN)', async () => {
      const page = await fetch(`${plain.url}/docs`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).not.toMatch(/https?:\/\//)
      for (const src of html.match(/(?:src|href)="([^"]+)"/g)!.map((m) => m.split('"')[1]!)) {
        const asset = await fetch(`${plain.url}${src}`)
        expect(asset.status, src).toBe(200)
        expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(100)
      }
    })
  })

  describe('MCP at /mcp in the same server', () => {
    it('serves the tools to the SDK client with the token', async () => {
      const client = new Client({ name: 'test', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${plain.url}/mcp`), {
          requestInit: { headers: auth }
        })
      )
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain('search_passages')
      const r = await client.callTool({ name: 'list_papers', arguments: {} })
      expect(JSON.stringify(r.content)).toContain('Sparse Attention Notes')
      await client.close()
    })

    it("gives every tool's structured result, valid against its outputSchema (SDK client)", async () => {
      const client = new Client({ name: 'test', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${plain.url}/mcp`), {
          requestInit: { headers: auth }
        })
      )
      const { tools } = await client.listTools()
      for (const t of tools) expect(t.outputSchema, t.name).toMatchObject({ type: 'object' })
      const search = await client.callTool({
        name: 'search_passages',
        arguments: { query: 'zebracorn', k: 3 }
      })
      const passages = (search.structuredContent as { passages: { chunkId: string }[] }).passages
      expect(passages.length).toBeGreaterThan(0)
      const calls: Record<string, Record<string, unknown>> = {
        search_passages: { query: 'zebracorn', k: 3 },
        get_passage: { chunkId: passages[0]!.chunkId },
        read_pages: { paperId, from: 1, to: 3 },
        get_section: { paperId, section: 'introduction' },
        list_papers: {},
        get_bibtex: { paperIds: [paperId] },
        cite: { paperIds: [paperId], style: 'vancouver' },
        citation_graph: {},
        ask: { question: 'What is zebracorn attention?', paperIds: [paperId] }
      }
      expect(Object.keys(calls).sort()).toEqual(tools.map((t) => t.name).sort())
      for (const [name, args] of Object.entries(calls)) {
        // The SDK client checks structuredContent against the tool's outputSchema (and throws).
        const r = await client.callTool({ name, arguments: args })
        expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy()
        expect(r.structuredContent, name).toBeTypeOf('object')
      }
      const pages = await client.callTool({
        name: 'read_pages',
        arguments: { paperId, from: 1, to: 3 }
      })
      const sc = pages.structuredContent as {
        pageCount: number
        pages: { page: number; text: string }[]
        nextCursor: string | null
      }
      expect(sc.pageCount).toBe(3)
      expect(sc.pages[1]!.text).toContain('zebracorn')
      // Bounded like the text: what is left is behind the same cursor.
      const shown = sc.pages.map((p) => p.page)
      if (shown.length < 3) {
        const rest = await client.callTool({
          name: 'read_pages',
          arguments: { paperId, from: 1, to: 3, cursor: sc.nextCursor }
        })
        const more = (rest.structuredContent as { pages: { page: number }[] }).pages
        shown.push(...more.map((p) => p.page).filter((p) => p !== shown.at(-1)))
      } else expect(sc.nextCursor).toBeNull()
      expect(shown).toEqual([1, 2, 3])
      const ask = (await client.callTool({ name: 'ask', arguments: calls.ask! }))
        .structuredContent as {
        mode: string
        citations: { paperId: string; quote: string }[]
      }
      expect(ask.mode).toBe('evidence')
      expect(ask.citations[0]).toMatchObject({ paperId, quote: expect.any(String) })
      await client.close()
    })

    it('explains a missing token and refuses a foreign Origin', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream'
      }
      const none = await raw(`${plain.url}/mcp`, { method: 'POST', headers, body })
      expect(none.status).toBe(401)
      expect(none.body).toMatch(/Authorization: Bearer <token>.*mcp-remote/)
      const foreign = await raw(`${plain.url}/mcp`, {
        method: 'POST',
        headers: { ...headers, ...auth, origin: 'https://evil.example' },
        body
      })
      expect(foreign.status).toBe(403)
    })
  })
})
