import type { OCR_LANGUAGES } from '../../shared/types'
import { dominantLanguage, type ContentLanguage } from '../language/detectLanguage'
import type { PageRecognizer, RecognizedPage, RecognizeOptions } from './PageRecognizer'

/** The OCR data that reads each detected language, where the app ships it. */
const OCR_DATA: Partial<Record<ContentLanguage, (typeof OCR_LANGUAGES)[number]>> = {
  en: 'eng',
  pt: 'por'
}

/**
 * Letters of text needed before its language decides the OCR language: a cover page's few
 * lines ("Downloaded from…") are not enough to say what the scanned pages are in.
 */
const MIN_LETTERS = 600

/**
 * Pages of an all-scanned paper read with every shipped language before its language is known:
 * the first page may be a cover with a dozen words, the second is most often running text.
 */
const PROBE_PAGES = 2

/** Letters of OCR'd text that are enough to tell the language of a scan (a page of print). */
const MIN_OCR_LETTERS = 300

function letters(texts: readonly string[]): number {
  return texts.reduce((n, t) => n + t.replace(/[^\p{L}]+/gu, '').length, 0)
}

/** The OCR data for the language `texts` are in, when there is enough of them and the app has it. */
function dataFor(texts: readonly string[], minLetters: number): string | null {
  if (letters(texts) < minLetters) return null
  const detected = dominantLanguage(texts)
  return (detected && OCR_DATA[detected]) || null
}

/**
 * The OCR languages for a paper's scanned pages: the language its text-layer pages are detected
 * in, when enough of them are there and the app has that language's data; otherwise `chosen`
 * (Settings → OCR language, for papers that are all scans).
 */
export function ocrLanguagesFor(
  textLayer: readonly string[],
  chosen: readonly string[]
): readonly string[] {
  const data = dataFor(textLayer, MIN_LETTERS)
  return data ? [data] : chosen
}

/** What {@link recognizeScans} read, and in which languages the bulk of it was read. */
export interface ScanReading {
  pages: RecognizedPage[]
  languages: readonly string[]
}

/**
 * Reads a paper's scanned pages in the paper's language.
 * @remarks When the text layer says the language, every page is read in it. A paper that is all
 * scans has no text to tell: its first pages are read in `chosen` (Settings → OCR language) and
 * the language of what they say is detected — a Portuguese page read with English data still
 * reads as Portuguese, only without its accents. When that is another language the app has
 * data for, those pages are read again in it and so is the rest, so a Portuguese scan gets its
 * accents whatever Settings says; when the choice was right nothing is read twice.
 */
export async function recognizeScans(
  recognizer: PageRecognizer,
  bytes: Uint8Array,
  pages: readonly number[],
  textLayer: readonly string[],
  chosen: readonly string[],
  options: Omit<RecognizeOptions, 'languages'>
): Promise<ScanReading> {
  const decided = dataFor(textLayer, MIN_LETTERS)
  if (decided) {
    const languages = [decided]
    return { pages: await recognizer.recognize(bytes, pages, { ...options, languages }), languages }
  }
  // Progress over the pages read: until the rest is drawn its blank pages are not known, so
  // the total first counts every one of them, then only those with ink.
  const probePages = pages.slice(0, PROBE_PAGES)
  let restPages = pages.slice(PROBE_PAGES)
  let last = ''
  const report = (done: number, total: number): void => {
    if (`${done}/${total}` === last) return
    last = `${done}/${total}`
    options.onPage?.(done, total)
  }
  const probe = await recognizer.recognize(bytes, probePages, {
    ...options,
    languages: chosen,
    onPage: (done, total) => report(done, total + restPages.length)
  })
  const detected = dataFor(
    probe.map((p) => p.items.map((i) => i.str).join(' ')),
    MIN_OCR_LETTERS
  )
  const kept = detected && !chosen.includes(detected) ? [] : probe
  const languages = kept === probe ? chosen : [detected!]
  // Read again in the paper's language: the probe's inked pages, then the rest.
  if (kept !== probe) restPages = [...probe.map((p) => p.page), ...restPages]
  if (restPages.length === 0) return { pages: probe, languages }
  const rest = await recognizer.recognize(bytes, restPages, {
    ...options,
    languages,
    onPage: (done, total) => report(kept.length + done, kept.length + total)
  })
  return { pages: [...kept, ...rest].sort((a, b) => a.page - b.page), languages }
}
