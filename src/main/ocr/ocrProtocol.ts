import type { Region } from '../../shared/types'
import type { RecognizedPage } from './PageRecognizer'

/** What the main side asks the OCR worker. */
export type OcrRequest =
  | {
      type: 'recognize'
      requestId: number
      bytes: Uint8Array
      pages: number[]
      languages: string[]
      label?: string
    }
  | {
      type: 'png'
      requestId: number
      bytes: Uint8Array
      page: number
      width: number
      label?: string
      region?: Region
    }
  | { type: 'cancel'; requestId: number }

/** What the OCR worker answers; `page` reports progress of a `recognize`. */
export type OcrResponse =
  | { type: 'page'; requestId: number; done: number; total: number }
  | { type: 'recognized'; requestId: number; pages: RecognizedPage[] }
  | { type: 'png'; requestId: number; png: Uint8Array }
  | {
      type: 'failed'
      requestId: number
      error: { message: string; code: string | null; stack?: string }
    }
