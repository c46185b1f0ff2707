/**
 * CLI start-up figures (issue 35): time to the first byte of `--help` on stdout, and an MCP
 * stdio spawn + connect (initialize + tools/list) with the SDK client, as Claude Desktop or
 * Cursor start the server. Each for the built CLI (`scripts/cli.mjs`, what `npm run cli` and
 * the MCP snippet run) and, for comparison, the TypeScript source through tsx (before).
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const ROOT = resolve(__dirname, '..')
const BUILT = [join(ROOT, 'scripts/cli.mjs')]
const TSX = [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'src/main/cli.ts')]
const ENV = { ...process.env, GEMINI_API_KEY: '', RESEARCHPAL_MODEL_DIR: '', LANG: 'C.UTF-8' }

/** Milliseconds from spawn to the first byte on stdout. */
function firstOutputMs(args: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { env: ENV, stdio: ['ignore', 'pipe', 'ignore'] })
    let at = 0
    child.stdout.once('data', () => (at = performance.now() - started))
    child.once('error', fail)
    child.once('exit', (code) =>
      code === 0 && at > 0 ? done(at) : fail(new Error(`exit ${code}`))
    )
  })
}

/** Milliseconds from spawn to a listed tool set over stdio. */
async function mcpConnectMs(args: string[], dataDir: string): Promise<number> {
  const started = performance.now()
  const client = new Client({ name: 'bench', version: '1' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...args, 'mcp', '--data-dir', dataDir],
      env: ENV as Record<string, string>,
      cwd: tmpdir(),
      stderr: 'ignore'
    })
  )
  await client.listTools()
  const ms = performance.now() - started
  await client.close()
  return ms
}

function stats(xs: number[]): { median: number; min: number; max: number; runs: number } {
  const s = [...xs].sort((a, b) => a - b)
  const r = (x: number): number => Math.round(x)
  return {
    median: r(s[Math.floor(s.length / 2)]!),
    min: r(s[0]!),
    max: r(s.at(-1)!),
    runs: s.length
  }
}

/** The figures, `reps` runs each after one untimed warm-up (which also builds a stale CLI). */
export async function cliStart(reps: number): Promise<Record<string, unknown>> {
  const data = await mkdtemp(join(tmpdir(), 'rp-cli-start-'))
  try {
    const measure = async (f: () => Promise<number>): Promise<ReturnType<typeof stats>> => {
      await f()
      const xs: number[] = []
      for (let i = 0; i < reps; i++) xs.push(await f())
      return stats(xs)
    }
    return {
      note: 'ms from spawn (node, no npm) to the first stdout byte of --help, and to tools/list answered over stdio (empty library); median of the runs after one warm-up',
      helpFirstOutputMs: {
        built: await measure(() => firstOutputMs([...BUILT, '--help'])),
        tsxSource: await measure(() => firstOutputMs([...TSX, '--help']))
      },
      mcpStdioConnectMs: {
        built: await measure(() => mcpConnectMs(BUILT, data)),
        tsxSource: await measure(() => mcpConnectMs(TSX, data))
      },
      targetMs: 500
    }
  } finally {
    await rm(data, { recursive: true, force: true })
  }
}
