import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { currentCliLaunch, mcpConfig } from '../../../src/main/mcp/mcpConfig'

const ROOT = resolve(__dirname, '../../..')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
/** The README's placeholders, and what they are on this machine. */
const NODE = '/abs/path/to/node'
const CHECKOUT = '/abs/path/to/researchpal'
const LIBRARY = '/home/me/.config/ResearchPal'

interface ServerEntry {
  type?: string
  command: string
  args: string[]
  env?: Record<string, string>
}

/** The fenced blocks of the README's MCP section. */
function mcpSection(): { json: string[]; jsonc: string[] } {
  const start = README.indexOf('## Claude Desktop, Cursor and other MCP clients')
  const section = README.slice(start, README.indexOf('\n## ', start + 10))
  const blocks = (lang: string): string[] =>
    [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!)
  return { json: blocks('json'), jsonc: blocks('jsonc') }
}

/** The checkout configs as written: one JSON object after each `// <client>` comment line. */
function checkoutConfigs(): { client: string; config: Record<string, unknown> }[] {
  const [block] = mcpSection().jsonc
  expect(block, 'the README has a jsonc block of checkout configs').toBeDefined()
  return block!
    .split(/^\/\/ /m)
    .filter((part) => part.trim())
    .map((part) => {
      const newline = part.indexOf('\n')
      return { client: part.slice(0, newline), config: JSON.parse(part.slice(newline)) }
    })
}

/** Claude Desktop and Cursor read `mcpServers`; VS Code reads `servers` with a `type`. */
function entryOf(config: Record<string, unknown>): ServerEntry {
  const servers = (config.mcpServers ?? config.servers) as Record<string, ServerEntry>
  return servers.researchpal!
}

describe('the README MCP configs, spawned as Claude Desktop, Cursor and VS Code spawn them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-readme-mcp-'))
  const data = join(dir, 'library')
  const home = join(dir, 'home')
  // What those apps give a server: no shell, a working directory of their own (here /), and a
  // minimal environment (the SDK's inherited HOME, USER, SHELL, TERM...) with a PATH on which
  // there is no node (an empty folder: /usr/bin has one here), so only absolute paths work.
  const appEnv = {
    PATH: join(dir, 'empty-bin'),
    HOME: home,
    GEMINI_API_KEY: '',
    LANG: 'C.UTF-8'
  }
  let paperId = ''

  beforeAll(() => {
    const pdf = join(dir, 'sparse.pdf')
    writeFileSync(pdf, makePaperPdf({ title: 'Sparse Attention Notes', pages: 2, marker: 'q' }))
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/cli.mjs'), 'ingest', pdf, '--data-dir', data, '--json'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 120_000 }
    )
    expect(r.status, r.stderr).toBe(0)
    paperId = (JSON.parse(r.stdout) as { papers: { paperId: string }[] }).papers[0]!.paperId
  }, 150_000)

  it('shows the same entry for the installed app as Settings writes', () => {
    const [block] = mcpSection().json
    const shown = entryOf(JSON.parse(block!))
    const settings = JSON.parse(
      mcpConfig(
        currentCliLaunch({
          mainDir: '/opt/ResearchPal/resources/app.asar/out/main',
          packaged: true
        }),
        LIBRARY
      ).snippet
    ).mcpServers.researchpal
    expect(shown).toEqual({ ...settings, command: shown.command })
    expect(shown.command).toMatch(/^\//)
  })

  it('names Claude Desktop, Cursor and VS Code, each with absolute paths', () => {
    const configs = checkoutConfigs()
    const clients = configs.map((c) => c.client).join(' ')
    for (const name of ['Claude Desktop', 'Cursor', 'VS Code']) expect(clients).toContain(name)
    for (const { config } of configs) {
      const entry = entryOf(config)
      expect(entry.command).toBe(NODE)
      expect(entry.args[0]).toBe(`${CHECKOUT}/scripts/cli.mjs`)
      if ('servers' in config) expect(entry.type).toBe('stdio')
    }
  })

  for (const { client, config } of checkoutConfigs()) {
    it(`${client}: the exact command and args start a server the SDK client validates`, async () => {
      const entry = entryOf(config)
      const fill = (s: string): string =>
        s.replace(NODE, process.execPath).replace(CHECKOUT, ROOT).replace(LIBRARY, data)
      const transport = new StdioClientTransport({
        command: fill(entry.command),
        args: entry.args.map(fill),
        env: { ...appEnv, ...entry.env },
        cwd: '/',
        stderr: 'pipe'
      })
      let stderr = ''
      transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()))
      const mcp = new Client({ name: client.split(':')[0]!.trim(), version: '1.0.0' })
      await mcp.connect(transport)
      try {
        const { tools } = await mcp.listTools()
        expect(tools.map((t) => t.name)).toContain('list_papers')
        for (const t of tools) expect(t.outputSchema, t.name).toBeDefined()
        // callTool validates structuredContent against the tool's outputSchema.
        const r = (await mcp.callTool({ name: 'list_papers', arguments: {} })) as {
          structuredContent?: { papers?: { paperId: string }[] }
          isError?: boolean
        }
        expect(r.isError, stderr).toBeFalsy()
        expect(JSON.stringify(r.structuredContent)).toContain(paperId)
      } finally {
        await mcp.close()
      }
    }, 60_000)
  }
})
