/**
 * The section-name table: the usual names a heading maps to, in the languages papers come in.
 * @remarks Shared by ingestion (naming the sections it detects) and search (finding the section
 * a question asks for), so neither imports the other.
 */

/** Maps a heading's title to a section name; null when it names none of the usual ones. */
export function canonicalSection(title: string): string | null {
  const t = title.toLowerCase()
  if (/^(?:abstract|resumo|resumen|zusammenfassung)/.test(t)) return 'abstract'
  if (/introduction|introdução|introducción|einleitung/.test(t)) return 'introduction'
  if (/related work|background|prior work|literature|previous work|trabalhos relacionados/.test(t))
    return 'related work'
  // "Discussion and future work" discusses; only a heading that says conclusion, or future work
  // alone, is the conclusion.
  if (/discussion/.test(t) && !/conclu/.test(t)) return 'discussion'
  if (
    /conclusion|concluding|future work|conclusão|conclusões|considerações finais|conclusiones|conclusión|^fazit/.test(
      t
    )
  )
    return 'conclusion'
  if (
    /^references$|bibliography|^referências|^referencias|^bibliografía|literaturverzeichnis/.test(t)
  )
    return 'references'
  if (/acknowledg|agradecimentos|agradecimientos|danksagung/.test(t)) return 'acknowledgments'
  if (/^appendi|supplementary/.test(t)) return 'appendix'
  if (/discussion|limitation|broader impact/.test(t)) return 'discussion'
  if (/experiment|evaluation|empirical|training|setup|dataset/.test(t)) return 'experiments'
  if (/result|ablation|analysis/.test(t)) return 'results'
  if (/method|approach|model|architecture|framework|proposed|algorithm/.test(t)) return 'method'
  return null
}
