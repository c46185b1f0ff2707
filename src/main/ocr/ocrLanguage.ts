import { OCR_LANGUAGES } from '../../shared/types'
import { dominantLanguage, type ContentLanguage } from '../language/detectLanguage'

/** The OCR data that reads each detected language, where the app ships it. */
const OCR_DATA: Partial<Record<ContentLanguage, (typeof OCR_LANGUAGES)[number]>> = {
  en: 'eng',
  pt: 'por'
}

/**
 * Letters of text layer needed before its language decides the OCR language: a cover page's
 * few lines ("Downloaded from…") are not enough to say what the scanned pages are in.
 */
const MIN_LETTERS = 600

/**
 * The OCR languages for a paper's scanned pages: the language its text-layer pages are detected
 * in, when enough of them are there and the app has that language's data; otherwise `chosen`
 * (Settings → OCR language, for papers that are all scans).
 */
export function ocrLanguagesFor(
  textLayer: readonly string[],
  chosen: readonly string[]
): readonly string[] {
  const letters = textLayer.reduce((n, t) => n + t.replace(/[^\p{L}]+/gu, '').length, 0)
  if (letters < MIN_LETTERS) return chosen
  const detected = dominantLanguage(textLayer)
  const data = detected ? OCR_DATA[detected] : undefined
  return data ? [data] : chosen
}
