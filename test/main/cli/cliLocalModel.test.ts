import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Answer } from '../../../src/shared/types'
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/fakeOpenAi'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { closedPort } from '../../fakes/closedPort'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')

/**
 * Runs the real CLI in a child process without blocking this one, so the fake server in this
 * process can answer it.
 */
function cli(
  args: string[],
  env: NodeJS.ProcessEnv = {}
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      TSX,
      ['src/main/cli.ts', ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          GEMINI_API_KEY: '',
          // English output, whatever the machine's locale (the CLI follows LANG).
          LANG: 'C.UTF-8',
          LC_ALL: '',
          LC_MESSAGES: '',
          GEMINI_BASE_URL: '',
          RESEARCHPAL_MODEL_DIR: '',
          RESEARCHPAL_LLM_BASE_URL: '',
          RESEARCHPAL_LLM_MODEL: '',
          ...env
        },
        timeout: 120_000
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        done({ code, stdout, stderr })
      }
    )
  })
}

describe('the CLI with a local model (fake OpenAI-compatible server over HTTP)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-cli-local-'))
  const data = join(dir, 'data')
  let server: FakeOpenAi
  const question = 'What does zebracorn2 describe?'

  beforeAll(async () => {
    const pdf = join(dir, 'notes.pdf')
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Sparse Attention Notes', pages: 3, marker: 'zebracorn' })
    )
    server = await startFakeOpenAi({
      models: {
        'qwen2.5:3b': {},
        'gemma3:1b': { tools: 'ignored' },
        'tiny:ctx': { tools: 'ignored', contextTokens: 60 },
        'slow:7b': { chunkDelayMs: 3000 }
      }
    })
    const r = await cli(['ingest', pdf, '--data-dir', data, '--json'])
    expect(r.code).toBe(0)
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  const local = (): NodeJS.ProcessEnv => ({ RESEARCHPAL_LLM_BASE_URL: server.baseUrl })

  it('ask --provider local --model: a generated, cited answer labelled local (tools path)', async () => {
    const r = await cli(
      [
        'ask',
        question,
        '--provider',
        'local',
        '--model',
        'qwen2.5:3b',
        '--data-dir',
        data,
        '--json'
      ],
      local()
    )
    expect(r.code).toBe(0)
    const answer = JSON.parse(r.stdout) as Answer
    expect(answer).toMatchObject({
      mode: 'generated',
      verified: true,
      answeredBy: { provider: 'local', model: 'qwen2.5:3b', fallback: false }
    })
    expect(answer.answer).toMatch(/\[1\]/)
    expect(answer.citations[0]?.page).toBe(2)
    const text = await cli(
      ['ask', question, '--provider', 'local', '--model', 'qwen2.5:3b', '--data-dir', data],
      local()
    )
    expect(text.stdout).toMatch(/^\[Local model qwen2\.5:3b\]/)
  }, 120_000)

  it('a model that ignores tools still answers, from passages the app retrieved (no-tools path)', async () => {
    const r = await cli(['ask', question, '--provider', 'local', '--data-dir', data, '--json'], {
      ...local(),
      RESEARCHPAL_LLM_MODEL: 'gemma3:1b'
    })
    expect(r.code).toBe(0)
    const answer = JSON.parse(r.stdout) as Answer
    expect(answer.mode).toBe('generated')
    expect(answer.answeredBy?.model).toBe('gemma3:1b')
    expect(answer.citations[0]?.page).toBe(2)
  }, 120_000)

  it('Gemini offline falls back to the configured local model, and says so', async () => {
    const r = await cli(['ask', question, '--data-dir', data, '--json'], {
      ...local(),
      RESEARCHPAL_LLM_MODEL: 'qwen2.5:3b',
      GEMINI_API_KEY: 'test-key',
      GEMINI_BASE_URL: `http://127.0.0.1:${await closedPort()}`
    })
    expect(r.code).toBe(0)
    const answer = JSON.parse(r.stdout) as Answer
    expect(answer.mode).toBe('generated')
    expect(answer.answeredBy).toEqual({ provider: 'local', model: 'qwen2.5:3b', fallback: true })
  }, 120_000)

  it('reports a stopped server, a missing model, a bad address, a too-small window and a timeout', async () => {
    const down = await cli(
      [
        'ask',
        question,
        '--provider',
        'local',
        '--model',
        'qwen2.5:3b',
        '--data-dir',
        data,
        '--json'
      ],
      { RESEARCHPAL_LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }
    )
    expect(down.code).toBe(1)
    const unreachable = (JSON.parse(down.stdout) as { error: { code: string; message: string } })
      .error
    expect(unreachable.code).toBe('LOCAL_MODEL_UNREACHABLE')
    expect(unreachable.message).toContain('Start Ollama, or check the address in Settings')

    const missing = await cli(
      ['ask', question, '--provider', 'local', '--model', 'llama3.2', '--data-dir', data, '--json'],
      local()
    )
    expect(missing.code).toBe(1)
    const error = (JSON.parse(missing.stdout) as { error: { code: string; message: string } }).error
    expect(error.code).toBe('LOCAL_MODEL_MISSING')
    expect(error.message).toContain('ollama pull llama3.2')

    const remote = await cli(['papers', '--data-dir', data, '--json'], {
      RESEARCHPAL_LLM_BASE_URL: 'http://192.168.1.20:11434/v1'
    })
    expect(remote.code).toBe(1)
    expect(remote.stderr).toMatch(
      /RESEARCHPAL_LLM_BASE_URL is not usable: must be an https:\/\/ address, or an http:\/\/ address on this computer/
    )

    const tiny = await cli(
      ['ask', question, '--provider', 'local', '--model', 'tiny:ctx', '--data-dir', data, '--json'],
      local()
    )
    expect(tiny.code).toBe(1)
    expect((JSON.parse(tiny.stdout) as { error: { code: string } }).error.code).toBe(
      'CONTEXT_TOO_SMALL'
    )

    const slowData = join(dir, 'slow-data')
    cpSync(data, slowData, { recursive: true })
    writeFileSync(join(slowData, 'settings.json'), JSON.stringify({ requestTimeoutMs: 1000 }))
    const slow = await cli(
      [
        'ask',
        question,
        '--provider',
        'local',
        '--model',
        'slow:7b',
        '--data-dir',
        slowData,
        '--json'
      ],
      local()
    )
    expect(slow.code).toBe(1)
    const timeout = (JSON.parse(slow.stdout) as { error: { code: string; message: string } }).error
    expect(timeout.code).toBe('TIMEOUT')
    expect(timeout.message).toMatch(/"slow:7b" sent nothing for 1 s/)

    const usage = await cli(['ask', question, '--model', 'x', '--data-dir', data])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('--model needs --provider')
  }, 180_000)
})
