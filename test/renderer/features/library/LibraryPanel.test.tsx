// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LibraryPanel } from '../../../../src/renderer/src/features/library/LibraryPanel'
import { fakeApi, ok, paper } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

describe('LibraryPanel', () => {
  it('offers the three default papers on an empty library', async () => {
    const fake = fakeApi({
      'library:list': () => ok({ papers: [] }),
      'library:addDefaults': () => ok({ papers: [paper({ status: 'pending' })] })
    })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    await act(() => store.getState().loadLibrary())
    fireEvent.click(screen.getByRole('button', { name: 'Add the three default papers' }))
    await waitFor(() => expect(screen.getByText('Attention Is All You Need')).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Add the three default papers' })).toBeNull()
    expect(screen.getByText('Waiting')).toBeTruthy()
  })

  it('shows title, authors, year, pages, progress and a failed paper with its reason and Retry', async () => {
    const broken = paper({
      id: 'aaaabbbbcccc',
      title: 'notes.pdf',
      authors: [],
      year: null,
      pages: 0,
      status: 'error',
      error: { code: 'NOT_A_PDF', message: '“notes.pdf” is not a PDF: it looks like plain text.' }
    })
    const fake = fakeApi({
      'library:list': () => ok({ papers: [paper({ status: 'embedding' }), broken] }),
      'library:retry': () => ok({ paper: { ...broken, status: 'pending' as const, error: null } })
    })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    store.connect()
    await act(() => store.getState().loadLibrary())
    act(() =>
      fake.emit('ingest:progress', {
        paperId: '1706.03762',
        stage: 'embedding',
        done: 30,
        total: 40,
        overall: { done: 1, total: 3 }
      })
    )
    expect(screen.getByText('Ashish Vaswani et al. · 2017 · 15 pages')).toBeTruthy()
    const bars = screen.getAllByRole('progressbar')
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['75'])
    expect(screen.getByText('Indexing 2 of 3')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('is not a PDF')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(fake.calls.at(-1)).toEqual({
      channel: 'library:retry',
      input: { paperId: 'aaaabbbbcccc' }
    })
  })

  it('shows what the library repaired at open and what it finds later, until dismissed', async () => {
    const fake = fakeApi({
      'library:list': () => ok({ papers: [paper()] }),
      'library:notices': () =>
        ok({
          notices: [
            {
              level: 'warning',
              message: 'library.json could not be read (not valid JSON). Recovered 3 paper(s).',
              paperId: null
            }
          ]
        })
    })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    store.connect()
    await act(() => store.getState().loadLibrary())
    const box = screen.getByRole('status', { name: 'Library repairs' })
    expect(box.textContent).toContain('repaired what it could')
    expect(box.textContent).toContain('Recovered 3 paper(s)')
    act(() =>
      fake.emit('library:notice', {
        level: 'warning',
        message: '"BERT" (1810.04805): its keyword index is missing. Re-indexing it from its PDF.',
        paperId: '1810.04805'
      })
    )
    expect(box.textContent).toContain('Re-indexing it from its PDF')
    fireEvent.click(within(box).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('status', { name: 'Library repairs' })).toBeNull()
  })
})
