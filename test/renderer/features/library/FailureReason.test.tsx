// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LibraryPanel } from '../../../../src/renderer/src/features/library/LibraryPanel'
import { setUiLanguage } from '../../../../src/renderer/src/i18n'
import { fakeApi, ok, paper } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  setUiLanguage('en')
})

const REASON =
  '“thesis-final.pdf” is password-protected: open it in a PDF reader, save a copy without a password, and add that copy.'

const locked = paper({
  id: 'aaaabbbbcccc',
  source: { kind: 'file', fileName: 'thesis-final.pdf' },
  authors: [],
  year: null,
  pages: 0,
  status: 'error',
  error: { code: 'PDF_UNREADABLE', message: REASON }
})

/** Makes every element report `height` px of content in a 48 px box, as a cut reason does. */
function contentHeight(height: number): void {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(height)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(48)
}

async function showLibrary(): Promise<void> {
  const fake = fakeApi({ 'library:list': () => ok({ papers: [locked] }) })
  const { store } = renderWithStore(<LibraryPanel />, fake)
  await act(() => store.getState().loadLibrary())
}

describe('a failed paper’s reason', () => {
  it('is all in the row’s tooltip', async () => {
    contentHeight(48)
    await showLibrary()
    const reason = screen.getByRole('alert')
    expect(reason.getAttribute('title')).toBe(REASON)
    expect(reason.textContent).toContain(REASON)
  })

  it('offers Show all when three lines cut it, and Show less once open', async () => {
    contentHeight(160)
    await showLibrary()
    const reason = screen.getByRole('alert')
    expect(reason.classList.contains('expanded')).toBe(false)
    const more = screen.getByRole('button', { name: 'Show all' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(reason.classList.contains('expanded')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }))
    expect(reason.classList.contains('expanded')).toBe(false)
  })

  it('has no toggle when it fits', async () => {
    contentHeight(48)
    await showLibrary()
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull()
  })

  it('keeps an untranslated English reason out of a pt-BR tooltip (it is under Detalhes)', async () => {
    setUiLanguage('pt-BR')
    contentHeight(160)
    await showLibrary()
    const reason = screen.getByRole('alert')
    expect(reason.getAttribute('title')).toBeNull()
    expect(reason.querySelector('details summary')?.textContent).toBe('Detalhes (em inglês)')
    expect(screen.getByRole('button', { name: 'Mostrar tudo' })).toBeTruthy()
  })
})
