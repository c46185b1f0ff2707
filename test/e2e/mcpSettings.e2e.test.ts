import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { startHarness, type Harness } from './harness'

describe('Settings: the MCP client setup', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness({
      embedder: new FakeEmbedderProvider(null),
      defaultCorpusDir: null,
      viewport: { width: 1280, height: 1000 }
    })
    await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: h.url
    })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('shows the JSON for Claude Desktop and Cursor, naming this library, and copies it', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Connections' }).click()
    const snippet = page.getByTestId('mcp-snippet')
    await snippet.waitFor()
    await snippet.scrollIntoViewIfNeeded()
    const json = JSON.parse((await snippet.textContent()) ?? '') as {
      mcpServers: { researchpal: { command: string; args: string[] } }
    }
    const server = json.mcpServers.researchpal
    expect(server.args.slice(-3)).toEqual(['mcp', '--data-dir', h.dataDir])
    const section = page.locator('section[aria-labelledby="mcp-heading"]')
    await section.getByRole('button', { name: 'Copy' }).click()
    await expect.poll(() => section.getByRole('status').textContent()).toBe('Copied.')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(JSON.parse(copied)).toEqual(json)
    await h.screenshot('mcp-settings')
  })
})

describe('Settings: the MCP client setup in Portuguese', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness({
      embedder: new FakeEmbedderProvider(null),
      defaultCorpusDir: null,
      locale: 'pt-BR',
      viewport: { width: 1280, height: 1000 }
    })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('says it all in Portuguese, around the same JSON', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Configurações' }).click()
    await page.getByRole('tab', { name: 'Conexões' }).click()
    await page.getByTestId('mcp-snippet').waitFor()
    const section = page.locator('section[aria-labelledby="mcp-heading"]')
    await section.scrollIntoViewIfNeeded()
    await expect
      .poll(() => section.locator('#mcp-heading').textContent())
      .toBe('Usar no Claude Desktop, no Cursor e em outros clientes MCP')
    expect(await section.getByRole('button', { name: 'Copiar' }).count()).toBe(1)
    expect(await section.textContent()).toContain('para deixá-lo adicionar artigos do arXiv')
    await h.screenshot('mcp-settings-pt-BR')
  })
})
