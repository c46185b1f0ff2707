import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { currentCliLaunch } from '../../src/main/mcp/mcpConfig'
import { loadBuilderConfig } from './builderInternals'

const load = createRequire(import.meta.url)
const projectDir = resolve(__dirname, '..', '..')

// electron-builder's own step (app-builder-lib 26.17.0 internals, as in builderInternals.ts) that
// turns `electronFuses` into @electron/fuses' configuration right before signing.
const { PlatformPackager } = load('app-builder-lib') as {
  PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<FuseConfig> } }
}
const fuses = load('@electron/fuses') as {
  FuseV1Options: Record<string, number>
  flipFuses(path: string, config: FuseConfig): Promise<number>
  getCurrentFuseWire(path: string): Promise<Record<number, number>>
}
const { SENTINEL } = load('@electron/fuses/dist/constants') as { SENTINEL: string }
type FuseConfig = Record<string, unknown>

const ON = '1'.charCodeAt(0)
const OFF = '0'.charCodeAt(0)

/**
 * A stand-in for the Electron binary: bytes around a V1 fuse wire in Electron 45's factory
 * state (run-as-node, NODE_OPTIONS and --inspect on; cookie encryption, asar integrity and
 * asar-only off), since the real binary cannot be downloaded here.
 */
function fakeElectronBinary(): string {
  const factory = [ON, OFF, ON, ON, OFF, OFF, OFF, ON]
  const file = join(mkdtempSync(join(tmpdir(), 'rp-fuses-')), 'researchpal')
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.alloc(4096, 7),
      Buffer.from(SENTINEL, 'ascii'),
      Buffer.from([1, factory.length, ...factory]),
      Buffer.alloc(4096, 9)
    ])
  )
  return file
}

describe('electron-builder.yml electronFuses', () => {
  it('flips the fuses that close run-as-node, NODE_OPTIONS, --inspect and non-asar code', async () => {
    const config = await loadBuilderConfig(projectDir)
    expect(config.electronFuses).toBeTruthy()
    const fuseConfig = await PlatformPackager.prototype.generateFuseConfig.call(
      {},
      config.electronFuses
    )
    const binary = fakeElectronBinary()
    expect(await fuses.flipFuses(binary, fuseConfig)).toBe(1)
    const wire = await fuses.getCurrentFuseWire(binary)
    const o = fuses.FuseV1Options
    const state = (name: string): string =>
      wire[o[name]!] === ON ? 'on' : wire[o[name]!] === OFF ? 'off' : `state ${wire[o[name]!]}`
    // Run-as-node is off, and must stay off while the installed app's MCP setup does not need it
    // (the app runs its CLI itself with --cli, src/main/index.ts).
    const launch = currentCliLaunch({ mainDir: '/app/out/main', packaged: true })
    const mcpNeedsRunAsNode = 'ELECTRON_RUN_AS_NODE' in launch.env
    expect(mcpNeedsRunAsNode).toBe(false)
    expect(state('RunAsNode')).toBe('off')
    expect({
      EnableCookieEncryption: state('EnableCookieEncryption'),
      EnableNodeOptionsEnvironmentVariable: state('EnableNodeOptionsEnvironmentVariable'),
      EnableNodeCliInspectArguments: state('EnableNodeCliInspectArguments'),
      EnableEmbeddedAsarIntegrityValidation: state('EnableEmbeddedAsarIntegrityValidation'),
      OnlyLoadAppFromAsar: state('OnlyLoadAppFromAsar')
    }).toEqual({
      EnableCookieEncryption: 'on',
      EnableNodeOptionsEnvironmentVariable: 'off',
      EnableNodeCliInspectArguments: 'off',
      EnableEmbeddedAsarIntegrityValidation: 'on',
      OnlyLoadAppFromAsar: 'on'
    })
    // The app itself is in the asar, so loading only from the asar cannot lock it out.
    expect(config.asar).toBe(true)
  })
})
