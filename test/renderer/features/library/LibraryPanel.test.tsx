// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  LibraryPanel,
  ROWS_PER_PAGE
} from '../../../../src/renderer/src/features/library/LibraryPanel'
import { i18n } from '../../../../src/renderer/src/i18n'
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

  it('shows title, authors, year, pages, progress, "1 ready, 1 indexing, 2 failed", and Retry only where it can help', async () => {
    const notPdf = paper({
      id: 'aaaabbbbcccc',
      title: 'Guessed title',
      source: { kind: 'file', fileName: 'notes.pdf' },
      authors: [],
      year: null,
      pages: 0,
      status: 'error',
      error: { code: 'NOT_A_PDF', message: '“notes.pdf” is not a PDF: it looks like plain text.' }
    })
    const download = paper({
      id: '2005.11401',
      title: '2005.11401',
      authors: [],
      year: null,
      pages: 0,
      status: 'error',
      error: { code: 'DOWNLOAD_FAILED', message: 'arXiv 2005.11401 could not be downloaded.' }
    })
    const fake = fakeApi({
      'library:list': () =>
        ok({
          papers: [
            paper({ status: 'embedding' }),
            paper({ id: '1810.04805', title: 'BERT', authors: ['Jacob Devlin'], year: 2018 }),
            notPdf,
            download
          ]
        }),
      'library:retry': () => ok({ paper: { ...download, status: 'pending' as const, error: null } })
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
    expect(screen.getByLabelText('Library status').textContent).toBe(
      '1 ready, 1 indexing, 2 failed'
    )
    expect(screen.getByText('Ashish Vaswani et al. · 2017 · 15 pages')).toBeTruthy()
    const bars = screen.getAllByRole('progressbar')
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['75'])
    // One paper in work: the bar counts what the header counts, not main's queue (1 of 3).
    expect(screen.getByText('Indexing 1 of 1')).toBeTruthy()
    // The failed file is named by its file, not by a title guessed from it.
    expect(screen.getByText('notes.pdf')).toBeTruthy()
    expect(screen.queryByText('Guessed title')).toBeNull()
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent)
    expect(alerts).toHaveLength(2)
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.stringContaining('is not a PDF'),
        expect.stringContaining('could not be downloaded')
      ])
    )
    // Retrying cannot turn notes into a PDF; a download can work the second time.
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))
    expect(fake.calls.at(-1)).toEqual({
      channel: 'library:retry',
      input: { paperId: '2005.11401' }
    })
  })

  it('names a paper by the title its text gives while indexing, counts one batch in the header and the bar, and gives the time left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-12-03T10:00:00Z'))
      const fake = fakeApi({
        'library:list': () =>
          ok({
            papers: [
              paper({ id: '1706.03762', title: '1706.03762', status: 'extracting' }),
              paper({ id: '1810.04805', title: '1810.04805', status: 'pending' }),
              paper({ id: '2005.11401', title: '2005.11401', status: 'pending' })
            ]
          })
      })
      const { store } = renderWithStore(<LibraryPanel />, fake)
      store.connect()
      await act(() => store.getState().loadLibrary())
      expect(screen.getByText('Indexing 1 of 3')).toBeTruthy()
      expect(screen.getByText('Estimating the time left…')).toBeTruthy()
      // 60 s later the first paper's text is read: its title comes with the progress.
      vi.setSystemTime(new Date('2026-12-03T10:01:00Z'))
      act(() =>
        fake.emit('ingest:progress', {
          paperId: '1706.03762',
          stage: 'extracting',
          done: 15,
          total: 15,
          title: 'Attention Is All You Need',
          overall: { done: 0, total: 7 }
        })
      )
      expect(screen.getByText('Attention Is All You Need')).toBeTruthy()
      expect(screen.queryByText('1706.03762')).toBeNull()
      // Half of one paper of three in 60 s: 1/6 done, 300 s left.
      expect(screen.getByText('About 5 minutes left')).toBeTruthy()
      act(() =>
        fake.emit('library:changed', {
          full: false,
          papers: [paper({ id: '1706.03762', title: 'Attention Is All You Need' })],
          removed: [],
          collections: []
        })
      )
      // One source: the header's "2 indexing" and the bar's "2 of 3" count the same papers.
      expect(screen.getByLabelText('Library status').textContent).toBe('1 ready, 2 indexing')
      expect(screen.getByText('Indexing 2 of 3')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
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

  it('says when a paper was added in the UI language’s date format, in its details', async () => {
    const fake = fakeApi({
      'library:list': () => ok({ papers: [paper({ addedAt: '2026-03-05T12:00:00.000Z' })] })
    })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    await act(() => store.getState().loadLibrary())
    act(() => store.getState().openDetails(store.getState().library.papers[0]!.id))
    await waitFor(() =>
      expect(screen.getByText(/Added to the library on Mar 5, 2026\./)).toBeTruthy()
    )
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(screen.getByText(/Adicionado à biblioteca em 5 de mar\. de 2026\./)).toBeTruthy()
    await act(() => i18n.changeLanguage('en'))
  })

  it('names the detected language in the UI language and lets the user correct it', async () => {
    const detected = paper({ language: 'en', fieldSources: {} })
    const fake = fakeApi({
      'library:list': () => ok({ papers: [detected] }),
      'library:edit': () => ok({ paper: { ...detected, language: 'pt' } })
    })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    await act(() => store.getState().loadLibrary())
    act(() => store.getState().openDetails(detected.id))
    const select = await screen.findByLabelText<HTMLSelectElement>(/^Language/, {
      selector: 'select'
    })
    expect(select.value).toBe('en')
    expect(select.selectedOptions[0]!.textContent).toBe('English')
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(select.selectedOptions[0]!.textContent).toBe('inglês')
    await act(() => i18n.changeLanguage('en'))
    fireEvent.change(select, { target: { value: 'pt' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }))
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'library:edit')).toEqual([
        { channel: 'library:edit', input: { paperId: detected.id, edit: { language: 'pt' } } }
      ])
    )
  })

  it('lists a 1,000-paper library a page at a time: the first rows, then more on request; a search finds any paper', async () => {
    const papers = Array.from({ length: 1000 }, (_, i) =>
      paper({
        id: `p${String(i).padStart(4, '0')}`,
        title: `Paper number ${String(i).padStart(4, '0')}`,
        addedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
      })
    )
    const fake = fakeApi({ 'library:list': () => ok({ papers }) })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    await act(() => store.getState().loadLibrary())
    const list = screen.getByRole('list', { name: 'Papers' })
    const rows = (): number => list.querySelectorAll('li.paper').length
    expect(rows()).toBe(ROWS_PER_PAGE)
    // Newest first; the count says the whole library.
    expect(list.querySelector('li.paper')!.textContent).toContain('Paper number 0999')
    expect(screen.getByText('1,000 ready')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show 800 more papers' }))
    expect(rows()).toBe(2 * ROWS_PER_PAGE)
    expect(screen.getByRole('button', { name: 'Show 600 more papers' })).toBeTruthy()
    // The oldest paper is far past the first pages, and a search still finds it.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the library' }), {
      target: { value: 'number 0000' }
    })
    expect(rows()).toBe(1)
    expect(list.textContent).toContain('Paper number 0000')
    expect(screen.queryByRole('button', { name: /more papers/ })).toBeNull()
    // A new view starts again from the first page.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the library' }), {
      target: { value: '' }
    })
    expect(rows()).toBe(ROWS_PER_PAGE)
  })
})
