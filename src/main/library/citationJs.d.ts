/** The little of citation-js's untyped API that bibtex.ts uses. */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown)
    format(format: 'bibtex' | 'biblatex' | 'data', options?: Record<string, unknown>): string
  }
}
declare module '@citation-js/plugin-bibtex'
