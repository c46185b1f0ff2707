import { createServer, type Server } from 'node:net'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServerStatus } from '../../../src/shared/apiServer'
import type { AppError } from '../../../src/shared/errors'
import { createServices, type Services } from '../../../src/main/services'
import { serveApi } from '../../../src/main/server/apiServer'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'

/** A port nobody listens on now (taken and given back). */
async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done))
  const port = (s.address() as { port: number }).port
  await new Promise<void>((done) => s.close(() => done()))
  return port
}

/** The services as the app opens them: with `serveApi`, as src/main/index.ts passes it. */
const open = (dataDir: string): Promise<Services> =>
  createServices({
    dataDir,
    secrets: new MemorySecretStore(null),
    embedder: new FakeEmbedderProvider(),
    env: {},
    serveApi: (s, o) => serveApi(s, { ...o, allowAdd: false }),
    log: () => undefined
  })

describe("Settings' switch for the local HTTP API (the app runs `serve` in main)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-local-api-'))
  const data = join(dir, 'data')
  let services: Services
  let port = 0
  let taker: Server | null = null

  const set = async (input: unknown, transport: 'electron' | 'mcp' = 'electron') =>
    services.router.invoke('apiServer:set', input, { transport })
  const status = async (): Promise<ApiServerStatus> => {
    const r = await services.router.invoke('apiServer:status', {}, { transport: 'electron' })
    if (!r.ok) throw new Error(r.error.message)
    return r.value as ApiServerStatus
  }

  beforeAll(async () => {
    services = await open(data)
    const pdf = join(dir, 'notes.pdf')
    writeFileSync(pdf, makePaperPdf({ title: 'Sparse Attention Notes', pages: 2, marker: 'q' }))
    await services.library.addPaths([pdf])
    await services.library.whenIdle()
    port = await freePort()
  }, 120_000)

  afterAll(async () => {
    taker?.close()
    await services?.close()
  })

  it('is off until switched on', async () => {
    const s = await status()
    expect(s).toMatchObject({ running: false, url: null, port: 8765, token: null })
    expect(s.tokenFile).toBe(join(data, 'api-token'))
  })

  it('switched on, serves the library on 127.0.0.1 with the token it shows once', async () => {
    const r = await set({ enabled: true, port })
    expect(r.ok).toBe(true)
    const on = (r as { value: ApiServerStatus }).value
    expect(on).toMatchObject({ running: true, url: `http://127.0.0.1:${port}`, port })
    expect(on.token).toMatch(/^[\w-]{20,}$/)
    expect(readFileSync(on.tokenFile, 'utf8').trim()).toBe(on.token)
    const papers = await fetch(`${on.url}/papers`, {
      headers: { authorization: `Bearer ${on.token}` }
    })
    expect(papers.status).toBe(200)
    expect(JSON.stringify(await papers.json())).toContain('Sparse Attention Notes')
    expect((await fetch(`${on.url}/papers`)).status).toBe(401)
    // Read from now on without the token: it was shown once.
    expect(await status()).toMatchObject({ running: true, url: on.url, token: null })
    expect(services.settings.get()).toMatchObject({ apiServer: true, apiServerPort: port })
  })

  it('is not switched by MCP or HTTP callers, only by the window', async () => {
    const r = await set({ enabled: false }, 'mcp')
    expect(r.ok).toBe(false)
    expect((r as { error: AppError }).error.message).toMatch(/Settings/)
    expect((await status()).running).toBe(true)
  })

  it('starts again with the app when it was left on, with the same token', async () => {
    const token = readFileSync(join(data, 'api-token'), 'utf8').trim()
    await services.close()
    await expect(fetch(`http://127.0.0.1:${port}/papers`)).rejects.toThrow()
    services = await open(data)
    expect(await status()).toMatchObject({ running: true, port })
    const r = await fetch(`http://127.0.0.1:${port}/papers`, {
      headers: { authorization: `Bearer ${token}` }
    })
    expect(r.status).toBe(200)
  }, 60_000)

  it('switched off, stops listening and stays off at the next start', async () => {
    const r = await set({ enabled: false })
    expect((r as { value: ApiServerStatus }).value).toMatchObject({ running: false, url: null })
    await expect(fetch(`http://127.0.0.1:${port}/papers`)).rejects.toThrow()
    await services.close()
    services = await open(data)
    expect((await status()).running).toBe(false)
  }, 60_000)

  it('says which port is taken, and the app still opens when it is', async () => {
    taker = createServer()
    await new Promise<void>((done) => taker!.listen(port, '127.0.0.1', done))
    const r = await set({ enabled: true, port })
    expect(r.ok).toBe(false)
    expect((r as { error: AppError }).error.message).toContain(`Port ${port} is taken`)
    expect((await status()).running).toBe(false)
    // Left on in Settings from an earlier run, with the port taken: the app opens all the same.
    await services.settings.update({ apiServer: true, apiServerPort: port })
    await services.close()
    services = await open(data)
    expect((await status()).running).toBe(false)
    expect(services.library.list()).toHaveLength(1)
  }, 60_000)
})
