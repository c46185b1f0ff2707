import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { serveApi, type ApiServer } from '../../../src/main/server/apiServer'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { startFakeGemini, type FakeGemini } from '../../fakes/fakeGemini'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const DOC = resolve(__dirname, '../../../docs/API.md')
const TOKEN = 'docs-token-0123456789abcdef'

/** The fenced blocks of docs/API.md: language, tag (`setup` blocks are not run) and code. */
function blocks(): { lang: string; tag: string; code: string }[] {
  const text = readFileSync(DOC, 'utf8')
  return [...text.matchAll(/^```(\w+)(?: (\w+))?\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    tag: m[2] ?? '',
    code: m[3]!
  }))
}

/** Whether a program runs here (and, for Python or R, whether it has the module). */
function has(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0
}

describe('docs/API.md: its snippets run against a live server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-api-docs-'))
  let gemini: FakeGemini
  let services: Services
  let server: ApiServer
  let paperId = ''
  let env: NodeJS.ProcessEnv = {}

  beforeAll(async () => {
    gemini = await startFakeGemini()
    services = await createServices({
      dataDir: join(dir, 'data'),
      secrets: new MemorySecretStore('test-key'),
      embedder: new FakeEmbedderProvider(),
      env: { GEMINI_BASE_URL: gemini.baseUrl },
      log: () => undefined
    })
    const pdf = join(dir, 'attention.pdf')
    writeFileSync(pdf, makePaperPdf({ title: 'Attention Notes', pages: 3, marker: 'attention' }))
    await services.library.addPaths([pdf])
    await services.library.whenIdle()
    paperId = services.library.list()[0]!.id
    server = await serveApi(services, {
      port: 0,
      token: TOKEN,
      allowAdd: false,
      log: () => undefined
    })
    env = { ...process.env, RP: server.url, TOKEN }
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    await services?.close()
    await gemini?.close()
  })

  /**
   * Runs a snippet, the example paper id replaced by the test library's.
   * @remarks Asynchronously: the server runs in this process and must answer meanwhile.
   */
  const run = async (cmd: string, args: string[], code: string): Promise<string> => {
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
      (done) => {
        const child = spawn(cmd, [...args, code.replaceAll('1706.03762', paperId)], {
          env,
          timeout: 60_000
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
        child.on('close', (status) => done({ status, stdout, stderr }))
      }
    )
    expect(r.status, `${code}\n${r.stderr}`).toBe(0)
    expect(r.stdout.trim().length, code).toBeGreaterThan(0)
    // No problem document came back (a 4xx/5xx body printed by curl).
    expect(r.stdout, code).not.toMatch(/"type":"urn:researchpal:problem/)
    return r.stdout
  }

  it('runs every curl snippet; /ask gives the seed fields, the SSE one ends with the answer', async () => {
    const curls = blocks().filter((b) => b.lang === 'sh' && b.tag === '')
    expect(curls.length).toBeGreaterThanOrEqual(3)
    const outputs: string[] = []
    for (const b of curls) outputs.push(await run('bash', ['-euo', 'pipefail', '-c'], b.code))
    const ask = JSON.parse(outputs[0]!) as Record<string, unknown>
    expect(Object.keys(ask).slice(0, 3)).toEqual(['question', 'answer', 'citations'])
    expect(outputs[1]).toMatch(/^event: stage$/m)
    expect(outputs[1]!.trim().split('\n\n').at(-1)).toMatch(/^event: answer\ndata: \{"question"/)
    expect(outputs[2]).toMatch(/@\w+\{/)
  })

  it('runs the Python snippets (requests; httpx where installed)', async (ctx) => {
    if (!has('python3', ['-c', 'import requests'])) {
      console.warn('skipped: python3 with requests is not installed here')
      ctx.skip()
    }
    const pythons = blocks().filter((b) => b.lang === 'python')
    expect(pythons.length).toBeGreaterThanOrEqual(2)
    const withHttpx = has('python3', ['-c', 'import httpx'])
    for (const b of pythons) {
      if (b.tag === 'httpx' && !withHttpx) {
        console.warn('skipped the httpx snippet: httpx is not installed here')
        continue
      }
      const out = await run('python3', ['-c'], b.code)
      if (b.tag === '') expect(out).toMatch(/\[1\]|citations/)
    }
  })

  it('runs the R snippet where R and httr2 are installed', async (ctx) => {
    if (!has('Rscript', ['-e', 'library(httr2)'])) {
      console.warn('skipped: Rscript with httr2 is not installed here')
      ctx.skip()
    }
    for (const b of blocks().filter((x) => x.lang === 'r')) await run('Rscript', ['-e'], b.code)
  })
})
