import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SyncService, syncStateFile } from '../../../src/main/sync/SyncService'
import { buildLibrary } from '../../fixtures/libraryHarness'

describe('the sync state file', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const open = async () => {
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    return {
      lib,
      sync: new SyncService({ library: lib.service, file: syncStateFile(join(dir, 'data')) })
    }
  }

  it('is versioned and keeps fields it does not know', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-syncstate-'))
    mkdirSync(join(dir, 'Papers'))
    const { lib, sync } = await open()
    await sync.load()
    await sync.addFolder(join(dir, 'Papers'), { poll: true })
    const file = syncStateFile(join(dir, 'data'))
    const doc = JSON.parse(readFileSync(file, 'utf8'))
    expect(doc).toMatchObject({ version: 1, folders: [{ path: join(dir, 'Papers'), poll: true }] })
    writeFileSync(file, JSON.stringify({ ...doc, fromLater: { kept: true } }))
    const again = new SyncService({ library: lib.service, file })
    await again.load()
    await again.setPaused(true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      paused: true,
      fromLater: { kept: true }
    })
    await lib.service.close()
  })

  it('refuses a newer file untouched, and sets a damaged one aside with a message', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-syncstate-'))
    const file = syncStateFile(join(dir, 'data'))
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify({ version: 9, folders: [] }))
    const { lib, sync } = await open()
    await expect(sync.load()).rejects.toThrow(/newer ResearchPal \(format 9\)/)
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(9)
    writeFileSync(file, '{"version": 1, "folders": [tru')
    const damaged = await sync.load()
    expect(damaged).toMatchObject({ key: 'syncStateDamaged' })
    expect(existsSync(file)).toBe(false)
    expect(
      readdirSync(dirname(file)).some((f) => f.startsWith('sync-state.json.unreadable-'))
    ).toBe(true)
    expect(sync.current().folders).toEqual([])
    await lib.service.close()
  })
})
