// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorMessage } from '../../../src/renderer/src/components/ErrorMessage'
import { LibraryPanel } from '../../../src/renderer/src/features/library/LibraryPanel'
import { EmbedderState } from '../../../src/renderer/src/features/settings/EmbedderState'
import { i18n } from '../../../src/renderer/src/i18n'
import type { AppError } from '../../../src/shared/errors'
import { DEFAULT_SETTINGS } from '../../../src/shared/types'
import { fakeApi, ok, paper } from '../fakeApi'
import { renderWithStore } from '../render'

afterEach(async () => {
  cleanup()
  await i18n.changeLanguage('en')
})

/** Main's messages as they reach the renderer: English text, and the catalog key with values. */
const rebuilt = {
  level: 'warning' as const,
  message:
    'library.json could not be read (not valid JSON). It was kept as library.json.unreadable-1. Recovered 3 paper(s) from the library folder; 3 are being re-indexed from their PDFs (vectors still on disk are reused, not computed again).',
  paperId: null,
  key: 'catalogRebuilt',
  params: {
    detail: ' (not valid JSON)',
    kept: 'aside',
    aside: 'library.json.unreadable-1',
    count: 3,
    mode: 'writer',
    queued: 3
  }
}

describe("main's keyed messages in the UI language", () => {
  it('a library notice from the open-time repair is said in Portuguese, not folded English', async () => {
    await i18n.changeLanguage('pt-BR')
    const fake = fakeApi({
      'library:list': () => ok({ papers: [paper()] }),
      'library:notices': () => ok({ notices: [rebuilt] })
    })
    const { store } = renderWithStore(<LibraryPanel />, fake)
    await act(() => store.getState().loadLibrary())
    const box = screen.getByRole('status', { name: 'Reparos da biblioteca' })
    expect(box.textContent).toContain(
      'O library.json não pôde ser lido. Ele foi guardado como library.json.unreadable-1. 3 artigo(s) recuperado(s) da pasta da biblioteca; 3 estão sendo reindexados a partir dos PDFs'
    )
    expect(box.textContent).not.toMatch(/could not be read|Recovered|Detalhes/)
  })

  it("the embedder's status in Settings", async () => {
    await i18n.changeLanguage('pt-BR')
    const fake = fakeApi({
      'settings:get': () => ok({ ...DEFAULT_SETTINGS, hasApiKey: false }),
      'app:info': () =>
        ok({
          version: '0',
          dataDir: '/d',
          embedder: {
            state: 'missing' as const,
            id: null,
            modelDir: null,
            message: 'Embedding model not found — keyword search only. (…)',
            key: 'embedderNotFound',
            params: { files: 'model.onnx, tokenizer.json', target: '/d/models' }
          }
        })
    })
    const { store, container } = renderWithStore(<EmbedderState />, fake)
    await act(() => store.getState().loadSettings())
    expect(container.textContent).toContain(
      'Modelo de embeddings não encontrado — só busca por palavras-chave. Rode `npm run fetch-model` ou coloque os arquivos (model.onnx, tokenizer.json) em /d/models.'
    )
    expect(container.textContent).not.toMatch(/not found|keyword search only/)
  })

  it('two notices of one answer are both said (context trimmed after a failed check)', async () => {
    await i18n.changeLanguage('pt-BR')
    const both: AppError = {
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The local model … sent nothing for 60 s. … The local model’s context window …',
      key: 'both',
      params: {
        firstKey: 'localTimeout',
        secondKey: 'contextTrimmed',
        model: 'qwen2.5:3b',
        seconds: 60,
        tokens: 2048,
        shown: 3,
        total: 8
      }
    }
    const { container } = render(<ErrorMessage error={both} />)
    expect(container.textContent).toContain('O modelo local "qwen2.5:3b" não enviou nada em 60 s.')
    expect(container.textContent).toContain(
      'A janela de contexto do modelo local (2.048 tokens) comporta só 3 dos 8 trechos encontrados'
    )
    expect(container.textContent).not.toMatch(/sent nothing|Detalhes/)
  })
})
