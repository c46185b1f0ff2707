import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import type { Result } from '../../../src/shared/errors'
import type { SyncStatus } from '../../../src/shared/sync'
import type { LibraryNotice, Paper } from '../../../src/shared/types'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { makeZoteroFolder } from '../../fixtures/zoteroFixture'

/** The services as the app opens them (following watched folders), with scripted dialogs. */
function open(
  dataDir: string,
  picks: { folder?: string; zotero?: string },
  extra: { readOnly?: boolean } = {}
): Promise<Services> {
  return createServices({
    dataDir,
    secrets: new MemorySecretStore(null),
    embedder: new FakeEmbedderProvider(null),
    env: { RESEARCHPAL_SYNC_SETTLE_MS: '200' },
    filePicker: {
      pickPdfs: async () => [],
      pickFolder: async () => picks.folder ?? null,
      pickImport: async (kind) => (kind === 'zotero' ? (picks.zotero ?? null) : null)
    },
    syncInBackground: true,
    defaultCorpusDir: null,
    ...extra,
    log: () => undefined
  })
}

async function call<T>(s: Services, channel: string, input: unknown = {}): Promise<Result<T>> {
  return (await s.router.invoke(channel, input, { transport: 'electron' })) as Result<T>
}
async function ok<T = SyncStatus>(s: Services, channel: string, input: unknown = {}): Promise<T> {
  const r = await call<T>(s, channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}
const papers = async (s: Services): Promise<Paper[]> =>
  (await ok<{ papers: Paper[] }>(s, 'library:list')).papers
const notices = async (s: Services): Promise<LibraryNotice[]> =>
  (await ok<{ notices: LibraryNotice[] }>(s, 'library:notices')).notices

describe("Settings' sync channels over the app's services", () => {
  let dir = ''
  let services: Services | null = null
  afterEach(async () => {
    await services?.close()
    services = null
    rmSync(dir, { recursive: true, force: true })
  })

  it('adds a folder from the dialog, follows it, pauses, resumes, syncs now, removes it keeping the papers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-sync-ipc-'))
    const folder = join(dir, 'Papers')
    mkdirSync(folder)
    writeFileSync(join(folder, 'first.pdf'), makePaperPdf({ title: 'First Synced', pages: 2 }))
    services = await open(join(dir, 'data'), { folder })
    const s = services
    const pushed: SyncStatus[] = []
    s.events.subscribe((event, payload) => {
      if (event === 'sync:status') pushed.push(payload as SyncStatus)
    })
    expect(await ok(s, 'sync:status')).toMatchObject({
      available: true,
      paused: false,
      folders: [],
      zotero: null,
      error: null
    })

    // Added from the folder dialog: what it holds arrives, with where it came from.
    const added = await ok(s, 'sync:addFolder', {})
    expect(added.folders.map((f) => f.path)).toEqual([folder])
    await expect
      .poll(async () => (await papers(s)).map((p) => p.syncOrigin), { timeout: 20_000 })
      .toEqual([join(folder, 'first.pdf')])
    await expect
      .poll(async () => (await ok(s, 'sync:status')).lastRun?.counts, { timeout: 10_000 })
      .toEqual({ new: 1 })
    expect(pushed.some((p) => p.running)).toBe(true)
    await expect.poll(() => pushed.at(-1)!.running, { timeout: 10_000 }).toBe(false)
    expect((await notices(s)).map((n) => n.key)).toContain('syncRan')

    // A file dropped in while watched arrives with no import step.
    writeFileSync(
      join(folder, 'second.pdf'),
      makePaperPdf({ title: 'Second Synced', pages: 2, seed: 2 })
    )
    await expect.poll(async () => (await papers(s)).length, { timeout: 20_000 }).toBe(2)

    // Paused: a new file waits; resumed: it arrives.
    expect((await ok(s, 'sync:setPaused', { paused: true })).paused).toBe(true)
    writeFileSync(
      join(folder, 'third.pdf'),
      makePaperPdf({ title: 'Third Synced', pages: 2, seed: 3 })
    )
    await new Promise((r) => setTimeout(r, 1500))
    expect(await papers(s)).toHaveLength(2)
    expect((await ok(s, 'sync:setPaused', { paused: false })).paused).toBe(false)
    await expect.poll(async () => (await papers(s)).length, { timeout: 20_000 }).toBe(3)

    // Deleted: the paper stays, flagged; Sync now answers once the pass is done.
    rmSync(join(folder, 'first.pdf'))
    const now = await ok(s, 'sync:now')
    expect(now.running).toBe(false)
    await expect
      .poll(async () => (await papers(s)).find((p) => p.title === 'First Synced')?.syncFlag, {
        timeout: 10_000
      })
      .toBe('fileMissing')
    expect((await ok(s, 'sync:status')).folders[0]).toMatchObject({ files: 2, missing: 1 })

    // Removed: no longer watched, nothing removed from the library.
    expect((await ok(s, 'sync:removeFolder', { path: folder })).folders).toEqual([])
    writeFileSync(join(folder, 'fourth.pdf'), makePaperPdf({ title: 'Fourth', pages: 1, seed: 4 }))
    await new Promise((r) => setTimeout(r, 1500))
    expect(await papers(s)).toHaveLength(3)
  }, 90_000)

  it('links a Zotero folder only once chosen in the dialog, unlinks it, and tells the user when a pass fails', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-sync-ipc-'))
    const zotero = makeZoteroFolder(
      join(dir, 'Zotero'),
      makePaperPdf({ title: 'Zotero Fixture', pages: 2 })
    )
    services = await open(join(dir, 'data'), { zotero })
    const s = services
    // A path the dialog did not give is refused.
    const refused = await call(s, 'sync:linkZotero', { folder: zotero, collections: [] })
    expect(refused.ok).toBe(false)
    await ok(s, 'library:pickImport', { kind: 'zotero' })
    const linked = await ok(s, 'sync:linkZotero', { folder: zotero, collections: ['Retrieval'] })
    expect(linked.zotero).toMatchObject({ dir: zotero, collections: ['Retrieval'] })
    await expect
      .poll(async () => (await papers(s)).map((p) => p.syncOrigin), { timeout: 20_000 })
      .toEqual(['Zotero: Retrieval'])

    // The data folder goes away (a drive unplugged): Sync now says why, and so does a notice,
    // once, with what to do; nothing is removed.
    rmSync(join(zotero, 'zotero.sqlite'))
    const failed = await ok(s, 'sync:now')
    expect(failed.error?.key).toBe('notZoteroFolder')
    await ok(s, 'sync:now')
    const told = (await notices(s)).filter((n) => n.key === 'notZoteroFolder')
    expect(told).toHaveLength(1)
    expect(told[0]!.message).toContain(zotero)
    expect(await papers(s)).toHaveLength(1)

    expect((await ok(s, 'sync:unlinkZotero')).zotero).toBeNull()
    expect((await ok(s, 'sync:now')).error).toBeNull()
    expect(await papers(s)).toHaveLength(1)
  }, 90_000)

  it('says sync cannot be changed from a read-only window', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-sync-ipc-'))
    const writer = await open(join(dir, 'data'), {})
    try {
      services = await open(join(dir, 'data'), { folder: dir }, { readOnly: true })
      expect((await ok(services, 'sync:status')).available).toBe(false)
      const r = await call(services, 'sync:addFolder', {})
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error).toMatchObject({ code: 'INVALID_INPUT', key: 'syncUnavailable' })
    } finally {
      await writer.close()
    }
  }, 60_000)
})
