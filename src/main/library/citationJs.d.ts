// The part of citation-js (no bundled types) that bibtex.ts and citationStyles.ts use.
declare module '@citation-js/core' {
  /** A CSL-JSON item. */
  export type CslItem = Record<string, unknown>
  export class Cite {
    constructor(data: unknown)
    data: CslItem[]
    format(
      format: 'bibtex' | 'ris' | 'data' | 'bibliography' | 'citation',
      options?: Record<string, unknown>
    ): string
  }
  export const plugins: {
    config: {
      get(name: '@csl'): {
        styles: { add(name: string, xml: string): void; has(name: string): boolean }
        locales: { add(name: string, xml: string): void; has(name: string): boolean }
      }
    }
    input: {
      chain(data: unknown, options: { target: string; generateGraph?: boolean }): unknown
      chainLink(data: unknown): unknown
    }
  }
}
declare module '@citation-js/plugin-bibtex'
declare module '@citation-js/plugin-ris'
declare module '@citation-js/plugin-csl'
