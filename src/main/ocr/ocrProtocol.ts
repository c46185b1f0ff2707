import type { Region } from '../../shared/types'
import type { RecognizedPage } from './PageRecognizer'

/** The OCR worker's methods (see WorkerClient); `recognize` reports progress per page. */
export type OcrApi = {
  recognize: {
    input: { bytes: Uint8Array; pages: number[]; languages: string[]; label?: string }
    output: RecognizedPage[]
    event: { done: number; total: number }
  }
  png: {
    input: { bytes: Uint8Array; page: number; width: number; label?: string; region?: Region }
    output: Uint8Array
  }
}
