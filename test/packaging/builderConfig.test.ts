import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { inflateSync } from 'node:zlib'
import { drawIcon } from '../../scripts/packaging/icons/drawIcon'
import { ICNS_TYPES } from '../../scripts/packaging/icons/iconContainers'
import { loadBuilderConfig } from './builderInternals'

const projectDir = resolve(__dirname, '..', '..')
type Config = Awaited<ReturnType<typeof loadBuilderConfig>>
let config: Config
beforeAll(async () => {
  config = await loadBuilderConfig(projectDir)
})

function section(name: string): Record<string, unknown> {
  return (config[name] ?? {}) as Record<string, unknown>
}

function targetNames(os: string): string[] {
  const targets = section(os).target as Array<string | { target: string }>
  return targets.map((t) => (typeof t === 'string' ? t : t.target))
}

/** The RGBA pixels of a PNG written by pngEncode.ts (one IDAT chunk, filter type 0 on each row). */
function pngPixels(png: Buffer): Buffer {
  const [width] = pngSize(png)
  const idat = png.indexOf(Buffer.from('IDAT'))
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)))
  const rows: Buffer[] = []
  for (let at = 0; at < raw.length; at += width * 4 + 1) {
    expect(raw[at]).toBe(0)
    rows.push(raw.subarray(at + 1, at + 1 + width * 4))
  }
  return Buffer.concat(rows)
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema validation and names the app", () => {
    expect(config.appId).toBe('app.researchpal.desktop')
    expect(config.productName).toBe('ResearchPal')
  })

  it('builds the installers users download: AppImage and deb, NSIS, dmg', () => {
    expect(targetNames('linux')).toEqual(['AppImage', 'deb'])
    expect(targetNames('win')).toEqual(['nsis'])
    expect(targetNames('mac')).toEqual(['dmg'])
  })

  it('builds macOS for Apple silicon only, the one Mac CPU onnxruntime-node 1.30 ships', () => {
    const mac = section('mac').target as Array<{ arch: string[] }>
    expect(mac[0]!.arch).toEqual(['arm64'])
    const ortMac = join(projectDir, 'node_modules/onnxruntime-node/bin/napi-v6/darwin')
    if (existsSync(ortMac)) expect(existsSync(join(ortMac, 'x64'))).toBe(false)
  })

  it('never rebuilds native modules (prebuilt N-API binaries; a rebuild needs the network)', () => {
    expect(config.npmRebuild).toBe(false)
  })

  it('runs the model check before packing, from a file that exists', () => {
    expect(config.beforePack).toBe('./scripts/packaging/beforePack.cjs')
    expect(existsSync(join(projectDir, config.beforePack as string))).toBe(true)
  })

  it('keeps every file filter at the top level (see appFiles.test.ts for why)', () => {
    for (const os of ['linux', 'win', 'mac']) expect(section(os).files).toBeUndefined()
  })

  it('signs macOS builds with entitlements that let Electron JIT and load onnxruntime', () => {
    const plist = readFileSync(join(projectDir, section('mac').entitlements as string), 'utf8')
    for (const key of [
      'allow-jit',
      'allow-unsigned-executable-memory',
      'disable-library-validation'
    ]) {
      expect(plist).toContain(`<key>com.apple.security.cs.${key}</key>`)
    }
  })
})

describe('app icons', () => {
  it('gives each platform an icon in its own format', () => {
    const ico = readFileSync(join(projectDir, section('win').icon as string))
    expect(ico.readUInt16LE(2)).toBe(1)
    const icoSizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + 16 * i] || 256)
    expect(icoSizes).toContain(256)
    expect(icoSizes).toContain(16)

    const icns = readFileSync(join(projectDir, section('mac').icon as string))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icns.includes(Buffer.from('ic10'))).toBe(true)

    const linuxDir = join(projectDir, section('linux').icon as string)
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(readFileSync(join(linuxDir, `${size}x${size}.png`)))).toEqual([size, size])
    }
  })

  it('are what scripts/packaging/icons/makeIcons.ts draws, pixel for pixel', () => {
    for (const size of [16, 32, 128]) {
      const committed = readFileSync(join(projectDir, `resources/icons/png/${size}x${size}.png`))
      expect(pngPixels(committed), `${size} px: run makeIcons.ts`).toEqual(
        Buffer.from(drawIcon(size).data)
      )
    }
  })

  it('use the same images in the .ico, the .icns and the Linux set', () => {
    const png = (size: number): Buffer =>
      readFileSync(join(projectDir, `resources/icons/png/${size}x${size}.png`))
    const ico = readFileSync(join(projectDir, 'resources/icons/icon.ico'))
    for (let i = 0; i < ico.readUInt16LE(4); i++) {
      const size = ico[6 + 16 * i] || 256
      const [length, offset] = [ico.readUInt32LE(6 + 16 * i + 8), ico.readUInt32LE(6 + 16 * i + 12)]
      expect(ico.subarray(offset, offset + length).equals(png(size)), `ico ${size}`).toBe(true)
    }
    const icns = readFileSync(join(projectDir, 'resources/icons/icon.icns'))
    for (const [type, size] of ICNS_TYPES) {
      const at = icns.indexOf(Buffer.from(type))
      const length = icns.readUInt32BE(at + 4) - 8
      expect(icns.subarray(at + 8, at + 8 + length).equals(png(size)), `icns ${type}`).toBe(true)
    }
  })
})
