// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LibraryPanel } from '../../../../src/renderer/src/features/library/LibraryPanel'
import { i18n } from '../../../../src/renderer/src/i18n'
import { fakeApi, ok, paper } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const papers = [
  paper({
    id: 'a',
    title: 'Attention Is All You Need',
    authors: ['Ashish Vaswani'],
    year: 2017,
    addedAt: '2026-11-02T00:00:00.000Z'
  }),
  paper({
    id: 'b',
    title: 'BERT',
    authors: ['Jacob Devlin'],
    year: 2018,
    addedAt: '2026-11-04T00:00:00.000Z'
  }),
  paper({
    id: 'c',
    title: 'Coding theory notes',
    authors: [],
    year: null,
    status: 'metadata',
    pages: 0,
    addedAt: '2026-11-01T00:00:00.000Z'
  }),
  paper({
    id: 'd',
    title: 'Deep residual learning',
    authors: ['Kaiming He'],
    year: 2015,
    status: 'embedding',
    addedAt: '2026-11-03T00:00:00.000Z'
  })
]

async function show(columns: boolean) {
  const fake = fakeApi({ 'library:list': () => ok({ papers }) })
  const r = renderWithStore(<LibraryPanel columns={columns} />, fake)
  await act(() => r.store.getState().loadLibrary())
  return r
}

/** The titles in the order the list shows them. */
function shownTitles(): string[] {
  const list = screen.getByRole('list', { name: 'Papers' })
  return [...list.querySelectorAll('.paper-title')].map((e) => e.textContent ?? '')
}

function header(name: RegExp) {
  return screen.getByRole('columnheader', { name })
}

describe('the wide library’s columns', () => {
  it('shows title, first author, year, added and status per row, newest first', async () => {
    await show(true)
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Title',
      'First author',
      'Year',
      'Added▼',
      'Status'
    ])
    expect(header(/Added/).getAttribute('aria-sort')).toBe('descending')
    expect(shownTitles()).toEqual([
      'BERT',
      'Deep residual learning',
      'Attention Is All You Need',
      'Coding theory notes'
    ])
    const bert = screen.getByRole('button', { name: /^BERT/ })
    expect(within(bert).getByText('Jacob Devlin')).toBeTruthy()
    expect(within(bert).getByText('2018')).toBeTruthy()
    expect(within(bert).getByText('11/04/2026')).toBeTruthy()
    expect(within(bert).getByText('Ready (keyword search)')).toBeTruthy()
    // The compact rows' sort menu gives way to the header.
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull()
  })

  it('sorts by a column when its header is clicked, reverses on a second click, and remembers it', async () => {
    const { unmount } = await show(true)
    fireEvent.click(within(header(/Year/)).getByRole('button'))
    expect(header(/Year/).getAttribute('aria-sort')).toBe('descending')
    expect(header(/Added/).getAttribute('aria-sort')).toBe('none')
    // Newest first; a paper without a year comes last either way.
    expect(shownTitles()).toEqual([
      'BERT',
      'Attention Is All You Need',
      'Deep residual learning',
      'Coding theory notes'
    ])
    fireEvent.click(within(header(/Year/)).getByRole('button'))
    expect(header(/Year/).getAttribute('aria-sort')).toBe('ascending')
    expect(shownTitles()).toEqual([
      'Deep residual learning',
      'Attention Is All You Need',
      'BERT',
      'Coding theory notes'
    ])
    // By surname (Devlin, He, Vaswani); no author last.
    fireEvent.click(within(header(/First author/)).getByRole('button'))
    expect(shownTitles()).toEqual([
      'BERT',
      'Deep residual learning',
      'Attention Is All You Need',
      'Coding theory notes'
    ])
    fireEvent.click(within(header(/Status/)).getByRole('button'))
    // What needs doing first: indexing, then without a PDF, then ready.
    expect(shownTitles()).toEqual([
      'Deep residual learning',
      'Coding theory notes',
      'Attention Is All You Need',
      'BERT'
    ])
    fireEvent.click(within(header(/Title/)).getByRole('button'))
    fireEvent.click(within(header(/Title/)).getByRole('button'))
    expect(header(/Title/).getAttribute('aria-sort')).toBe('descending')
    unmount()

    // The next launch opens on the same order.
    await show(true)
    expect(header(/Title/).getAttribute('aria-sort')).toBe('descending')
    expect(shownTitles()).toEqual([
      'Deep residual learning',
      'Coding theory notes',
      'BERT',
      'Attention Is All You Need'
    ])
  })

  it('keeps the compact two-line rows and the sort menu when narrow', async () => {
    await show(false)
    expect(screen.queryByRole('columnheader')).toBeNull()
    expect(screen.getByText('Jacob Devlin · 2018 · 15 pages')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'title' }
    })
    expect(shownTitles()).toEqual([
      'Attention Is All You Need',
      'BERT',
      'Coding theory notes',
      'Deep residual learning'
    ])
  })

  it('names the columns in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    try {
      await show(true)
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        'Título',
        'Primeiro autor',
        'Ano',
        'Adicionado▼',
        'Situação'
      ])
      const bert = screen.getByRole('button', { name: /^BERT/ })
      expect(within(bert).getByText('04/11/2026')).toBeTruthy()
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })
})
