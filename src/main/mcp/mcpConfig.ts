import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { McpConfig } from '../../shared/types'

/** How to start the ResearchPal CLI from outside: a program, its first arguments, its env. */
export interface CliLaunch {
  command: string
  args: string[]
  env: Record<string, string>
}

/** The argument that makes the app's executable run a CLI command instead of its window. */
export const CLI_FLAG = '--cli'

/** Where the built app is, when this process is the app (see {@link currentCliLaunch}). */
export interface BuiltApp {
  /** `out/main` of the built app. */
  mainDir: string
  /** True in an installed app: the executable knows its app; else `electron <main>` is run. */
  packaged: boolean
}

/**
 * The CLI as this process can start it.
 * @remarks Run from a checkout (`npm run cli`, tests), that is this Node with
 * `scripts/cli.mjs`, which runs the CLI built to JavaScript (rebuilt first when a source is newer). Inside Electron (the app, packaged or not) it is the app's own executable
 * with {@link CLI_FLAG}: its main process runs the command with Electron's own Node, before and
 * instead of any window (src/main/index.ts), so an installed app needs no separate Node and no
 * run-as-node mode (its fuse is off). Absolute paths throughout: Claude Desktop starts servers
 * with a minimal PATH and an unknown working directory.
 */
export function currentCliLaunch(app?: BuiltApp): CliLaunch {
  if (app) {
    return {
      command: process.execPath,
      args: app.packaged ? [CLI_FLAG] : [join(app.mainDir, 'index.js'), CLI_FLAG],
      env: {}
    }
  }
  return { command: process.execPath, args: [join(checkoutRoot(), 'scripts/cli.mjs')], env: {} }
}

/** The checkout this module runs from: the nearest folder above with `scripts/cli.mjs`. */
function checkoutRoot(): string {
  let dir = __dirname
  while (!existsSync(join(dir, 'scripts/cli.mjs'))) {
    const up = dirname(dir)
    if (up === dir) return resolve(__dirname, '../../..')
    dir = up
  }
  return dir
}

/** The `mcpServers` entry Claude Desktop and Cursor read, for a library folder. */
export function mcpConfig(launch: CliLaunch, dataDir: string): McpConfig {
  const args = [...launch.args, 'mcp', '--data-dir', dataDir]
  const server: Record<string, unknown> = { command: launch.command, args }
  if (Object.keys(launch.env).length > 0) server.env = launch.env
  const snippet = JSON.stringify({ mcpServers: { researchpal: server } }, null, 2)
  return { command: launch.command, args, env: launch.env, dataDir, snippet }
}
