import { parentPort } from 'node:worker_threads'
import { isUserFacing } from '../errors'
import { chunkPages, cl100k } from './chunker'
import type { ExtractionError, ExtractionRequest, ExtractionResponse } from './extractionProtocol'
import { extractPaper } from './extractPaper'
import { pageChunks } from './PaperProcessor'
import { PdfjsReader, preloadPdfjs } from './PdfjsReader'
import { lowerThreadPriority } from '../threadPriority'
import { WorkerRecognizer } from '../ocr/WorkerRecognizer'

/**
 * Worker-thread entry: pdf.js text extraction, cleanup, sections and js-tiktoken chunking.
 * @remarks pdf.js parses a page in 20–250 ms of uninterrupted work and the tokenizer's first
 * build blocks ~0.5 s; here that never stalls the main process. Emitted as its own file in the
 * bundle (`out/main/extractionWorker.js`); run from source through tsx in development and tests.
 */
const port = parentPort
if (!port) throw new Error('extractionWorker must run in a worker thread')
// Reading runs ahead of the embedder, which must not wait for it (see lowerThreadPriority).
lowerThreadPriority()

const reader = new PdfjsReader()
// OCR runs in a worker of its own, started only when a paper has scanned pages.
const recognizer = new WorkerRecognizer()
const running = new Map<number, AbortController>()

const send = (message: ExtractionResponse): void => port.postMessage(message)

const toError = (e: unknown): ExtractionError => ({
  message: e instanceof Error ? e.message : String(e),
  code: isUserFacing(e) ? e.code : null,
  stack: e instanceof Error ? e.stack : undefined
})

async function serve(request: Exclude<ExtractionRequest, { type: 'cancel' }>): Promise<void> {
  const { requestId } = request
  const controller = new AbortController()
  running.set(requestId, controller)
  const options = {
    signal: controller.signal,
    onPage: (done: number, total: number) => send({ type: 'page', requestId, done, total })
  }
  try {
    if (request.type === 'read') {
      const content = await reader.read(request.bytes, { ...options, label: request.label })
      send({ type: 'read', requestId, content })
    } else if (request.type === 'extract') {
      const { early, ocr } = request
      const paper = await extractPaper(reader, request.bytes, {
        ...options,
        label: request.label,
        ocr: ocr && {
          recognizer,
          languages: ocr.languages,
          onPage: (done, total) => send({ type: 'ocrPage', requestId, done, total })
        },
        onPageText:
          early && ((p) => send({ type: 'pageChunks', requestId, chunks: pageChunks(early, p) }))
      })
      send({ type: 'extracted', requestId, paper })
    } else {
      const chunks = chunkPages(request.paperId, request.pages, request.marks, request.options)
      send({ type: 'chunks', requestId, chunks })
    }
  } catch (e) {
    send({ type: 'failed', requestId, error: toError(e) })
  } finally {
    running.delete(requestId)
  }
}

port.on('message', (request: ExtractionRequest) => {
  if (request.type === 'cancel') running.get(request.requestId)?.abort()
  else void serve(request)
})

// pdf.js and the tokenizer load as soon as the worker starts (at the first request, or at
// WorkerPdfReader.warmUp()), rather than when each is first needed.
void preloadPdfjs().then(() => setImmediate(() => cl100k()))
