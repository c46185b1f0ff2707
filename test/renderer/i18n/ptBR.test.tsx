// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { App } from '../../../src/renderer/src/App'
import { setUiLanguage } from '../../../src/renderer/src/i18n'
import { CATALOGS } from '../../../src/shared/i18n'
import { mainEn } from '../../../src/shared/i18n/en/main'
import { mainPtBR } from '../../../src/shared/i18n/pt-BR/main'
import { DEFAULT_SETTINGS, type UiLanguageSetting } from '../../../src/shared/types'
import { answer, citation, fakeApi, ok, paper } from '../fakeApi'
import { renderWithStore } from '../render'

afterEach(() => {
  cleanup()
  setUiLanguage('en')
})

type Tree = { [key: string]: string | Tree }
function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)))
}

/**
 * The English UI's words: every English catalog text (the renderer's, and main's error
 * messages) that pt-BR says differently, in pieces.
 */
const englishPieces = (() => {
  const pt = new Set([
    ...values(CATALOGS['pt-BR'].renderer as unknown as Tree),
    ...values(mainPtBR.errors as unknown as Tree)
  ])
  return (
    [
      ...values(CATALOGS.en.renderer as unknown as Tree),
      ...values(mainEn.errors as unknown as Tree)
    ]
      .filter((v) => !pt.has(v))
      .flatMap((v) => v.split(/\{\{[^}]*\}\}|<\/?\w+>/))
      .map((s) => s.trim())
      .filter((s) => /[a-z]{3}/i.test(s) && s.length >= 4)
      // Names, the same in both languages ("arXiv {{id}} is…" leaves "arXiv" as a piece).
      .filter((s) => !['arXiv', 'Gemini', 'ResearchPal'].includes(s))
  )
})()

/** Everything a person sees or hears on the screen: text, labels, placeholders, titles. */
function screenText(): string {
  const attrs = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap(
    (el) => ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? '')
  )
  return [document.body.textContent ?? '', ...attrs].join('\n')
}

/** Whether the screen shows a piece as whole words ("Cancel" is not in "Cancelar"). */
function shows(text: string, piece: string): boolean {
  const escaped = piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text)
}

function app(uiLanguage: UiLanguageSetting) {
  const settings = { ...DEFAULT_SETTINGS, uiLanguage, hasApiKey: false }
  const fake = fakeApi({
    'settings:get': () => ok(settings),
    'settings:update': (change: object) => ok(Object.assign(settings, change)),
    'app:info': () =>
      ok({
        version: '0.1.0',
        dataDir: '/data',
        embedder: { state: 'ready' as const, id: 'all-MiniLM-L6-v2', modelDir: null, message: '' }
      }),
    'library:collections': () => ok({ collections: [] }),
    'library:list': () =>
      ok({
        papers: [
          paper(),
          paper({ id: '1810.04805', title: 'BERT', status: 'embedding', embedderId: null }),
          // A paper that failed: main's error carries its catalog key, so it is told in Portuguese.
          paper({
            id: 'ab12cd34ef56',
            title: 'broken',
            arxivId: null,
            source: { kind: 'file', fileName: 'broken.pdf' },
            status: 'error',
            error: {
              code: 'PDF_UNREADABLE',
              message:
                '"broken.pdf" is damaged and could not be opened (Invalid PDF structure.). Try downloading the PDF again.',
              key: 'pdfDamaged',
              params: { file: '"broken.pdf"', detail: 'Invalid PDF structure.' }
            }
          })
        ]
      }),
    'chat:ask': () =>
      ok(
        answer({
          mode: 'evidence',
          verified: false,
          notice: {
            code: 'NO_API_KEY',
            message: 'No Gemini API key is set.',
            key: 'evidenceNoApiKey'
          },
          answer: 'Resposta não gerada. Trechos:\n\n[1] Attention Is All You Need, p. 4',
          citations: [citation(1)]
        })
      )
  })
  return renderWithStore(<App />, fake)
}

async function askOne(store: ReturnType<typeof app>['store']): Promise<void> {
  await act(() => store.getState().ask('O que é atenção?'))
}

describe('UI language', () => {
  it('shows the main screen all in Portuguese when pt-BR is chosen, with no English left', async () => {
    const { store, fake } = app('pt-BR')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Biblioteca' })).toBeTruthy())
    await askOne(store)
    expect(screen.getByText('Só trechos — não é uma resposta gerada')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Perguntar' })).toBeTruthy()
    expect(screen.getAllByText(/15 páginas/).length).toBeGreaterThan(0)
    expect(document.documentElement.lang).toBe('pt-BR')
    // Main's error in Portuguese, not folded English.
    expect(
      screen.getByText(
        '"broken.pdf" está danificado e não pôde ser aberto. Tente baixar o PDF de novo.'
      )
    ).toBeTruthy()
    expect(screen.queryByText('Detalhes (em inglês)')).toBeNull()
    // Numbers in the Portuguese format (1.200, not 1,200).
    expect(screen.getAllByText(/1\.200 de entrada/).length).toBeGreaterThan(0)
    // The question went to main with the UI language, so its label is Portuguese too.
    expect(fake.calls.find((c) => c.channel === 'chat:ask')?.input).toMatchObject({
      uiLanguage: 'pt-BR'
    })
    const text = screenText()
    const leftovers = englishPieces.filter((piece) => shows(text, piece))
    expect(leftovers).toEqual([])
  })

  it('is English when English is chosen (the same check finds English words)', async () => {
    const { store } = app('en')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Library' })).toBeTruthy())
    await askOne(store)
    expect(englishPieces.filter((piece) => shows(screenText(), piece)).length).toBeGreaterThan(10)
  })

  it('switches language from Settings without a reload', async () => {
    app('en')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Library' })).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    fireEvent.click(await screen.findByRole('tab', { name: 'General' }))
    const select = await screen.findByRole('combobox', { name: 'Interface language' })
    fireEvent.change(select, { target: { value: 'pt-BR' } })
    // An edit of the form: the screen changes language once it is saved.
    expect(screen.getByRole('heading', { name: 'Library' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Biblioteca' })).toBeTruthy())
    expect(screen.getByRole('combobox', { name: 'Idioma da interface' })).toBeTruthy()
  })

  it('follows the system language by default', async () => {
    // happy-dom's navigator says en-US.
    app('system')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Library' })).toBeTruthy())
    expect(DEFAULT_SETTINGS.uiLanguage).toBe('system')
    expect(DEFAULT_SETTINGS.answerLanguage).toBe('ui')
  })

  it('sets the colour theme in Settings, the same theme the top bar’s button shows', async () => {
    app('en')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Library' })).toBeTruthy())
    const button = () => document.querySelector('.topbar button[data-theme-setting]')!
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    fireEvent.click(await screen.findByRole('tab', { name: 'General' }))
    const select = await screen.findByRole('combobox', { name: 'Colour theme' })
    fireEvent.change(select, { target: { value: 'dark' } })
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    expect(button().getAttribute('data-theme-setting')).toBe('dark')
    expect(localStorage.getItem('researchpal.theme')).toBe('dark')
    // The button cycles dark → system, and the field follows.
    fireEvent.click(button())
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('system'))
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false)
  })
})
