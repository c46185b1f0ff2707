// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LibraryPanel } from '../../../../src/renderer/src/features/library/LibraryPanel'
import { i18n } from '../../../../src/renderer/src/i18n'
import type { Paper } from '../../../../src/shared/types'
import { fakeApi, ok, paper } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

/** BERT kept from a .bib without its PDF, with a note; and one with nothing to fetch it by. */
const bert = paper({
  id: 'ref-0123456789ab',
  title: 'BERT: Pre-training of Deep Bidirectional Transformers',
  authors: ['Jacob Devlin'],
  year: 2019,
  arxivId: '1810.04805',
  source: { kind: 'reference', from: 'refs.bib' },
  sha256: null,
  pages: 0,
  chunks: 0,
  status: 'metadata',
  indexedAt: null,
  notes: ['Read §3 first.\nCompare with ELMo <b>later</b>.']
})
const report = paper({
  id: 'ref-ba9876543210',
  title: 'Relatório técnico interno',
  authors: [],
  year: 2021,
  arxivId: null,
  doi: null,
  source: { kind: 'reference', from: 'refs.bib' },
  sha256: null,
  pages: 0,
  chunks: 0,
  status: 'metadata',
  indexedAt: null
})
const pdfBytes = new TextEncoder().encode('%PDF-1.4\n%fake for the renderer\n')
const row = (id: string): HTMLElement =>
  document.querySelector<HTMLElement>(`li.paper[data-paper-id="${id}"]`)!

async function open(papers: Paper[], handlers: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({ 'library:list': () => ok({ papers }), ...handlers })
  const r = renderWithStore(<LibraryPanel />, fake)
  await act(() => r.store.getState().loadLibrary())
  return { ...r, fake }
}

describe('references kept without a PDF, in the library panel', () => {
  it('marks the row "No PDF", counts it apart, and neither opens it nor shows it as indexing', async () => {
    await open([paper(), bert])
    expect(screen.getByLabelText('Library status').textContent).toBe('1 ready, 1 without PDF')
    const r = row(bert.id)
    expect(r.querySelector('.badge-no-pdf')?.textContent).toBe('No PDF')
    const main = r.querySelector<HTMLButtonElement>('button.paper-main')!
    expect(main.disabled).toBe(true)
    expect(main.getAttribute('title')).toContain('not searched')
    // Its accessible name says it has no PDF, not just a mark a screen reader skips.
    expect(main.textContent).toContain('No PDF yet: not searched')
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(within(r).queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(screen.queryByText(/Indexing/)).toBeNull()
  })

  it('shows its notes as text and its arXiv id, fetches its PDF, and says the PDF arrived', async () => {
    const { fake, store } = await open([bert], {
      'library:fetchPdf': () =>
        ok({
          paper: {
            ...bert,
            status: 'pending' as const,
            source: { kind: 'file' as const, fileName: 'x.pdf' }
          }
        })
    })
    act(() => store.getState().openDetails(bert.id))
    const dialog = await screen.findByRole('dialog', {
      name: /Paper details|Detalhes do artigo/,
      hidden: true
    })
    // The note is plain text: markup in it is shown, never rendered.
    const note = dialog.querySelector('.paper-note')!
    expect(note.textContent).toBe('Read §3 first.\nCompare with ELMo <b>later</b>.')
    expect(note.querySelector('b')).toBeNull()
    expect(within(dialog).getByLabelText('arXiv id', { selector: 'input' })).toHaveProperty(
      'value',
      '1810.04805'
    )
    expect(dialog.textContent).toContain('From arXiv, by its id 1810.04805.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fetch PDF', hidden: true }))
    await waitFor(() => expect(dialog.textContent).toContain('The PDF is in the library: Waiting.'))
    expect(fake.calls.filter((c) => c.channel === 'library:fetchPdf')).toEqual([
      { channel: 'library:fetchPdf', input: { paperId: bert.id } }
    ])
    expect(row(bert.id).getAttribute('data-status')).toBe('pending')
  })

  it('says why there is nothing to fetch by, attaches a chosen PDF, and shows a refusal in words', async () => {
    const { fake, store } = await open([report], {
      'library:attachPdf': () => ({
        ok: false,
        error: {
          code: 'DUPLICATE',
          message: 'This PDF is already in the library.',
          key: 'attachSamePdf',
          params: { title: 'Attention Is All You Need', twinId: '1706.03762' }
        }
      })
    })
    act(() => store.getState().openDetails(report.id))
    const dialog = await screen.findByRole('dialog', {
      name: /Paper details|Detalhes do artigo/,
      hidden: true
    })
    const fetchButton = within(dialog).getByRole('button', { name: 'Fetch PDF', hidden: true })
    expect((fetchButton as HTMLButtonElement).disabled).toBe(true)
    expect(dialog.textContent).toContain('It has no arXiv id or DOI to fetch the PDF by')
    const chooser = within(dialog).getByLabelText(`Choose the PDF of ${report.title}`)
    const file = new File([pdfBytes], 'relatorio.pdf', { type: 'application/pdf' })
    fireEvent.change(chooser, { target: { files: [file] } })
    const alert = await within(dialog).findByRole('alert', { hidden: true })
    expect(alert.textContent).toBe(
      'This PDF is already in the library as "Attention Is All You Need" (1706.03762). Remove one of them, or attach another PDF.'
    )
    const call = fake.calls.find((c) => c.channel === 'library:attachPdf')!
    const input = call.input as { paperId: string; name: string; data: Uint8Array }
    expect([input.paperId, input.name, [...input.data]]).toEqual([
      report.id,
      'relatorio.pdf',
      [...pdfBytes]
    ])
  })

  it('attaches a PDF dropped on its row (not a new paper), and asks only about papers with a PDF', async () => {
    const { fake, store } = await open([paper(), report], {
      'library:attachPdf': () => ok({ paper: { ...report, status: 'pending' as const } })
    })
    const file = new File([pdfBytes], 'relatorio.pdf', { type: 'application/pdf' })
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' }
    fireEvent.dragOver(row(report.id), { dataTransfer })
    expect(row(report.id).className).toContain('drop-target')
    fireEvent.drop(row(report.id), { dataTransfer })
    await waitFor(() => expect(row(report.id).getAttribute('data-status')).toBe('pending'))
    expect(fake.calls.map((c) => c.channel)).toContain('library:attachPdf')
    expect(fake.calls.map((c) => c.channel)).not.toContain('library:addFile')

    act(() => store.getState().setSelection(['ref-none']))
    await act(() =>
      store.getState().applyLibraryChanged({ full: false, papers: [report], removed: [] })
    )
    act(() => store.getState().setSelection([report.id]))
    const ask = screen.getByRole('button', { name: /Ask about/ })
    expect((ask as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('None of these has a PDF, so there is nothing to search.')).toBeTruthy()
  })

  it('says it in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    try {
      const { store } = await open([paper(), paper({ id: '1810.04805' }), report])
      expect(screen.getByLabelText('Situação da biblioteca').textContent).toBe(
        '2 prontos, 1 sem PDF'
      )
      expect(row(report.id).querySelector('.badge-no-pdf')?.textContent).toBe('Sem PDF')
      act(() => store.getState().openDetails(report.id))
      const dialog = await screen.findByRole('dialog', {
        name: /Paper details|Detalhes do artigo/,
        hidden: true
      })
      expect(dialog.textContent).toContain('Ainda sem PDF')
      expect(within(dialog).getByRole('button', { name: 'Anexar PDF…', hidden: true })).toBeTruthy()
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })
})
