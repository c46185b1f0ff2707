import { Cite, plugins, type CslItem } from '@citation-js/core'
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
 * Particles that Portuguese, Spanish, Italian and French names drop to the end when the name is
 * inverted for a reference list: "João da Silva" is "SILVA, João da" in ABNT, not "DA SILVA".
 * @remarks Germanic ones (van, von, der, ten…) stay part of the family name, as Dutch and
 * German references write them; BibTeX and RIS keep the whole "da Silva" (their von part).
 */
const DROPPED = /^(?:da|das|de|del|della|di|do|dos|du)$/
const ARTICLE = /^(?:la|las|los)$/

/** The item with a Romance particle of each author's family name given as CSL's own part. */
function withParticles(item: CslItem): CslItem {
  const names = (item.author ?? []) as { family?: string; given?: string; literal?: string }[]
  const author = names.map((a) => {
    if (!a.family) return a
    const words = a.family.split(/\s+/)
    let i = 0
    // "de la Cruz": Spanish articles go with the particle before them.
    while (i < words.length - 1 && (DROPPED.test(words[i]!) || (i > 0 && ARTICLE.test(words[i]!))))
      i++
    if (i === 0) return a
    return {
      ...a,
      family: words.slice(i).join(' '),
      'dropping-particle': words.slice(0, i).join(' ')
    }
  })
  return { ...item, author }
}

/**
 * An arXiv paper as the preprint it is (CSL's `article`, arXiv its publisher), for Vancouver:
 * NLM cites a preprint by its server and link, and the style strips the periods of a journal
 * title, so "arXiv preprint arXiv:1706.03762" as one came out "arXiv:170603762".
 */
function asPreprint(item: CslItem): CslItem {
  const container = item['container-title']
  if (typeof container !== 'string' || !container.startsWith('arXiv preprint')) return item
  const preprint: CslItem = { ...item, type: 'article', publisher: 'arXiv' }
  preprint.number = container.slice('arXiv preprint '.length)
  delete preprint['container-title']
  return preprint
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
  const forStyle = style === 'vancouver' ? asPreprint : (item: CslItem) => item
  return papers.map((p, i) =>
    new Cite([forStyle(withParticles(toCsl(p, `ref${i + 1}`)))])
      .format('bibliography', {
        format: 'text',
        template: `researchpal-${style}`,
        lang: languageRow(language).cslLocale
      })
      .trim()
      .replace(/^(?:\[\d+\]|\d+\.)\s*/, '')
  )
}

/**
 * These papers as RIS (EndNote, Mendeley, Zotero and most reference managers read it), one
 * record each, in the order given.
 */
export function papersToRis(papers: readonly BibPaper[]): string {
  if (papers.length === 0) return ''
  return (
    new Cite(papers.map((p, i) => toCsl(p, `ref${i + 1}`)))
      .format('ris')
      .replace(/^\s+|\n+$/g, '') + '\n'
  )
}
