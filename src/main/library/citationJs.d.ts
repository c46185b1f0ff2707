/** The part of citation-js's untyped API that {@link toBibtex} uses. */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown)
    format(format: 'bibtex', options: { format: 'text' }): string
  }
}
declare module '@citation-js/plugin-bibtex'
