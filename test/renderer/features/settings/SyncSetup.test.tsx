// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../../../src/shared/sync'
import { SyncSetup } from '../../../../src/renderer/src/features/settings/SyncSetup'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

const empty: SyncStatus = {
  available: true,
  paused: false,
  running: false,
  folders: [],
  zotero: null,
  lastRun: null,
  error: null
}
const watching: SyncStatus = {
  ...empty,
  folders: [
    {
      path: '/home/r/Papers',
      poll: false,
      lastSyncAt: '2026-12-02T06:00:00Z',
      files: 3,
      missing: 1
    }
  ],
  lastRun: {
    at: '2026-12-02T06:00:00Z',
    counts: { new: 3, updated: 1, missing: 1 },
    changes: [
      {
        kind: 'missing',
        source: 'folder',
        file: '/home/r/Papers/a.pdf',
        paperId: 'p1',
        title: 'Attention'
      }
    ]
  }
}

describe('SyncSetup (Settings: watched folders and Zotero)', () => {
  it('adds a folder from the dialog, lists it with the last sync and what changed, removes it', async () => {
    let status = empty
    const fake = fakeApi({
      'sync:status': () => ok(status),
      'sync:addFolder': (input: { poll?: boolean }) => {
        status = { ...watching, folders: [{ ...watching.folders[0]!, poll: input.poll ?? false }] }
        return ok(status)
      },
      'sync:removeFolder': () => ok((status = { ...status, folders: [] })),
      'sync:now': () => ok(status)
    })
    renderWithStore(<SyncSetup />, fake)
    await screen.findByText('No folder is watched yet.')
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(
      true
    )
    fireEvent.click(screen.getByRole('checkbox', { name: /polling/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Watch a folder…' }))
    const row = await screen.findByTestId('watched-folder')
    expect(fake.calls.find((c) => c.channel === 'sync:addFolder')?.input).toEqual({ poll: true })
    expect(row.textContent).toContain('/home/r/Papers')
    expect(row.textContent).toContain('3 PDFs · 1 missing · polled · synced')
    expect(screen.getByTestId('sync-last-run').textContent).toMatch(
      /^Last sync .*: 3 new, 1 updated, 1 file missing\.$/
    )
    expect(screen.getByText('file missing, kept').parentElement!.textContent).toBe(
      'file missing, kept Attention'
    )
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }))
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'sync:now')).toBe(true))
    fireEvent.click(within(row).getByRole('button', { name: 'Stop watching /home/r/Papers' }))
    await screen.findByText('No folder is watched yet.')
  })

  it('links Zotero with the collections picked from the folder chosen, then unlinks it', async () => {
    let status = empty
    const fake = fakeApi({
      'sync:status': () => ok(status),
      'library:pickImport': () => ok({ path: '/home/r/Zotero' }),
      'library:zoteroCollections': () =>
        ok({
          collections: [
            { name: 'Retrieval', items: 4 },
            { name: 'Transformers', items: 2 }
          ],
          items: 6,
          withPdf: 5
        }),
      'sync:linkZotero': (input: { folder: string; collections: string[] }) => {
        status = {
          ...status,
          zotero: {
            dir: input.folder,
            collections: input.collections,
            lastSyncAt: null,
            items: 4,
            trashed: 0
          }
        }
        return ok(status)
      },
      'sync:unlinkZotero': () => ok((status = { ...status, zotero: null })),
      'sync:setPaused': (input: { paused: boolean }) =>
        ok((status = { ...status, paused: input.paused }))
    })
    renderWithStore(<SyncSetup />, fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Link a Zotero data folder…' }))
    fireEvent.click(await screen.findByRole('checkbox', { name: /Retrieval/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    const link = await screen.findByTestId('zotero-link')
    expect(fake.calls.find((c) => c.channel === 'sync:linkZotero')?.input).toEqual({
      folder: '/home/r/Zotero',
      collections: ['Retrieval']
    })
    expect(link.textContent).toContain(
      'Following /home/r/Zotero read-only (Zotero may stay open): Retrieval.'
    )
    expect(link.textContent).toContain('4 items · not synced yet')
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    await screen.findByText('Paused: nothing is synced until you resume.')
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Zotero' }))
    await screen.findByText('No Zotero library is linked.')
  })
})
