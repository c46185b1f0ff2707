// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LabPublishReport, LabStatus } from '../../../../src/shared/labChannels'
import { ShareWithLab } from '../../../../src/renderer/src/features/library/ShareWithLab'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

const place = { host: 'lab.example.org:5432/lab', user: 'alice' }
const status = (canPublish: boolean, papers = 10): LabStatus => ({
  connected: true,
  fromEnv: false,
  place,
  info: {
    ...place,
    user: canPublish ? 'alice' : 'bob',
    server: '16.4',
    schemaVersion: 3,
    pgvector: '0.8.0',
    model: 'm',
    papers,
    chunks: 100,
    access: { role: canPublish ? 'curator' : 'reader', canPublish, curators: ['alice'] }
  },
  error: null
})

describe('ShareWithLab (the selection bar and a collection’s menu)', () => {
  it('is not there when no lab is connected', async () => {
    const fake = fakeApi({
      'lab:status': () =>
        ok({ connected: false, fromEnv: false, place: null, info: null, error: null })
    })
    renderWithStore(<ShareWithLab origin="selection" target={{ paperIds: ['p1'] }} />, fake)
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'lab:status')).toBe(true))
    expect(screen.queryByRole('button', { name: 'Share with the lab' })).toBeNull()
  })

  it('a reader sees it disabled and why', async () => {
    renderWithStore(
      <ShareWithLab origin="selection" target={{ paperIds: ['p1'] }} />,
      fakeApi({ 'lab:status': () => ok(status(false)) })
    )
    const button = (await screen.findByRole('button', {
      name: 'Share with the lab'
    })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Your lab role bob may only search the lab; ask a curator to share papers.'
    )
  })

  it('shares the selected papers with progress (n / N, title, ETA), then the report with each failure’s reason', async () => {
    let release: (r: LabPublishReport) => void = () => undefined
    let papers = 10
    const fake = fakeApi({
      'lab:status': () => ok(status(true, papers)),
      'lab:publish': () =>
        new Promise((resolve) => {
          release = (r) => {
            papers = 11
            resolve(ok(r))
          }
        })
    })
    const { store } = renderWithStore(
      <ShareWithLab origin="selection" target={{ paperIds: ['p1', 'p2', 'p3'] }} />,
      fake
    )
    // Main's pushed events reach the store as in the app.
    const off = store.connect()
    fireEvent.click(await screen.findByRole('button', { name: 'Share with the lab' }))
    expect(fake.calls.find((c) => c.channel === 'lab:publish')?.input).toEqual({
      paperIds: ['p1', 'p2', 'p3']
    })
    await screen.findByText('Sharing with the lab…')
    act(() =>
      fake.emit('lab:progress', { done: 1, total: 2, title: 'Okapi Models', etaSeconds: 4 })
    )
    expect(screen.getByTestId('lab-share-progress').textContent).toBe(
      'Sharing 2 / 2: Okapi Models · about 4 s left'
    )
    expect(
      (screen.getByRole('button', { name: 'Share with the lab' }) as HTMLButtonElement).disabled
    ).toBe(true)
    await act(async () =>
      release({
        published: ['p1'],
        already: ['p3'],
        failed: [
          {
            paperId: 'p2',
            title: 'Tapir Notes',
            error: {
              code: 'INVALID_INPUT',
              message: 'Paper p2 cannot be published: it is not indexed yet.',
              key: 'labPaperNotPublishable',
              params: { id: 'p2', why: 'notIndexed' }
            }
          }
        ],
        collection: null
      })
    )
    const report = await screen.findByTestId('lab-share-report')
    expect(report.textContent).toContain('Shared with the lab: 1 · already there: 1 · failed: 1')
    expect(report.querySelector('li')?.textContent).toBe(
      'Tapir NotesPaper p2 cannot be published: it is not indexed yet.'
    )
    await waitFor(() => expect(store.getState().lab.status?.info?.papers).toBe(11))
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('lab-share-report')).toBeNull()
    off()
  })

  it('a collection is shared by its id and the report names the lab collection; a refusal is shown', async () => {
    const fake = fakeApi({
      'lab:status': () => ok(status(true)),
      'lab:publish': () =>
        ok({ published: [], already: ['p1'], failed: [], collection: 'Reading group' })
    })
    renderWithStore(<ShareWithLab origin="collection" target={{ collectionId: 'c-1' }} />, fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Share with the lab' }))
    const report = await screen.findByTestId('lab-share-report')
    expect(report.textContent).toContain('Filed under “Reading group” in the lab.')
    expect(fake.calls.find((c) => c.channel === 'lab:publish')?.input).toEqual({
      collectionId: 'c-1'
    })
    fake.on('lab:publish', () => ({
      ok: false,
      error: {
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'lost',
        key: 'labLost',
        params: { title: 'Okapi', reason: 'Connection terminated', done: 1, total: 3 }
      }
    }))
    fireEvent.click(screen.getByRole('button', { name: 'Share with the lab' }))
    await waitFor(() =>
      expect(screen.getByTestId('lab-share-report').textContent).toContain(
        'Sharing with the lab stopped:The connection to the lab was lost while publishing Okapi (Connection terminated). 1 of 3 papers are in the lab'
      )
    )
  })
})
