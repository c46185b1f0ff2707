import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Thread, ThreadSummary } from '../../../src/shared/threads'
import { startFakeGemini, type FakeGemini } from '../../fakes/fakeGemini'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')
const BASE_ENV = {
  GEMINI_API_KEY: '',
  // English output, whatever the machine's locale (the CLI follows LANG).
  LANG: 'C.UTF-8',
  LC_ALL: '',
  LC_MESSAGES: '',
  RESEARCHPAL_MODEL_DIR: '',
  GEMINI_BASE_URL: ''
}

/** Runs the real CLI in a child process, as `npm run --silent cli -- ...` does. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(TSX, ['src/main/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...BASE_ENV, ...env },
    timeout: 120_000
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function json<T>(r: { code: number | null; stdout: string; stderr: string }): T {
  if (r.code !== 0) throw new Error(`CLI exited ${r.code}: ${r.stderr}`)
  return JSON.parse(r.stdout) as T
}

describe('conversations from the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-threads-cli-'))
  const data = join(dir, 'data')
  let threadId = ''
  let gemini: FakeGemini | undefined

  beforeAll(() => {
    const pdf = join(dir, 'notes.pdf')
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Zebracorn Field Notes', pages: 3, marker: 'zebracorn' })
    )
    expect(cli(['ingest', pdf, '--data-dir', data]).code).toBe(0)
  })
  afterAll(async () => {
    await gemini?.close()
  })

  it('starts a thread, follows up with the history (evidence mode), lists, shows and exports it', () => {
    const first = json<{ threadId: string; turnId: string; mode: string }>(
      cli(['ask', '--new-thread', 'What does zebracorn2 close?', '--data-dir', data, '--json'])
    )
    expect(first.mode).toBe('evidence')
    threadId = first.threadId
    expect(threadId).toMatch(/^t-/)
    const follow = cli(['ask', '--thread', threadId, 'Which page is it on?', '--data-dir', data])
    expect(follow.code).toBe(0)
    // The follow-up was searched with the earlier question's key terms.
    expect(follow.stderr).toContain('searching: "Which page is it on? zebracorn2"')
    expect(follow.stdout).toContain(`Follow up with: ask --thread ${threadId}`)

    const list = json<{ threads: ThreadSummary[]; damaged: unknown[] }>(
      cli(['threads', '--data-dir', data, '--json'])
    )
    expect(list.threads).toEqual([
      expect.objectContaining({
        id: threadId,
        title: 'What does zebracorn2 close?',
        turnCount: 2,
        lastQuestion: 'Which page is it on?',
        scope: null
      })
    ])
    expect(list.damaged).toEqual([])

    const { thread } = json<{ thread: Thread }>(
      cli(['thread', 'show', threadId, '--data-dir', data, '--json'])
    )
    expect(thread.turns.map((t) => [t.status, t.mode])).toEqual([
      ['done', 'evidence'],
      ['done', 'evidence']
    ])
    expect(thread.turns[1]!.citations[0]!.page).toBe(2)

    const md = cli(['thread', 'export', threadId, '--format', 'md', '--data-dir', data])
    expect(md.code).toBe(0)
    expect(md.stdout).toMatch(/^# What does zebracorn2 close\?/)
    expect(md.stdout).toContain('## References')
    const bib = cli(['thread', 'export', threadId, '--format', 'bib', '--data-dir', data])
    expect(bib.stdout).toMatch(/^@misc\{\w+,/)
    expect(bib.stdout).toContain('title = {Zebracorn')
    const bad = cli(['thread', 'export', threadId, '--format', 'pdf', '--data-dir', data])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--format must be md or bib')
    const missing = cli(['thread', 'show', 't-nope', '--data-dir', data, '--json'])
    expect(missing.code).toBe(1)
    expect(JSON.parse(missing.stdout).error.code).toBe('NOT_FOUND')
  })

  it('leaves the thread intact with the last turn interrupted when killed mid-answer', async () => {
    expect(threadId).not.toBe('')
    let reached!: () => void
    const synthesisStarted = new Promise<void>((r) => (reached = r))
    gemini = await startFakeGemini({
      script: {
        synthesis: () => {
          reached()
          return { hang: true }
        }
      }
    })
    const child = spawn(
      TSX,
      ['src/main/cli.ts', 'ask', '--thread', threadId, 'And on page 3?', '--data-dir', data],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ...BASE_ENV,
          GEMINI_API_KEY: 'test-key',
          GEMINI_BASE_URL: gemini.baseUrl
        },
        stdio: 'ignore',
        // Its own process group, so the kill below reaches the node process tsx starts too (a
        // surviving grandchild would go on writing the thread and holding the writer lock).
        detached: true
      }
    )
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, s) => r(s)))
    await synthesisStarted
    const file = join(data, 'threads', `${threadId}.json`)
    expect(readFileSync(file, 'utf8')).toContain('"running"')
    process.kill(-child.pid!, 'SIGKILL')
    expect(await exited).toBe('SIGKILL')

    const { thread } = json<{ thread: Thread }>(
      cli(['thread', 'show', threadId, '--data-dir', data, '--json'])
    )
    expect(thread.turns.map((t) => t.status)).toEqual(['done', 'done', 'interrupted'])
    expect(thread.turns[2]!.question).toBe('And on page 3?')
    expect(thread.turns[0]!.citations.length).toBeGreaterThan(0)
    // The follow-up before the crash carried the history to the model (the newest turns that
    // fit the budget: evidence-only answers are long).
    const [tools] = gemini.of('tools')
    const contents = tools!.body.contents
    expect(contents.map((c) => c.role).slice(-3)).toEqual(['user', 'model', 'user'])
    expect(contents.at(-3)!.parts[0]!['text']).toBe('Which page is it on?')
    expect(contents.at(-1)!.parts[0]!['text']).toBe('And on page 3?')
  })

  it('reports a damaged thread file, sets it aside, and still lists the others', () => {
    const threads = join(data, 'threads')
    writeFileSync(join(threads, 't-damaged-1.json'), '{"version":1,"thread":')
    const list = json<{ threads: ThreadSummary[]; damaged: { movedTo: string; reason: string }[] }>(
      cli(['threads', '--data-dir', data, '--json'])
    )
    expect(list.threads.map((t) => t.id)).toEqual([threadId])
    expect(list.damaged).toHaveLength(1)
    expect(list.damaged[0]!.reason).toMatch(/not valid JSON/)
    expect(existsSync(list.damaged[0]!.movedTo)).toBe(true)
    expect(readdirSync(threads)).not.toContain('t-damaged-1.json')
    writeFileSync(join(threads, 't-damaged-2.json'), 'not json at all')
    const text = cli(['threads', '--data-dir', data])
    expect(text.stdout).toContain(`${join(threads, 't-damaged-2.json')} could not be read`)
  })
})
