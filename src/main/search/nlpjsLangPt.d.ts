// The part of @nlpjs/lang-pt (CommonJS, untyped) that the keyword analysis uses.
declare module '@nlpjs/lang-pt' {
  export class StemmerPt {
    stemWord(word: string): string
  }
  export class StopwordsPt {
    dictionary: Record<string, boolean>
  }
}
