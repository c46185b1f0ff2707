import { detectLanguage } from '../language/detectLanguage'
import { foldAccents, repairAccents } from './foldText'
import { englishFor } from './glossaryPtEn'
import { porterStem } from './porterStemmer'
import { PORTUGUESE_STOP_WORDS, portugueseStem } from './portugueseAnalysis'

/**
 * Tokenization for BM25 over scientific text, English or Portuguese.
 * @remarks Lowercased, NFKC-normalized words and numbers. Compounds such as `BERT-BASE`,
 * `en-de` or `seq2seq` yield their parts and the joined form (`bertbase`, as PDF extraction
 * renders `BERT_BASE`); decimals such as `28.4` stay whole. Each language has its analysis:
 * English text is stemmed by Porter (`positional`/`positions`, `trained`/`training` meet)
 * without English stop words, Portuguese text by the Portuguese Snowball stemmer of
 * `@nlpjs/lang-pt` without its stop words ("de", "que", "com" are not search terms). Other
 * languages get English's analysis until they have their own.
 */

/** The keyword analyses: how a chunk's or a query's words become index terms. */
export type Analysis = 'en' | 'pt'

/**
 * The version of the analysis the `.kw` files are built with; a file built with an older one
 * is re-analysed from its stored text (see Bm25KeywordIndex).
 * @remarks 1: English only (Porter, English stop words). 2: per-chunk language, Portuguese
 * stemming and stop words, diacritics folded. 3: a paper's first chunk also holds a term per
 * name its abstract introduces (see introducedNames.ts).
 */
export const ANALYSIS_VERSION = 3

const ENGLISH_STOP_WORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does doing for from had has have ' +
    'having he her here hers him his how i if in into is it its itself me more most my no nor ' +
    'not of off on once only or other our ours out over own same she should so some such than ' +
    'that the their theirs them then there these they this those through to too under until up ' +
    'very was we were what when where which while who whom why will with would you your yours ' +
    'also about above after again against all any because before below between both during each ' +
    'few further just may might must us use used using via whether within without upon among per'
  ).split(' ')
)

/** Portuguese questions searched with English's stemmer drop both languages' stop words. */
const BOTH_STOP_WORDS = new Set([...ENGLISH_STOP_WORDS, ...PORTUGUESE_STOP_WORDS])
/** A stop list with each word also without its accents (a question typed without them). */
function withFolded(words: Iterable<string>): Set<string> {
  return new Set([...words].flatMap((w) => [w, foldAccents(w)]))
}

interface Analyzer {
  stops: ReadonlySet<string>
  stem: (word: string) => string
  memo: Map<string, string>
}

const ANALYZERS: Record<Analysis | 'en+pt', Analyzer> = {
  en: { stops: ENGLISH_STOP_WORDS, stem: porterStem, memo: new Map() },
  pt: { stops: withFolded(PORTUGUESE_STOP_WORDS), stem: portugueseStem, memo: new Map() },
  'en+pt': { stops: withFolded(BOTH_STOP_WORDS), stem: porterStem, memo: new Map() }
}

const COMPOUND = /[\p{L}\p{N}]+(?:[.\-_/+][\p{L}\p{N}]+)*/gu
const NUMBER = /^\p{N}+$/u
const DECIMAL = /^\p{N}+(?:\.\p{N}+)+$/u

/** The analysis a text (a chunk) is indexed with: Portuguese when it is written in it. */
export function analysisOf(text: string): Analysis {
  return detectLanguage(text) === 'pt' ? 'pt' : 'en'
}

/** The index terms of a text, in order, repeats kept (term frequency matters). */
export function tokenize(text: string, analysis: Analysis = 'en'): string[] {
  return analyze(text, ANALYZERS[analysis])
}

/**
 * The terms a query is searched by.
 * @remarks An English (or undetermined) query is analysed as English. A Portuguese one is
 * analysed as Portuguese, to meet Portuguese chunks, and also with English's stemmer once both
 * languages' stop words are gone, to meet the names and shared terms of English chunks (a
 * Portuguese question about an English paper), and its words' English translations from the
 * project's glossary ({@link englishFor}) are added, analysed as English.
 */
export function queryTerms(text: string): string[] {
  if (detectLanguage(text) !== 'pt') return tokenize(text, 'en')
  return [
    ...new Set([
      ...tokenize(text, 'pt'),
      ...analyze(text, ANALYZERS['en+pt']),
      ...tokenize(englishFor(text).join(' '), 'en')
    ])
  ]
}

function analyze(text: string, a: Analyzer): string[] {
  const out: string[] = []
  for (const m of repairAccents(text).normalize('NFKC').toLowerCase().matchAll(COMPOUND)) {
    const compound = m[0]
    if (DECIMAL.test(compound)) {
      out.push(compound)
      continue
    }
    const parts = compound.split(/[.\-_/+]/)
    for (const part of parts) addWord(part, out, a)
    if (parts.length > 1) {
      const joined = parts.join('')
      if (joined.length <= 40) out.push(stemWith(joined, a))
    }
  }
  return out
}

function addWord(word: string, out: string[], a: Analyzer): void {
  if (NUMBER.test(word)) {
    out.push(word)
    return
  }
  if (word.length < 2 || word.length > 40 || a.stops.has(word)) return
  out.push(stemWith(word, a))
}

/** The English stem both queries and English chunks are indexed by (Porter; words with digits kept whole). */
export function stem(word: string): string {
  return stemWith(word, ANALYZERS.en)
}

function stemWith(word: string, a: Analyzer): string {
  if (/\p{N}/u.test(word)) return word
  let s = a.memo.get(word)
  if (s === undefined) {
    if (a.memo.size >= STEM_CACHE) a.memo.clear()
    // Stemmed with its accents (the stemmer's suffixes have them), matched without: a question
    // typed without accents meets the text.
    a.memo.set(word, (s = foldAccents(a.stem(word))))
  }
  return s
}

// Vocabulary is Zipfian: a bounded memo of stems removes most of the stemmer's cost.
const STEM_CACHE = 100_000

/** FNV-1a 32-bit hash of a term: the key the on-disk postings are sorted by. */
export function termHash(term: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193)
  return h >>> 0
}
