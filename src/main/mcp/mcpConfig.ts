import { join, resolve } from 'node:path'
import type { McpConfig } from '../../shared/types'

/** How to start the ResearchPal CLI from outside: a program, its first arguments, its env. */
export interface CliLaunch {
  command: string
  args: string[]
  env: Record<string, string>
}

/**
 * The CLI as this process can start it.
 * @remarks Run from source (`npm run cli`, tests), that is this Node with tsx and
 * `src/main/cli.ts`; inside Electron (the app, packaged or not) it is the app's own executable
 * run as Node (`ELECTRON_RUN_AS_NODE=1`) on the built `out/main/cli.js`, so an installed app
 * needs no separate Node. Absolute paths throughout: Claude Desktop starts servers with a
 * minimal PATH and an unknown working directory.
 */
export function currentCliLaunch(builtMainDir?: string): CliLaunch {
  if (builtMainDir) {
    return {
      command: process.execPath,
      args: [join(builtMainDir, 'cli.js')],
      env: { ELECTRON_RUN_AS_NODE: '1' }
    }
  }
  const root = resolve(__dirname, '../../..')
  return {
    command: process.execPath,
    args: [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/main/cli.ts')],
    env: {}
  }
}

/** The `mcpServers` entry Claude Desktop and Cursor read, for a library folder. */
export function mcpConfig(launch: CliLaunch, dataDir: string): McpConfig {
  const args = [...launch.args, 'mcp', '--data-dir', dataDir]
  const server: Record<string, unknown> = { command: launch.command, args }
  if (Object.keys(launch.env).length > 0) server.env = launch.env
  const snippet = JSON.stringify({ mcpServers: { researchpal: server } }, null, 2)
  return { command: launch.command, args, env: launch.env, dataDir, snippet }
}
