import { serveWorker } from '../workers/serveWorker'
import { lowerThreadPriority } from '../threadPriority'
import { chunkPages, cl100k } from './chunker'
import type { ExtractionApi } from './extractionProtocol'
import { extractPaper } from './extractPaper'
import { pageChunks } from './PaperProcessor'
import { PdfjsReader } from './PdfjsReader'
import { preloadPdfjs } from '../pdf/pdfjs'
import { WorkerRecognizer } from '../ocr/WorkerRecognizer'

/**
 * Worker-thread entry: pdf.js text extraction, cleanup, sections and js-tiktoken chunking.
 * @remarks pdf.js parses a page in 20–250 ms of uninterrupted work and the tokenizer's first
 * build blocks ~0.5 s; here that never stalls the main process. Emitted as its own file in the
 * bundle (`out/main/extractionWorker.js`); run from source through tsx in development and tests.
 */
// Reading runs ahead of the embedder, which must not wait for it (see lowerThreadPriority).
lowerThreadPriority()

// OCR runs in a worker of its own, started only when a paper has scanned pages.
const recognizer = new WorkerRecognizer()

serveWorker<ExtractionApi, PdfjsReader>({
  init: () => new PdfjsReader(),
  methods: {
    read: (input, reader, { signal, emit }) =>
      reader.read(input.bytes, {
        signal,
        label: input.label,
        onPage: (done, total) => emit({ type: 'page', done, total })
      }),
    extract: (input, reader, { signal, emit }) => {
      const { early, ocr } = input
      return extractPaper(reader, input.bytes, {
        signal,
        label: input.label,
        onPage: (done, total) => emit({ type: 'page', done, total }),
        ocr: ocr && {
          recognizer,
          languages: ocr.languages,
          onPage: (done, total) => emit({ type: 'ocrPage', done, total })
        },
        onPageText: early && ((p) => emit({ type: 'pageChunks', chunks: pageChunks(early, p) }))
      })
    },
    chunk: (input) => chunkPages(input.paperId, input.pages, input.marks, input.options)
  }
})

// pdf.js and the tokenizer load as soon as the worker starts (at the first request, or at
// WorkerPdfReader.warmUp()), rather than when each is first needed.
void preloadPdfjs().then(() => setImmediate(() => cl100k()))
