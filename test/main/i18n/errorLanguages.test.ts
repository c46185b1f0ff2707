import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { GeminiChatModel } from '../../../src/main/agent/GeminiChatModel'
import { combine } from '../../../src/main/agent/AgentService'
import { parseBibliography } from '../../../src/main/library/bibtex'
import { readZoteroLibrary } from '../../../src/main/library/zoteroLibrary'
import { API_ADDRESS_RULE } from '../../../src/shared/apiAddress'
import { appError, errorMessage, toAppError } from '../../../src/main/errors'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { downloadArxivPdf } from '../../../src/main/library/arxivDownload'
import { parseArxivId } from '../../../src/main/library/arxivId'
import { DataFolderLock } from '../../../src/main/storage/DataFolderLock'
import { mainEn } from '../../../src/shared/i18n/en/main'
import type { AppError } from '../../../src/shared/errors'
import { startFakeGemini, type FakeGemini } from '../../fakes/fakeGemini'

let gemini: FakeGemini | undefined
afterEach(async () => {
  await gemini?.close()
  gemini = undefined
})

/** What a real failure reaches the UI as. */
async function failureOf(run: () => unknown): Promise<AppError> {
  try {
    await run()
  } catch (e) {
    return toAppError(e)
  }
  throw new Error('expected a failure')
}

/**
 * Words of main's English error texts (not of any value filled in): none may appear in a
 * Portuguese message. Names that are the same in both languages are left out.
 */
const ENGLISH = new Set(
  Object.values(mainEn.errors)
    .flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)))
    .flatMap((v) => v.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, ' ').match(/\p{L}{4,}/gu) ?? [])
    .map((w) => w.toLowerCase())
    .filter(
      (w) =>
        ![
          'arxiv',
          'gemini',
          'researchpal',
          'ollama',
          'studio',
          'google',
          'link',
          'https',
          'internet',
          // Format names (BibTeX, its @article entries, Zotero's tables).
          'bibtex',
          'article',
          'zotero',
          'sqlite'
        ].includes(w)
    )
)

function expectPortuguese(error: AppError, ...expected: string[]): string {
  const text = errorMessage(error, 'pt-BR')
  for (const part of expected) expect(text).toContain(part)
  const values = Object.values(error.params ?? {})
    .join(' ')
    .toLowerCase()
  const english = (text.match(/\p{L}{4,}/gu) ?? []).filter(
    (w) => ENGLISH.has(w.toLowerCase()) && !values.includes(w.toLowerCase())
  )
  expect(english, text).toEqual([])
  // The English UI (and the log, the MCP client) still reads the English message.
  expect(errorMessage(error, 'en')).toBe(error.message)
  return text
}

describe("main's errors in the user's language", () => {
  it('a damaged PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage')
    const error = await failureOf(() => new PdfjsReader().read(bytes, { label: '"broken.pdf"' }))
    expect(error.code).toBe('PDF_UNREADABLE')
    expectPortuguese(error, '"broken.pdf" está danificado', 'Tente baixar o PDF de novo')
  })

  it('a file that is not a PDF', async () => {
    const bytes = new TextEncoder().encode('<html>not a pdf</html>')
    const error = await failureOf(() => new PdfjsReader().read(bytes, { label: '"page.html"' }))
    expect(error.code).toBe('NOT_A_PDF')
    expectPortuguese(error, '"page.html" não é um PDF')
  })

  it('a wrong arXiv id', async () => {
    const error = await failureOf(() => parseArxivId('attention is all you need'))
    expect(error.code).toBe('INVALID_INPUT')
    expectPortuguese(error, 'não é um identificador do arXiv')
  })

  it('an arXiv id arXiv does not know, and arXiv out of reach', async () => {
    const ref = parseArxivId('2512.99999')
    const missing = await failureOf(() =>
      downloadArxivPdf(ref, { fetch: async () => new Response('', { status: 404 }) })
    )
    expectPortuguese(missing, 'O arXiv não tem o artigo 2512.99999')
    const offline = await failureOf(() =>
      downloadArxivPdf(ref, {
        attempts: 2,
        backoffMs: 1,
        fetch: async () => {
          throw new TypeError('fetch failed')
        }
      })
    )
    expect(offline.code).toBe('DOWNLOAD_FAILED')
    expectPortuguese(offline, 'após 2 tentativas (sem conexão com a internet')
  })

  it("Gemini's 429, with the wait it asked for", async () => {
    gemini = await startFakeGemini({
      handler: () => ({ error: { status: 429, retryAfter: '42' } })
    })
    const model = new GeminiChatModel({
      apiKey: 'k',
      model: 'gemini-3.5-flash',
      baseUrl: gemini.baseUrl,
      timeoutMs: 5000
    })
    const error = await failureOf(() =>
      model.generate({
        label: 't',
        system: 's',
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }]
      })
    )
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 42 })
    expectPortuguese(error, 'Tente de novo em 42 s')
  })

  it('a data folder another process is writing to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-lang-'))
    const first = await DataFolderLock.acquire(dir, { purpose: 'ResearchPal CLI (ingest)' })
    try {
      const error = await failureOf(() => DataFolderLock.acquire(dir, { purpose: 'ResearchPal' }))
      expect(error.code).toBe('DATA_FOLDER_BUSY')
      expectPortuguese(error, 'ResearchPal CLI (ingest) (pid', 'está gravando nesta pasta de dados')
      // What a waiting command says meanwhile (the CLI prints it on stderr).
      const said: string[] = []
      await failureOf(() =>
        DataFolderLock.acquire(dir, {
          purpose: 'ResearchPal',
          waitMs: 50,
          pollMs: 10,
          onWait: (_holder, message, text) => {
            said.push(errorMessage({ message, ...text }, 'pt-BR'), message)
          }
        })
      )
      expect(said[0]).toMatch(
        /^Esperando ResearchPal CLI \(ingest\) \(pid \d+, desde .+\) terminar de gravar/
      )
      expect(said[1]).toMatch(/^Waiting for ResearchPal CLI \(ingest\) \(pid \d+, since/)
    } finally {
      await first.release()
    }
  })

  it('a bug, in words and without its English details', async () => {
    const error = await failureOf(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')")
    })
    expect(error.code).toBe('INTERNAL')
    const text = expectPortuguese(error, 'Algo deu errado')
    expect(text).not.toContain('Cannot read')
  })

  it('a file that is no bibliography, and a folder that is no Zotero library', async () => {
    const notBib = await failureOf(() => parseBibliography('meeting notes', 'notes.txt'))
    expect(notBib.code).toBe('INVALID_INPUT')
    expectPortuguese(notBib, 'notes.txt não tem entradas BibTeX', 'Exporte sua biblioteca')
    const dir = mkdtempSync(join(tmpdir(), 'rp-not-zotero-'))
    const notZotero = await failureOf(() => readZoteroLibrary(dir))
    expect(notZotero.code).toBe('NOT_FOUND')
    expectPortuguese(notZotero, `${dir} não é uma pasta de dados do Zotero`)
  })

  it('the address rule is said as the shared rule words', () => {
    expect(mainEn.errors.envAddressRefused).toContain(API_ADDRESS_RULE)
  })

  it('two notices of one answer (local model timed out checking, context trimmed): both said', () => {
    const timedOut = appError('UPSTREAM_UNAVAILABLE', {
      key: 'localTimeout',
      params: { model: 'qwen2.5:3b', seconds: 60 }
    })
    const trimmed = appError('CONTEXT_TOO_SMALL', {
      key: 'contextTrimmed',
      params: { tokens: 2048, shown: 3, total: 8 }
    })
    const both = combine(timedOut, trimmed)!
    expect(both.code).toBe('UPSTREAM_UNAVAILABLE')
    expect(both.message).toBe(`${timedOut.message} ${trimmed.message}`)
    // ("tokens" and OLLAMA_CONTEXT_LENGTH are the same words in Portuguese.)
    const pt = errorMessage(both, 'pt-BR')
    expect(pt).toContain('O modelo local "qwen2.5:3b" não enviou nada em 60 s.')
    expect(pt).toContain('A janela de contexto do modelo local (2.048 tokens) comporta só 3 dos 8')
    expect(pt).not.toMatch(/sent nothing|holds only|passages/)
    expect(errorMessage(both, 'en')).toBe(both.message)
    // Values that clash cannot be said from one set: the pair stays English, folded whole.
    const other = appError('UPSTREAM_UNAVAILABLE', {
      key: 'localTimeout',
      params: { model: 'llama3', seconds: 5 }
    })
    const clash = combine(timedOut, other)!
    expect(clash.key).toBeUndefined()
    expect(errorMessage(clash, 'pt-BR')).toBe(`${timedOut.message} ${other.message}`)
  })

  it('an error without a catalog key (an older record) keeps its English message', () => {
    const old: AppError = { code: 'NOT_FOUND', message: 'There is no paper x in the library.' }
    expect(errorMessage(old, 'pt-BR')).toBe(old.message)
  })
})
