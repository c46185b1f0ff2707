import { franc } from 'franc-min'

/**
 * The languages a paper or a question can be detected in (ISO 639-1).
 * @remarks Detection is limited to these so a short passage is never called Galician or Scots;
 * English and Portuguese have their own keyword analysis, the others fall back to English's
 * tokenizer without stemming until they get one.
 */
export const CONTENT_LANGUAGES = ['en', 'pt', 'es', 'de', 'fr', 'it'] as const
/** A language a text was detected in. */
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]

/** franc's ISO 639-3 codes for {@link CONTENT_LANGUAGES}. */
const ISO3: Record<ContentLanguage, string> = {
  en: 'eng',
  pt: 'por',
  es: 'spa',
  de: 'deu',
  fr: 'fra',
  it: 'ita'
}
const FROM_ISO3 = new Map(Object.entries(ISO3).map(([k, v]) => [v, k as ContentLanguage]))

/**
 * Function words that tell the languages apart in a few words (a question, a title), where
 * trigram statistics have too little to go on.
 * @remarks Only words that are frequent in one language and rare or absent in the others.
 */
const FUNCTION_WORDS: Record<ContentLanguage, readonly string[]> = {
  en: [
    'the',
    'of',
    'and',
    'is',
    'what',
    'which',
    'how',
    'does',
    'are',
    'in',
    'to',
    'for',
    'with',
    'why',
    'who',
    'was',
    'were',
    'this',
    'that',
    'it',
    'its',
    'they',
    'many',
    'much',
    'did',
    'from',
    'by',
    'on'
  ],
  pt: [
    'o',
    'os',
    'as',
    'do',
    'da',
    'dos',
    'das',
    'que',
    'qual',
    'quais',
    'quantos',
    'quantas',
    'como',
    'não',
    'é',
    'são',
    'em',
    'no',
    'na',
    'nos',
    'nas',
    'um',
    'uma',
    'para',
    'com',
    'por',
    'ao',
    'pelo',
    'pela',
    'e',
    'isso',
    'ele',
    'ela',
    'dele',
    'dela',
    'foi',
    'também',
    'quem',
    'onde',
    'porque',
    'segundo',
    'sobre'
  ],
  es: [
    'el',
    'los',
    'las',
    'del',
    'que',
    'cuál',
    'cuáles',
    'cuántos',
    'cómo',
    'es',
    'son',
    'en',
    'un',
    'una',
    'para',
    'con',
    'por',
    'al',
    'y',
    'qué',
    'quién',
    'dónde',
    'según',
    'sobre',
    'también'
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'wie',
    'was',
    'welche',
    'mit',
    'für',
    'von',
    'zu',
    'ein',
    'eine',
    'den',
    'dem',
    'auf',
    'im',
    'auch',
    'wird',
    'sind'
  ],
  fr: [
    'le',
    'les',
    'des',
    'du',
    'et',
    'est',
    'que',
    'quel',
    'quelle',
    'comment',
    'pour',
    'avec',
    'dans',
    'une',
    'un',
    'sur',
    'au',
    'aux',
    'pas',
    'qui',
    'sont'
  ],
  it: [
    'il',
    'gli',
    'della',
    'delle',
    'che',
    'quale',
    'quali',
    'come',
    'è',
    'sono',
    'per',
    'con',
    'nel',
    'nella',
    'una',
    'uno',
    'di',
    'e',
    'anche',
    'chi'
  ]
}
const WORD_SETS = Object.fromEntries(
  CONTENT_LANGUAGES.map((l) => [l, new Set(FUNCTION_WORDS[l])])
) as Record<ContentLanguage, Set<string>>

/** Characters a language writes that English does not (evidence in a short text). */
const MARKS: Partial<Record<ContentLanguage, RegExp>> = {
  pt: /[ãõç]|ção|ções/,
  es: /[ñ¿¡]|ción/,
  de: /[ßäöü]/
}

/** Below this many letters a text is judged by its words, not by trigrams. */
const SHORT_TEXT = 120

/**
 * The language a text is written in, or null when it cannot be told (too little text, a
 * language outside {@link CONTENT_LANGUAGES}, or a tie).
 * @remarks Long texts (a page, a chunk, an abstract) go to franc's trigram model, restricted to
 * the content languages; short ones (a question, a title) are decided by function words and
 * marks, which franc gets wrong on a dozen words.
 */
export function detectLanguage(text: string): ContentLanguage | null {
  const letters = text.replace(/[^\p{L}]+/gu, '').length
  if (letters === 0) return null
  if (letters >= SHORT_TEXT) {
    const code = franc(text, { only: Object.values(ISO3), minLength: 10 })
    const found = FROM_ISO3.get(code)
    if (found) return found
  }
  return byFunctionWords(text)
}

function byFunctionWords(text: string): ContentLanguage | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  const lower = text.toLowerCase()
  let best: ContentLanguage | null = null
  let bestScore = 0
  let tie = false
  for (const language of CONTENT_LANGUAGES) {
    let score = 0
    for (const w of words) if (WORD_SETS[language].has(w)) score += 1
    if (MARKS[language]?.test(lower)) score += 1.5
    if (score > bestScore) {
      best = language
      bestScore = score
      tie = false
    } else if (score === bestScore && score > 0) tie = true
  }
  return tie || bestScore < 1 ? null : best
}

/**
 * The language most of `texts` are in, weighted by length, or null when none was detected.
 * @remarks For a paper: detect per page (or chunk) and take the majority, so a Portuguese thesis
 * with an English abstract is Portuguese and an English paper with a Portuguese cover stays
 * English.
 */
export function dominantLanguage(texts: readonly string[]): ContentLanguage | null {
  const weight = new Map<ContentLanguage, number>()
  for (const t of texts) {
    const language = detectLanguage(t)
    if (language) weight.set(language, (weight.get(language) ?? 0) + t.length)
  }
  let best: ContentLanguage | null = null
  for (const [language, w] of weight)
    if (best === null || w > (weight.get(best) ?? 0)) best = language
  return best
}
