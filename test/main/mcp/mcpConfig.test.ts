import { describe, expect, it } from 'vitest'
import { currentCliLaunch, mcpConfig } from '../../../src/main/mcp/mcpConfig'

describe('the MCP client configuration Settings shows', () => {
  it('runs the installed app as Node on its built CLI, with absolute paths', () => {
    const c = mcpConfig(
      currentCliLaunch('/opt/ResearchPal/resources/app.asar/out/main'),
      '/home/r/.config/ResearchPal'
    )
    const server = JSON.parse(c.snippet).mcpServers.researchpal
    expect(server).toEqual({
      command: process.execPath,
      args: [
        '/opt/ResearchPal/resources/app.asar/out/main/cli.js',
        'mcp',
        '--data-dir',
        '/home/r/.config/ResearchPal'
      ],
      env: { ELECTRON_RUN_AS_NODE: '1' }
    })
  })

  it('from a checkout, runs this Node with tsx on the CLI source and no env block', () => {
    const server = JSON.parse(mcpConfig(currentCliLaunch(), '/data').snippet).mcpServers.researchpal
    expect(server.args[server.args.length - 4]).toMatch(/src[\\/]main[\\/]cli\.ts$/)
    expect(server.args.slice(-3)).toEqual(['mcp', '--data-dir', '/data'])
    expect(server.env).toBeUndefined()
  })
})
