import { StemmerPt, StopwordsPt } from '@nlpjs/lang-pt'

/**
 * Portuguese keyword analysis: the Snowball Portuguese stemmer and stop words of
 * `@nlpjs/lang-pt` (the one file that imports it).
 * @remarks The library's stop list also holds the digits 0-9, which are search terms here
 * ("camada 6", "tabela 2"); they are left out.
 */
const stemmer = new StemmerPt()

/**
 * Words of questions the library's list lacks (Snowball's own Portuguese list has the forms of
 * "ter"; neither has the interrogative "quanto", nor "são" and "foi"), as English's list has
 * "how", "does", "are" and "was".
 */
const QUESTION_WORDS =
  'quanto quanta quantos quantas tem têm ter tinha tiveram teve possui possuem são é foi foram era eram será serão sido'

/** Portuguese stop words ("de", "que", "com", "para", ...), lowercase. */
export const PORTUGUESE_STOP_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(new StopwordsPt().dictionary).filter((w) => !/\p{N}/u.test(w)),
  ...QUESTION_WORDS.split(' ')
])

/**
 * The Portuguese stem of a lowercase word.
 * @remarks Nouns in -ão make their plural in -ões or -ães, which Snowball leaves apart
 * ("coalizão" → "coalizã", "coalizões" → "coalizõ"); the plural is first brought back to -ão,
 * as RSLP's plural step does, so singular and plural meet (also when typed without accents).
 */
export function portugueseStem(word: string): string {
  const singular = /(?:ões|ães|oes|aes)$/u.test(word) ? `${word.slice(0, -3)}ao` : word
  return stemmer.stemWord(singular)
}
