import type { Region } from '../../shared/types'
import { UserFacingError } from '../errors'
import { WorkerClient } from '../workers/WorkerClient'
import { workerScript, type WorkerScript } from '../workerScript'
import type { OcrApi } from './ocrProtocol'
import type { PageImager, PageRecognizer, RecognizedPage, RecognizeOptions } from './PageRecognizer'

/** Finds the OCR worker (`ocrWorker.js` in the bundle, `.ts` from source). */
export function ocrWorkerScript(moduleDir: string = __dirname): WorkerScript {
  return workerScript('ocrWorker', moduleDir)
}

// The caller keeps its bytes: the worker gets its own copy, moved rather than cloned.
const moveBytesCopy = <I extends { bytes: Uint8Array }>(input: I) => {
  const bytes = input.bytes.slice()
  return { input: { ...input, bytes }, transfer: [bytes.buffer as ArrayBuffer] }
}

/**
 * {@link PageRecognizer} and {@link PageImager} in a worker thread at the lowest priority, with
 * progress per page and cancel.
 * @remarks Started on first use (a library of text PDFs never starts it); an idle worker does
 * not keep the process alive. If the worker dies (Tesseract out of memory on a huge page) the
 * request fails with a reason, and the next one gets a new worker.
 */
export class WorkerRecognizer implements PageRecognizer, PageImager {
  private readonly client: WorkerClient<OcrApi>

  constructor(script: () => WorkerScript = () => ocrWorkerScript()) {
    this.client = new WorkerClient({
      name: 'OCR',
      script,
      restart: {
        kind: 'failCalls',
        gaveUp: (label, reason) =>
          new UserFacingError(
            'PDF_UNREADABLE',
            `${label} could not be read: OCR stopped while reading its scanned pages (${reason}). The scan may be too large; try a smaller or clearer copy.`
          )
      }
    })
  }

  recognize(
    bytes: Uint8Array,
    pages: readonly number[],
    options: RecognizeOptions
  ): Promise<RecognizedPage[]> {
    const label = options.label ?? 'This PDF'
    return this.client.call(
      'recognize',
      { bytes, pages: [...pages], languages: [...options.languages], label },
      {
        label,
        signal: options.signal,
        onEvent: (e) => options.onPage?.(e.done, e.total),
        transfer: moveBytesCopy
      }
    )
  }

  pagePng(
    bytes: Uint8Array,
    page: number,
    width: number,
    label?: string,
    region?: Region
  ): Promise<Uint8Array> {
    return this.client.call(
      'png',
      { bytes, page, width, label, ...(region && { region }) },
      { label: label ?? 'This PDF', transfer: moveBytesCopy }
    )
  }

  /** Stops the worker; a later call starts a new one. */
  close(): Promise<void> {
    return this.client.close()
  }
}
