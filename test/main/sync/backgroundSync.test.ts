import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startBackgroundSync } from '../../../src/main/sync/backgroundSync'
import { SyncService, syncStateFile } from '../../../src/main/sync/SyncService'
import type { LibraryNotice } from '../../../src/shared/types'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { corpusFile } from '../../fixtures/sharedCorpus'

const BERT = corpusFile('1810.04805.pdf', 'background sync')

describe.skipIf(!BERT)('the app following a watched folder', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('makes a PDF dropped into a watched folder a paper with no import step, and says so', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-bgsync-'))
    const folder = join(dir, 'Downloads')
    mkdirSync(folder)
    const data = join(dir, 'data')
    const lib = buildLibrary(data)
    await lib.service.open()
    // Set up as `watch add` does, in another process before the app started.
    const setup = new SyncService({ library: lib.service, file: syncStateFile(data) })
    await setup.load()
    await setup.addFolder(folder)

    const notices: LibraryNotice[] = []
    const stop = await startBackgroundSync({
      library: lib.service,
      dataDir: data,
      notify: (n) => notices.push(n),
      settleMs: 300
    })
    try {
      copyFileSync(BERT!, join(folder, 'bert.pdf'))
      await expect.poll(() => lib.service.list().length, { timeout: 60_000 }).toBe(1)
      await lib.service.whenIdle()
      expect(lib.service.list()[0]!.status).toBe('indexed')
      await expect.poll(() => notices.map((n) => n.key), { timeout: 10_000 }).toContain('syncRan')
      expect(notices.find((n) => n.key === 'syncRan')!.params).toMatchObject({ added: '1' })
    } finally {
      await stop()
      await lib.service.close()
    }
  }, 120_000)

  it('watches nothing and tells nothing when no folder or Zotero link is set up', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-bgsync-'))
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const notices: LibraryNotice[] = []
    const stop = await startBackgroundSync({
      library: lib.service,
      dataDir: join(dir, 'data'),
      notify: (n) => notices.push(n)
    })
    await stop()
    await lib.service.close()
    expect(notices).toEqual([])
  })

  it('opens the library with a notice when the sync state is from a newer ResearchPal, leaving the file as it was', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-bgsync-'))
    const data = join(dir, 'data')
    const file = syncStateFile(data)
    mkdirSync(join(data, 'sync'), { recursive: true })
    const newer = JSON.stringify({ format: 'researchpal-sync-state', version: 99, folders: [] })
    writeFileSync(file, newer)
    const lib = buildLibrary(data)
    await lib.service.open()
    const notices: LibraryNotice[] = []
    const stop = await startBackgroundSync({
      library: lib.service,
      dataDir: data,
      notify: (n) => notices.push(n)
    })
    await stop()
    await lib.service.close()
    expect(notices.map((n) => n.key)).toEqual(['newerImport'])
    expect(notices[0]!.message).toContain('newer ResearchPal')
    expect(readFileSync(file, 'utf8')).toBe(newer)
  })
})
