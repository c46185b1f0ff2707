import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')
const ENV = {
  ...process.env,
  GEMINI_API_KEY: '',
  // English output, whatever the machine's locale (the CLI follows LANG).
  LANG: 'C.UTF-8',
  LC_ALL: '',
  LC_MESSAGES: '',
  RESEARCHPAL_MODEL_DIR: ''
}

/** A running child process and what it has printed so far. */
interface Running {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

const running: Running[] = []

function start(args: string[]): Running {
  const child = spawn(TSX, args, { cwd: ROOT, env: ENV })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  const run = { child, stdout: () => out, stderr: () => err, exit }
  running.push(run)
  return run
}

/** The real CLI, as `npm run cli` runs it. */
function cli(args: string[]): Running {
  return start(['src/main/cli.ts', ...args])
}

/** A writer that stops at its first embedding until `gate` exists (see gatedWriterChild). */
function gatedWriter(data: string, gate: string, args: string[]): Running {
  return start(['test/fixtures/gatedWriterChild.ts', data, gate, ...args])
}

function cliSync(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(TSX, ['src/main/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: ENV,
    timeout: 120_000
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** A folder of `n` papers, each with its own marker word; returns their paper ids (by hash). */
function papers(dir: string, prefix: string, n: number): { id: string; marker: string }[] {
  mkdirSync(dir, { recursive: true })
  const out: { id: string; marker: string }[] = []
  for (let i = 0; i < n; i++) {
    const marker = `${prefix}mark${'abcdefgh'[i]}`
    const bytes = makePaperPdf({ title: `${prefix} paper ${i}`, pages: 3, seed: i + 7, marker })
    writeFileSync(join(dir, `${prefix}-${i}.pdf`), bytes)
    out.push({ id: createHash('sha256').update(bytes).digest('hex').slice(0, 12), marker })
  }
  return out
}

/** Every paper is indexed and its marker finds it (through the real CLI, read-only). */
function expectSearchable(data: string, expected: { id: string; marker: string }[]): void {
  const listed = JSON.parse(cliSync(['papers', '--data-dir', data, '--json']).stdout) as {
    papers: { paperId: string; status: string; chunks: number }[]
  }
  for (const p of expected) {
    const row = listed.papers.find((r) => r.paperId === p.id)
    expect(row?.status, p.id).toBe('indexed')
    const s = cliSync(['search', `${p.marker}2`, '--data-dir', data, '--json'])
    expect(s.code, s.stderr).toBe(0)
    const hits = (JSON.parse(s.stdout) as { results: { paperId: string }[] }).results
    expect(hits[0]?.paperId, `search for ${p.marker}2`).toBe(p.id)
  }
}

async function poll(what: string, ok: () => boolean, ms = 90_000): Promise<void> {
  await expect.poll(ok, { timeout: ms, interval: 50, message: what }).toBe(true)
}

afterEach(() => {
  for (const r of running.splice(0)) if (r.child.exitCode === null) r.child.kill('SIGKILL')
})

describe('one writer per data folder (real processes)', () => {
  it('a search while another process ingests neither resumes nor damages its papers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-1w-search-'))
    const data = join(dir, 'data')
    const gate = join(dir, 'gate')
    const list = papers(join(dir, 'in'), 'srch', 3)
    const writer = gatedWriter(data, gate, ['ingest', join(dir, 'in')])
    await poll('the writer starts embedding', () => writer.stdout().includes('"embedding"'))
    // Mid-ingest: a reader lists and searches; it must not wait for the writer, nor touch it.
    const papersRun = cliSync(['papers', '--data-dir', data, '--json'])
    expect(papersRun.code, papersRun.stderr).toBe(0)
    const searchRun = cliSync(['search', 'attention', '--data-dir', data, '--json'])
    expect(searchRun.stderr).not.toContain('INTERNAL')
    expect(searchRun.stderr).not.toContain('Waiting for')
    writeFileSync(gate, '')
    expect(await writer.exit, writer.stderr()).toBe(0)
    expectSearchable(data, list)
  }, 240_000)

  it('a remove during an ingest waits for it, and the removed paper stays removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-1w-remove-'))
    const data = join(dir, 'data')
    const gate = join(dir, 'gate')
    const list = papers(join(dir, 'in'), 'rmv', 3)
    const writer = gatedWriter(data, gate, ['ingest', join(dir, 'in')])
    await poll('the writer starts embedding', () => writer.stdout().includes('"embedding"'))
    const victim = list[0]!
    const remover = cli(['remove', victim.id, '--data-dir', data])
    await poll('the remover says who it waits for', () =>
      remover.stderr().includes('Waiting for the gated test writer')
    )
    writeFileSync(gate, '')
    expect(await writer.exit, writer.stderr()).toBe(0)
    expect(await remover.exit, remover.stderr()).toBe(0)
    const listed = JSON.parse(cliSync(['papers', '--data-dir', data, '--json']).stdout) as {
      papers: { paperId: string }[]
    }
    expect(listed.papers.map((p) => p.paperId)).not.toContain(victim.id)
    expect(existsSync(join(data, 'pdfs', `${victim.id}.pdf`))).toBe(false)
    expect(existsSync(join(data, 'pages', `${victim.id}.json`))).toBe(false)
    expectSearchable(data, list.slice(1))
  }, 240_000)

  it('two ingests into one folder run one after the other and both libraries survive', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-1w-ingest-'))
    const data = join(dir, 'data')
    const gate = join(dir, 'gate')
    const first = papers(join(dir, 'a'), 'first', 3)
    const second = papers(join(dir, 'b'), 'second', 3)
    const writer = gatedWriter(data, gate, ['ingest', join(dir, 'a')])
    await poll('the writer starts embedding', () => writer.stdout().includes('"embedding"'))
    const other = cli(['ingest', join(dir, 'b'), '--data-dir', data])
    await poll('the second ingest waits', () => other.stderr().includes('Waiting for'))
    writeFileSync(gate, '')
    expect(await writer.exit, writer.stderr()).toBe(0)
    expect(await other.exit, other.stderr()).toBe(0)
    expectSearchable(data, [...first, ...second])
  }, 240_000)

  it('a writer that must not wait refuses with DATA_FOLDER_BUSY naming the holder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-1w-busy-'))
    const data = join(dir, 'data')
    const gate = join(dir, 'gate')
    papers(join(dir, 'in'), 'busy', 1)
    const writer = gatedWriter(data, gate, ['ingest', join(dir, 'in')])
    await poll('the writer starts embedding', () => writer.stdout().includes('"embedding"'))
    const r = cliSync(['remove', 'abc', '--data-dir', data, '--wait', '0', '--json'])
    expect(r.code).toBe(1)
    const error = (JSON.parse(r.stdout) as { error: { code: string; message: string } }).error
    expect(error.code).toBe('DATA_FOLDER_BUSY')
    expect(error.message).toContain('the gated test writer')
    expect(error.message).toMatch(/pid \d+/)
    writeFileSync(gate, '')
    expect(await writer.exit).toBe(0)
    expect(existsSync(join(data, 'writer.lock'))).toBe(false)
    expect(readFileSync(join(data, 'library.json'), 'utf8')).toContain('"version": 3')
  }, 240_000)
})
