import { porterStem } from './porterStemmer'

/**
 * Tokenization for BM25 over scientific English.
 * @remarks Lowercased, NFKC-normalized words and numbers. Compounds such as `BERT-BASE`,
 * `en-de` or `seq2seq` yield their parts and the joined form (`bertbase`, as PDF extraction
 * renders `BERT_BASE`); decimals such as `28.4` stay whole. The Porter stemmer makes `positional`/`positions`
 * and `trained`/`training` meet; stop words are dropped.
 */

const STOP_WORDS = new Set(
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

const COMPOUND = /[\p{L}\p{N}]+(?:[.\-_/+][\p{L}\p{N}]+)*/gu
const NUMBER = /^\p{N}+$/u
const DECIMAL = /^\p{N}+(?:\.\p{N}+)+$/u

/** The index terms of a text, in order, repeats kept (term frequency matters). */
export function tokenize(text: string): string[] {
  const out: string[] = []
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(COMPOUND)) {
    const compound = m[0]
    if (DECIMAL.test(compound)) {
      out.push(compound)
      continue
    }
    const parts = compound.split(/[.\-_/+]/)
    for (const part of parts) addWord(part, out)
    if (parts.length > 1) {
      const joined = parts.join('')
      if (joined.length <= 40) out.push(stem(joined))
    }
  }
  return out
}

function addWord(word: string, out: string[]): void {
  if (NUMBER.test(word)) {
    out.push(word)
    return
  }
  if (word.length < 2 || word.length > 40 || STOP_WORDS.has(word)) return
  out.push(stem(word))
}

/** The stem both queries and chunks are indexed by (Porter; words with digits kept whole). */
export function stem(word: string): string {
  if (/\p{N}/u.test(word)) return word
  let s = stems.get(word)
  if (s === undefined) {
    if (stems.size >= STEM_CACHE) stems.clear()
    stems.set(word, (s = porterStem(word)))
  }
  return s
}

// Vocabulary is Zipfian: a bounded memo of stems removes most of the stemmer's cost.
const STEM_CACHE = 100_000
const stems = new Map<string, string>()

/** FNV-1a 32-bit hash of a term: the key the on-disk postings are sorted by. */
export function termHash(term: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193)
  return h >>> 0
}
