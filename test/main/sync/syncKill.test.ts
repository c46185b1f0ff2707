import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../../fixtures/runCli'
import { corpusFile } from '../../fixtures/sharedCorpus'

const FILES = ['1706.03762.pdf', '1810.04805.pdf', '2005.11401.pdf', 'extra/1301.3781.pdf'].map(
  (f) => corpusFile(f, 'sync kill -9 and resume')
)
const ROOT = resolve(__dirname, '../../..')

describe.skipIf(FILES.some((f) => !f))('sync killed mid-way', () => {
  let dir = ''
  const before = process.env.RESEARCHPAL_SYNC_SETTLE_MS
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
    if (before === undefined) delete process.env.RESEARCHPAL_SYNC_SETTLE_MS
    else process.env.RESEARCHPAL_SYNC_SETTLE_MS = before
  })

  it('resumes after kill -9 without adding or reporting a paper twice, and the papers are searchable', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-synckill-'))
    const folder = join(dir, 'Papers')
    const data = join(dir, 'data')
    mkdirSync(folder)
    FILES.forEach((f, i) => copyFileSync(f!, join(folder, `paper-${i}.pdf`)))
    // Files copied just now count as written (no waiting in this test).
    process.env.RESEARCHPAL_SYNC_SETTLE_MS = '0'
    expect(runCli(['watch', 'add', folder, '--data-dir', data]).code).toBe(0)

    // The real CLI, killed with SIGKILL once it has recorded an add in progress.
    // One process (node with tsx's loader), so SIGKILL reaches the CLI itself, not a wrapper.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main/cli.ts', 'sync', '--once', '--data-dir', data],
      {
        cwd: ROOT,
        env: { ...process.env, LANG: 'C.UTF-8', RESEARCHPAL_MODEL_DIR: '', GEMINI_API_KEY: '' },
        stdio: 'ignore'
      }
    )
    const stateFile = join(data, 'sync', 'sync-state.json')
    const deadline = Date.now() + 60_000
    let killedWhile = ''
    while (Date.now() < deadline) {
      const text = existsSync(stateFile) ? readFileSync(stateFile, 'utf8') : ''
      // Mid-sync: one paper handed to the library, the others not yet.
      if (text.includes('"synced"') && text.includes('"adding"')) {
        child.kill('SIGKILL')
        killedWhile = text
        break
      }
      await sleep(10)
    }
    await new Promise((r) => child.once('exit', r))
    expect(killedWhile).not.toBe('')

    const resumed = runCli(['sync', '--once', '--json', '--data-dir', data])
    expect(resumed.code, resumed.stderr).toBe(0)
    const run = JSON.parse(resumed.stdout).run as {
      counts: Record<string, number>
      changes: { file: string }[]
    }
    const list = (
      JSON.parse(runCli(['papers', '--json', '--data-dir', data]).stdout) as {
        papers: { paperId: string; status: string; syncOrigin: string | null }[]
      }
    ).papers
    // Every file once, every paper indexed.
    expect(list).toHaveLength(FILES.length)
    expect(new Set(list.map((p) => p.paperId)).size).toBe(FILES.length)
    expect(list.every((p) => p.status === 'indexed')).toBe(true)
    // Each says where it comes from.
    expect(list.every((p) => p.syncOrigin?.startsWith(folder))).toBe(true)
    // The resumed pass reported only what the killed one had not finished; none as duplicate.
    expect(run.counts.duplicate ?? 0).toBe(0)
    expect(run.counts.new).toBeGreaterThanOrEqual(1)
    expect(run.counts.new).toBeLessThanOrEqual(FILES.length - 1)
    const doneBefore = Object.entries(
      (JSON.parse(killedWhile) as { folders: { files: Record<string, { state: string }> }[] })
        .folders[0]!.files
    )
      .filter(([, f]) => f.state === 'synced')
      .map(([path]) => path)
    expect(doneBefore.length).toBeGreaterThanOrEqual(1)
    for (const c of run.changes) expect(doneBefore).not.toContain(c.file)
    expect(run.changes).toHaveLength(FILES.length - doneBefore.length)
    // A third pass has nothing to do.
    const third = runCli(['sync', '--once', '--data-dir', data])
    expect(third.stdout).toMatch(/: no changes\.$/m)
    // Searchable with no import step.
    const search = runCli(['search', 'bidirectional encoder representations', '--data-dir', data])
    expect(search.stdout).toMatch(/BERT/)
  }, 240_000)
})
