import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { currentCliLaunch, mcpConfig } from '../../../src/main/mcp/mcpConfig'

describe('the MCP client configuration Settings shows', () => {
  it('runs the installed app itself with --cli (no run-as-node), with absolute paths', () => {
    const c = mcpConfig(
      currentCliLaunch({ mainDir: '/opt/ResearchPal/resources/app.asar/out/main', packaged: true }),
      '/home/r/.config/ResearchPal'
    )
    const server = JSON.parse(c.snippet).mcpServers.researchpal
    expect(server).toEqual({
      command: process.execPath,
      args: ['--cli', 'mcp', '--data-dir', '/home/r/.config/ResearchPal']
    })
  })

  it('runs an unpackaged app (electron-vite dev) as electron <main> --cli', () => {
    const c = mcpConfig(currentCliLaunch({ mainDir: '/src/rp/out/main', packaged: false }), '/d')
    expect(c.args).toEqual(['/src/rp/out/main/index.js', '--cli', 'mcp', '--data-dir', '/d'])
    expect(c.env).toEqual({})
  })

  it('from a checkout, runs this Node on the built CLI (scripts/cli.mjs) and no env block', () => {
    const server = JSON.parse(mcpConfig(currentCliLaunch(), '/data').snippet).mcpServers.researchpal
    expect(server.args).toHaveLength(4)
    expect(server.args[0]).toBe(resolve(__dirname, '../../../scripts/cli.mjs'))
    expect(server.args.slice(-3)).toEqual(['mcp', '--data-dir', '/data'])
    expect(server.env).toBeUndefined()
  })
})
