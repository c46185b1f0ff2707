import { parentPort } from 'node:worker_threads'
import { isUserFacing } from '../errors'
import { lowerThreadPriority } from '../threadPriority'
import type { OcrRequest, OcrResponse } from './ocrProtocol'
import { TesseractRecognizer } from './TesseractRecognizer'

/**
 * Worker-thread entry: pages drawn by pdf.js and read by Tesseract, off the main thread.
 * @remarks Runs at the lowest priority (OCR is seconds of CPU per page and nobody waits on a
 * single page); tesseract.js's own thread, started from here, inherits it. Emitted as its own
 * file in the bundle (`out/main/ocrWorker.js`); run from source through tsx in development.
 */
const port = parentPort
if (!port) throw new Error('ocrWorker must run in a worker thread')
lowerThreadPriority()

const recognizer = new TesseractRecognizer()
const running = new Map<number, AbortController>()
const send = (m: OcrResponse, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer)

async function serve(request: Exclude<OcrRequest, { type: 'cancel' }>): Promise<void> {
  const { requestId } = request
  const controller = new AbortController()
  running.set(requestId, controller)
  try {
    if (request.type === 'recognize') {
      const pages = await recognizer.recognize(request.bytes, request.pages, {
        languages: request.languages,
        label: request.label,
        signal: controller.signal,
        onPage: (done, total) => send({ type: 'page', requestId, done, total })
      })
      send({ type: 'recognized', requestId, pages })
    } else {
      const { bytes, page, width, label, region } = request
      const png = await recognizer.pagePng(bytes, page, width, label, region)
      send({ type: 'png', requestId, png }, [png.buffer as ArrayBuffer])
    }
  } catch (e) {
    send({
      type: 'failed',
      requestId,
      error: {
        message: e instanceof Error ? e.message : String(e),
        code: isUserFacing(e) ? e.code : null,
        stack: e instanceof Error ? e.stack : undefined
      }
    })
  } finally {
    running.delete(requestId)
  }
}

port.on('message', (request: OcrRequest) => {
  if (request.type === 'cancel') running.get(request.requestId)?.abort()
  else void serve(request)
})
