import { Cite, plugins } from '@citation-js/core'
import '@citation-js/plugin-csl'
import type { CitationStyle } from '../../shared/citationStyles'
import { languageRow, type UiLanguage } from '../../shared/languages'
import { toCsl, type BibPaper } from './bibtex'
import csl from './csl/styles.json'

let registered = false

/** Gives citation-js the shipped styles and locales, once (its registry is global). */
function register(): void {
  if (registered) return
  const config = plugins.config.get('@csl')
  for (const [id, xml] of Object.entries(csl.styles)) config.styles.add(`researchpal-${id}`, xml)
  for (const [id, xml] of Object.entries(csl.locales)) config.locales.add(id, xml)
  registered = true
}

/**
 * Each paper as one formatted reference in `style`, as plain text, in the order given.
 * @remarks Through citation-js's CSL processor (citeproc-js) and the CSL files shipped in the
 * app (`csl/styles.json`), so it works offline. Numbered styles (IEEE, Vancouver) are formatted
 * one paper at a time and carry no number: the caller numbers them as its list does.
 */
export function formatReferences(
  papers: readonly BibPaper[],
  style: CitationStyle,
  language: UiLanguage = 'en'
): string[] {
  register()
  return papers.map((p, i) =>
    new Cite([toCsl(p, `ref${i + 1}`)])
      .format('bibliography', {
        format: 'text',
        template: `researchpal-${style}`,
        lang: languageRow(language).cslLocale
      })
      .trim()
      .replace(/^(?:\[\d+\]|\d+\.)\s*/, '')
  )
}
