import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { LabServer } from '../../fakes/labServer'
import { closedPort } from '../../fakes/closedPort'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const dir = mkdtempSync(join(tmpdir(), 'rp-lab-cli-'))
/** Every command run, as a person would read it, for the closing note. */
const transcript: string[] = []

/**
 * Runs the CLI from source without blocking this process (the lab server runs in it), with no
 * model folder (keyword-only, as on a machine without the model) and the given language.
 */
function cli(
  args: string[],
  env: Record<string, string> = {}
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/main/cli.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        GEMINI_API_KEY: '',
        LANG: 'C.UTF-8',
        LC_ALL: '',
        LC_MESSAGES: '',
        RESEARCHPAL_MODEL_DIR: '',
        RESEARCHPAL_LAB_URL: '',
        ...env
      }
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('close', (code) => {
      const shown = args.map((a) =>
        (a.startsWith(dir) ? a.replace(dir, '$TMP') : a).replace(/:[^:@/]+@/, ':…@')
      )
      transcript.push(`$ researchpal ${shown.join(' ')}\n${stderr}${stdout}`.trimEnd())
      done({ code, stdout, stderr })
    })
  })
}

async function library(name: string, title: string, marker: string): Promise<string> {
  const data = join(dir, name)
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, makePaperPdf({ title, pages: 3, marker, seed: marker.length }))
  const s = await createServices({
    dataDir: data,
    secrets: new MemorySecretStore(null),
    embedder: new FakeEmbedderProvider(null),
    env: {},
    log: () => undefined
  })
  await s.library.addPaths([file])
  await s.library.whenIdle()
  await s.close()
  return data
}

describe('the lab CLI: two data folders, one lab (PGlite + pgvector over the wire)', () => {
  let server: LabServer
  let alice = ''
  let bob = ''

  beforeAll(async () => {
    server = await LabServer.create()
    alice = await library('alice', 'Capybara Attention Kernels', 'capybara')
    bob = await library('bob', 'Tapir Decoder Notes', 'tapir')
  }, 300_000)
  afterAll(async () => {
    await server?.close()
    if (process.env.RESEARCHPAL_LAB_TRANSCRIPT)
      writeFileSync(process.env.RESEARCHPAL_LAB_TRANSCRIPT, `${transcript.join('\n\n')}\n`)
  })

  it('connect --init, publish twice (nothing sent twice), status; the other folder finds, cites and opens', async () => {
    const url = server.url
    const c = await cli(['lab', 'connect', url, '--init', '--data-dir', alice])
    expect(c.code, c.stderr).toBe(0)
    expect(c.stdout).toContain('Lab schema set up: migration(s) 1, 2, 3 applied.')
    expect(c.stdout).not.toContain('secret') // the password is never printed
    const p = await cli(['lab', 'publish', '--data-dir', alice])
    expect(p.code, p.stderr).toBe(0)
    expect(p.stdout).toContain('Published 1 paper(s), 0 already in the lab, 0 failed.')
    const again = await cli(['lab', 'publish', '--data-dir', alice])
    expect(again.stdout).toContain('Published 0 paper(s), 1 already in the lab, 0 failed.')
    // Bob's folder reaches the lab through the environment (CI, a shared machine).
    const env = { RESEARCHPAL_LAB_URL: url }
    const s = await cli(['search', 'capybara2', '--data-dir', bob], env)
    expect(s.code, s.stderr).toBe(0)
    expect(s.stdout).toMatch(/\[lab\] 1\. Capybara Attention Kernels, p\. 2/)
    const json = await cli(['lab', 'search', 'capybara2', '--json', '--data-dir', bob], env)
    const hit = JSON.parse(json.stdout).results[0] as { chunkId: string; page: number }
    expect(hit.page).toBe(2)
    const o = await cli(['lab', 'open', hit.chunkId, '--data-dir', bob], env)
    expect(o.code, o.stderr).toBe(0)
    expect(o.stdout).toMatch(/Capybara Attention Kernels: .*lab-cache.*\.pdf \(page 2\)/)
    expect(existsSync(o.stdout.match(/: (\S+\.pdf)/)![1]!)).toBe(true)
    const st = await cli(['lab', 'status', '--data-dir', alice], { LANG: 'pt_BR.UTF-8' })
    expect(st.stdout).toMatch(
      /Conectado ao laboratório em 127\.0\.0\.1:\d+\/postgres .* 1 artigo, 6 trechos/
    )
    // The role it connects as, and that it may publish (pglite-socket logs everyone in as its owner).
    expect(st.stdout).toContain(
      'O papel postgres é curador deste laboratório: pode buscar e publicar.'
    )
  }, 600_000)

  it('the lab down: search answers from this library and says so; a wrong URL is named; disconnect', async () => {
    const down = { RESEARCHPAL_LAB_URL: `postgres://reader:pw@127.0.0.1:${await closedPort()}/lab` }
    const s = await cli(['search', 'tapir2', '--data-dir', bob], down)
    expect(s.code, s.stderr).toBe(0)
    expect(s.stdout).toContain(
      'The lab could not be searched, so these results are from this library only'
    )
    expect(s.stdout).toMatch(/1\. Tapir Decoder Notes, p\. 2/)
    const bad = await cli(['lab', 'connect', 'http://nowhere', '--data-dir', bob])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('is not a PostgreSQL connection string')
    expect(bad.stderr).not.toMatch(/\n\s+at /) // no stack trace
    const d = await cli(['lab', 'disconnect', '--data-dir', alice])
    expect(d.stdout).toMatch(/Disconnected from the lab at 127\.0\.0\.1:\d+\/postgres/)
    const st = await cli(['lab', 'status', '--data-dir', alice])
    expect(st.stdout).toContain('No lab library is connected.')
  }, 600_000)
})
