/**
 * `npx tsx bench/mcpSizes.ts`: how many tokens (cl100k) each MCP tool's typical result costs a
 * client's context, and what the tool list itself costs, as JSON.
 * @remarks Ingests the three default papers from ../shared/corpus (or, without it, three fixture
 * papers, and says so) through the app's services, then starts `researchpal mcp` over stdio the
 * way the Settings snippet does and calls each tool once through the SDK's client. No API key:
 * `ask` gives its evidence-only answer.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { countTokens } from '../src/main/ingest/chunker'
import { currentCliLaunch, mcpConfig } from '../src/main/mcp/mcpConfig'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import { makePaperPdf } from '../test/fixtures/fixturePapers'
import { SHARED_DIR } from './ingestCorpus'

async function buildLibrary(root: string): Promise<{ source: string; ids: string[] }> {
  const corpus = join(SHARED_DIR, 'corpus')
  const real = existsSync(join(corpus, '1706.03762.pdf'))
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    defaultCorpusDir: real ? corpus : null,
    log: (m) => console.error(m)
  })
  try {
    if (real) await services.library.addDefaults()
    else {
      const files = [1, 2, 3].map((n) => {
        const f = join(root, `fixture-${n}.pdf`)
        writeFileSync(f, makePaperPdf({ title: `Fixture Paper ${n}`, pages: 10, seed: n }))
        return f
      })
      await services.library.addPaths(files)
    }
    await services.library.whenIdle()
    const ids = services.library.list().map((p) => p.id)
    return {
      source: real
        ? '../shared/corpus (1706.03762, 1810.04805, 2005.11401)'
        : 'fixtures (../shared missing)',
      ids
    }
  } finally {
    await services.close()
  }
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'researchpal-mcp-sizes-'))
  const { source, ids } = await buildLibrary(root)
  const first = ids[0]!
  const config = mcpConfig(currentCliLaunch(), root)
  const client = new Client({ name: 'mcp-sizes', version: '1' })
  await client.connect(
    new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: { ...(process.env as Record<string, string>), GEMINI_API_KEY: '', ...config.env },
      stderr: 'ignore'
    })
  )
  try {
    const { tools } = await client.listTools()
    const listJson = JSON.stringify(tools)
    const text = (r: unknown): string =>
      (r as { content: { text: string }[] }).content.map((c) => c.text).join('\n')
    const search = text(
      await client.callTool({
        name: 'search_passages',
        arguments: { query: 'scaled dot-product attention', k: 5 }
      })
    )
    const chunkId = /\S+-page-\d+-chunk-\d+/.exec(search)?.[0] ?? `${first}-page-1-chunk-0`
    const calls: [string, string, Record<string, unknown>][] = [
      ['list_papers', 'list_papers', {}],
      [
        'search_passages (k=5, excerpts)',
        'search_passages',
        { query: 'scaled dot-product attention', k: 5 }
      ],
      [
        'search_passages (k=5, full)',
        'search_passages',
        { query: 'scaled dot-product attention', k: 5, full: true }
      ],
      ['get_passage', 'get_passage', { chunkId }],
      ['read_pages (1 page)', 'read_pages', { paperId: first, from: 3 }],
      ['read_pages (3 pages, first call)', 'read_pages', { paperId: first, from: 3, to: 5 }],
      ['get_section (conclusion)', 'get_section', { paperId: first, section: 'conclusion' }],
      ['get_bibtex (3 papers)', 'get_bibtex', { paperIds: ids }],
      [
        'ask (evidence-only)',
        'ask',
        { question: 'How many layers does the Transformer encoder stack?' }
      ]
    ]
    const results: Record<
      string,
      { tokens: number; chars: number; more: boolean; error: boolean }
    > = {}
    for (const [label, name, args] of calls) {
      const r = await client.callTool({ name, arguments: args })
      const t = text(r)
      results[label] = {
        tokens: countTokens(t),
        chars: t.length,
        more: /\nmore: /.test(t),
        error: r.isError === true
      }
    }
    const figures = {
      library: source,
      tokenizer: 'cl100k_base (js-tiktoken)',
      toolList: { tools: tools.length, tokens: countTokens(listJson), chars: listJson.length },
      perTool: Object.fromEntries(tools.map((t) => [t.name, countTokens(JSON.stringify(t))])),
      results
    }
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`)
  } finally {
    await client.close()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
