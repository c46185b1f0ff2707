// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CiteDialog } from '../../../../src/renderer/src/features/library/CiteDialog'
import { TurnView } from '../../../../src/renderer/src/features/chat/TurnView'
import { setUiLanguage } from '../../../../src/renderer/src/i18n'
import type { Turn } from '../../../../src/renderer/src/store/chatSlice'
import { REFERENCE_STYLE_KEY } from '../../../../src/renderer/src/store/organizeSlice'
import type { CitationStyle } from '../../../../src/shared/citationStyles'
import { answer, fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

const writeText = vi.fn(async (_text: string) => {})

beforeEach(() => {
  writeText.mockClear()
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})

afterEach(() => {
  cleanup()
  localStorage.clear()
  setUiLanguage('en')
})

/** Main's formatter as the fake gives it: the style's name and the paper, so a test sees which. */
function references() {
  return fakeApi({
    'library:references': (input: { paperIds?: string[]; style: CitationStyle }) =>
      ok({
        references: (input.paperIds ?? ['1706.03762', '1810.04805']).map((paperId) => ({
          paperId,
          text: `${input.style.toUpperCase()} reference of ${paperId}`
        }))
      })
  })
}

function doneTurn(): Turn {
  const a = answer()
  return {
    requestId: 'r1',
    question: a.question,
    status: 'done',
    stage: null,
    streamed: '',
    answer: a,
    error: null,
    usage: a.usage
  }
}

/** Opens the hover card of the source row `number`. */
function sourceCard(number: number): HTMLElement {
  const list = screen.getByRole('region', { name: /Sources|Fontes/ })
  const row = within(list).getByRole('button', { name: new RegExp(`(Source|Fonte) ${number}`) })
  fireEvent.mouseEnter(row.parentElement!)
  return screen.getByRole('tooltip')
}

describe('copying a formatted reference', () => {
  it('copies the cited paper’s reference in APA from a source row’s card in English', async () => {
    const fake = references()
    renderWithStore(<TurnView turn={doneTurn()} />, fake)
    const card = sourceCard(2)
    expect(
      (within(card).getByRole('combobox', { name: 'Reference style' }) as HTMLSelectElement).value
    ).toBe('apa')
    fireEvent.click(within(card).getByRole('button', { name: 'Copy reference' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('APA reference of 1810.04805'))
    expect(within(card).getByRole('status').textContent).toBe('Reference copied.')
    expect(fake.calls.find((c) => c.channel === 'library:references')?.input).toEqual({
      paperIds: ['1810.04805'],
      style: 'apa',
      uiLanguage: 'en'
    })
  })

  it('copies ABNT by default in Portuguese, and keeps the style picked for next time', async () => {
    setUiLanguage('pt-BR')
    const fake = references()
    const { store } = renderWithStore(<TurnView turn={doneTurn()} />, fake)
    let card = sourceCard(1)
    const select = within(card).getByRole('combobox', { name: 'Estilo de referência' })
    expect((select as HTMLSelectElement).value).toBe('abnt')
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'APA 7',
      'Chicago (autor-data)',
      'IEEE',
      'Vancouver',
      'ABNT NBR 6023'
    ])
    fireEvent.change(select, { target: { value: 'ieee' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Copiar referência' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('IEEE reference of 1706.03762'))
    expect(localStorage.getItem(REFERENCE_STYLE_KEY)).toBe('ieee')
    expect(store.getState().referenceStyleNow()).toBe('ieee')
    cleanup()
    // A new window (a reload) starts from the style picked.
    renderWithStore(<TurnView turn={doneTurn()} />, references())
    card = sourceCard(2)
    expect((within(card).getByRole('combobox') as HTMLSelectElement).value).toBe('ieee')
  })

  it('says so when the reference could not be made', async () => {
    const fake = fakeApi({
      'library:references': () => ({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'No paper 1810.04805 in the library.' }
      })
    })
    renderWithStore(<TurnView turn={doneTurn()} />, fake)
    const card = sourceCard(2)
    fireEvent.click(within(card).getByRole('button', { name: 'Copy reference' }))
    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toBe('Could not copy the reference.')
    )
    expect(writeText).not.toHaveBeenCalled()
  })

  it('shows a collection’s references in a style in the Cite dialog, and copies them', async () => {
    const fake = references()
    fake.on('library:bibtex', () =>
      ok({ bibtex: '@article{vaswani2017attention}', count: 2, entries: [] })
    )
    const { store } = renderWithStore(<CiteDialog />, fake)
    await act(() =>
      store.getState().openCite({ collectionId: 'c-reading', label: 'Reading group' })
    )
    const box = screen.getByRole('textbox', { name: 'BibTeX' }) as HTMLTextAreaElement
    expect(box.value).toBe('@article{vaswani2017attention}')
    fireEvent.change(screen.getByRole('combobox', { name: 'Reference style' }), {
      target: { value: 'vancouver' }
    })
    const refs = (await screen.findByRole('textbox', {
      name: 'Formatted references'
    })) as HTMLTextAreaElement
    await waitFor(() =>
      expect(refs.value).toBe(
        'VANCOUVER reference of 1706.03762\n\nVANCOUVER reference of 1810.04805'
      )
    )
    expect(screen.getByRole('heading').textContent).toBe('Vancouver: Reading group')
    expect(fake.calls.find((c) => c.channel === 'library:references')?.input).toEqual({
      collectionId: 'c-reading',
      style: 'vancouver',
      uiLanguage: 'en'
    })
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(refs.value))
  })

  it('gives RIS for the same selection, to copy or save as a .ris file', async () => {
    const fake = references()
    fake.on('library:bibtex', () => ok({ bibtex: '@article{x}', count: 1, entries: [] }))
    fake.on('library:ris', () => ok({ ris: 'TY  - JOUR\nTI  - Attention\nER  - \n', count: 1 }))
    const { store } = renderWithStore(<CiteDialog />, fake)
    await act(() => store.getState().openCite({ paperIds: ['1706.03762'], label: 'Attention' }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Reference style' }), {
      target: { value: 'ris' }
    })
    const box = (await screen.findByRole('textbox', {
      name: 'Formatted references'
    })) as HTMLTextAreaElement
    await waitFor(() => expect(box.value).toBe('TY  - JOUR\nTI  - Attention\nER  - \n'))
    expect(screen.getByRole('heading').textContent).toBe('RIS: Attention')
    expect(fake.calls.find((c) => c.channel === 'library:ris')?.input).toEqual({
      paperIds: ['1706.03762']
    })
    const saved = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      saved(this.download)
    })
    fireEvent.click(screen.getByRole('button', { name: /^Save/ }))
    expect(saved).toHaveBeenCalledWith('references.ris')
    click.mockRestore()
  })
})
