import { lowerThreadPriority } from '../threadPriority'
import { serveWorker } from '../workers/serveWorker'
import type { OcrApi } from './ocrProtocol'
import { TesseractRecognizer } from './TesseractRecognizer'

/**
 * Worker-thread entry: pages drawn by pdf.js and read by Tesseract, off the main thread.
 * @remarks Runs at the lowest priority (OCR is seconds of CPU per page and nobody waits on a
 * single page); tesseract.js's own thread, started from here, inherits it. Emitted as its own
 * file in the bundle (`out/main/ocrWorker.js`); run from source through tsx in development.
 */
lowerThreadPriority()

serveWorker<OcrApi, TesseractRecognizer>({
  init: () => new TesseractRecognizer(),
  methods: {
    recognize: (input, recognizer, { signal, emit }) =>
      recognizer.recognize(input.bytes, input.pages, {
        languages: input.languages,
        label: input.label,
        signal,
        onPage: (done, total) => emit({ done, total })
      }),
    png: ({ bytes, page, width, label, region }, recognizer) =>
      recognizer.pagePng(bytes, page, width, label, region)
  },
  transferOut: { png: (png) => [png.buffer as ArrayBuffer] }
})
