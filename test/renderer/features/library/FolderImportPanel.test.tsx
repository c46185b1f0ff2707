// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { FolderImportStatus } from '../../../../src/shared/folderImport'
import {
  FolderImportPanel,
  FolderImportStart
} from '../../../../src/renderer/src/features/library/FolderImportPanel'
import { i18n } from '../../../../src/renderer/src/i18n'
import { fakeApi, ok, paper } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(async () => {
  cleanup()
  await i18n.changeLanguage('en')
})

function status(extra: Partial<FolderImportStatus> = {}): FolderImportStatus {
  return {
    jobId: 'job-1',
    folder: '/home/ana/papers',
    state: 'running',
    total: 1000,
    indexed: 240,
    duplicates: 7,
    failed: 3,
    inFlight: 2,
    queued: 748,
    elapsedSeconds: 300,
    papersPerSecond: 0.83,
    etaSeconds: 1500,
    failures: [],
    duplicateFiles: [],
    ...extra
  }
}

describe('the folder import panel', () => {
  it('shows progress with an ETA, pauses and resumes, then summarises failures with reasons', async () => {
    const fake = fakeApi({
      'import:status': () => ok({ status: status(), tuning: null }),
      'import:pause': () => ok({ status: status({ state: 'pausing' }) }),
      'import:resume': () => ok({ status: status({ state: 'running' }) })
    })
    // The start button sits beside "Add PDFs…"; the panel below it shows progress and summary.
    const { store } = renderWithStore(
      <>
        <FolderImportStart />
        <FolderImportPanel />
      </>,
      fake
    )
    store.connect()
    await waitFor(() => expect(screen.getByText('Importing papers')).toBeTruthy())
    expect(
      screen.getByText(/250 of 1,000 files · indexed: 240 · duplicates: 7 · not imported: 3/)
    ).toBeTruthy()
    expect(screen.getByText('About 25 minutes left')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause' })))
    expect(fake.calls.at(-1)?.channel).toBe('import:pause')
    expect(screen.getByText('Pausing after the papers in progress…')).toBeTruthy()
    act(() => fake.emit('import:progress', status({ state: 'paused', inFlight: 0 })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resume' })))
    expect(fake.calls.at(-1)?.channel).toBe('import:resume')

    act(() =>
      fake.emit(
        'import:progress',
        status({
          state: 'finished',
          indexed: 990,
          queued: 0,
          inFlight: 0,
          etaSeconds: null,
          failures: [
            {
              file: '/home/ana/papers/locked.pdf',
              code: 'PDF_ENCRYPTED',
              message: '"locked.pdf" is password-protected. Save an unprotected copy.',
              paperId: 'abc'
            }
          ]
        })
      )
    )
    expect(
      screen.getByText(
        'Folder imported (1,000 files) — indexed: 990 · duplicates: 7 · not imported: 3'
      )
    ).toBeTruthy()
    expect(screen.getByText('1 file not imported — why')).toBeTruthy()
    expect(screen.getByText('locked.pdf')).toBeTruthy()
    expect(screen.getByText(/password-protected/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByText(/Folder imported/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Import a folder…' })).toBeTruthy()
  })

  it('speaks Brazilian Portuguese and can measure the indexing settings again', async () => {
    await i18n.changeLanguage('pt-BR')
    const tuning = {
      workers: 1,
      threads: 2,
      batchSize: 8,
      measuredAt: '2026-12-01T10:00:00Z',
      trials: []
    }
    const fake = fakeApi({
      'import:status': () => ok({ status: status({ state: 'paused', inFlight: 0 }), tuning }),
      'import:measure': () => ok({ tuning: { ...tuning, workers: 2, threads: 1 } })
    })
    renderWithStore(<FolderImportPanel />, fake)
    await waitFor(() => expect(screen.getByText('Importação da pasta pausada')).toBeTruthy())
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy()
    expect(screen.getByText(/1 worker\(s\) de embeddings × 2 thread\(s\), lotes de 8/)).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Medir de novo' })))
    expect(fake.calls.at(-1)?.channel).toBe('import:measure')
    await waitFor(() =>
      expect(
        screen.getByText(/2 worker\(s\) de embeddings × 1 thread\(s\), lotes de 8/)
      ).toBeTruthy()
    )
  })

  it('says the summary’s failures and duplicates in pt-BR, with no English left', async () => {
    await i18n.changeLanguage('pt-BR')
    const finished = status({
      state: 'finished',
      indexed: 1,
      duplicates: 1,
      failed: 2,
      total: 4,
      queued: 0,
      inFlight: 0,
      etaSeconds: null,
      failures: [
        {
          file: '/home/ana/papers/locked.pdf',
          code: 'PDF_ENCRYPTED',
          message: '"locked.pdf" is password-protected. Save an unprotected copy.',
          key: 'pdfEncrypted',
          params: { file: 'locked.pdf' },
          paperId: 'abc'
        },
        {
          file: '/home/ana/papers/gone.pdf',
          code: 'NOT_FOUND',
          message:
            '"gone.pdf" could not be read (it was moved, deleted or is not readable). Put it back and import the folder again.',
          key: 'importUnreadable',
          params: { file: 'gone.pdf' },
          paperId: null
        }
      ],
      duplicateFiles: [
        {
          file: '/home/ana/papers/copy.pdf',
          code: 'DUPLICATE',
          message:
            '"copy.pdf" is the same PDF as "Attention Is All You Need", already in the library.',
          key: 'importDuplicateOf',
          params: { file: 'copy.pdf', title: 'Attention Is All You Need' },
          paperId: 'p1'
        }
      ]
    })
    const fake = fakeApi({ 'import:status': () => ok({ status: finished, tuning: null }) })
    const { container } = renderWithStore(<FolderImportPanel />, fake)
    await waitFor(() => expect(container.querySelector('.import-summary')).toBeTruthy())
    for (const d of container.querySelectorAll('details')) d.open = true
    const text = container.querySelector('.import-summary')!.textContent!
    expect(text).toMatch(/"copy\.pdf" é o mesmo PDF que "Attention Is All You Need"/)
    expect(text).toMatch(/Não foi possível ler "gone\.pdf"/)
    expect(text).toMatch(/locked\.pdf.*senha/)
    // Nothing folded under "Detalhes (em inglês)", no English sentence from main's record.
    expect(container.querySelector('[lang="en"]')).toBeNull()
    expect(text).not.toMatch(/same PDF|could not be read|password|already in the library/)
  })

  it('says a failed start in the UI language from its key, not main’s English message', async () => {
    await i18n.changeLanguage('pt-BR')
    const fake = fakeApi({
      'import:status': () => ok({ status: null, tuning: null }),
      'import:start': () => ({
        ok: false,
        error: {
          code: 'NOT_A_PDF',
          message: '"a.pdf" is empty (0 bytes). Add the PDF again.',
          key: 'pdfEmpty',
          params: { file: '"a.pdf"' }
        }
      })
    })
    renderWithStore(
      <>
        <FolderImportStart />
        <FolderImportPanel />
      </>,
      fake
    )
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Importar uma pasta…' }))
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('"a.pdf"')
    expect(alert.textContent).not.toContain('is empty')
    expect(alert.querySelector('[lang="en"]')).toBeNull()
  })

  it('says why a file was not imported in the UI language when the library knows the failure', async () => {
    await i18n.changeLanguage('pt-BR')
    const failure = {
      code: 'NOT_A_PDF' as const,
      message:
        '"notes.pdf" is not a PDF (it does not start with %PDF). Add the paper’s PDF file instead.',
      key: 'notPdf',
      params: { file: '"notes.pdf"' }
    }
    const done = status({
      state: 'finished',
      queued: 0,
      inFlight: 0,
      failures: [
        { file: '/p/notes.pdf', code: 'NOT_A_PDF', message: failure.message, paperId: 'n1' },
        {
          file: '/p/gone.pdf',
          code: 'NOT_FOUND',
          message: '"gone.pdf" could not be read.',
          paperId: null
        }
      ]
    })
    const fake = fakeApi({
      'import:status': () => ok({ status: done, tuning: null }),
      'library:list': () =>
        ok({ papers: [paper({ id: 'n1', title: 'notes.pdf', status: 'error', error: failure })] })
    })
    const { store } = renderWithStore(<FolderImportPanel />, fake)
    await act(() => store.getState().loadLibrary())
    const item = (await screen.findByText('notes.pdf')).closest('li')!
    expect(item.textContent).toContain('"notes.pdf" não é um PDF')
    expect(item.querySelector('[lang="en"]')).toBeNull()
    // Without a paper to tell it from, the import's English record stays folded as before.
    const gone = screen.getByText('gone.pdf').closest('li')!
    expect(gone.querySelector('details [lang="en"]')?.textContent).toContain('could not be read')
  })
})
