// The part of citation-js (no bundled types) that bibtex.ts uses.
declare module '@citation-js/core' {
  /** A CSL-JSON item. */
  export type CslItem = Record<string, unknown>
  export class Cite {
    constructor(data: unknown)
    data: CslItem[]
    format(format: 'bibtex' | 'ris' | 'data', options?: Record<string, unknown>): string
  }
  export const plugins: {
    input: {
      chain(data: unknown, options: { target: string; generateGraph?: boolean }): unknown
      chainLink(data: unknown): unknown
    }
  }
}
declare module '@citation-js/plugin-bibtex'
declare module '@citation-js/plugin-ris'
