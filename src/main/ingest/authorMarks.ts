/** Footnote and affiliation marks printed beside names: symbols, superscript digits. */
const MARK_SYMBOL = /[∗*†‡§¶♯♭?⋆⁰¹²³⁴⁵⁶⁷⁸⁹\p{Sm}\p{So}]/u

/**
 * An author line with what is printed between the names but is not part of them removed or
 * made one footnote mark (∗): ORCID ids, footnote symbols, superscript digits, typographic hyphens.
 * @remarks Publishers print ORCID ids in brackets after a name ("Xin Xia1[0009-0009-1717-8511]"),
 * mark affiliations with superscript digits ("Kathryn Eichhorn¹") or symbols ("Tamar
 * Wainstock a,⇑"), and set compound surnames with a non-breaking hyphen ("Gutman‑Ido"). A
 * particle's apostrophe may be followed by a space where the next letter was accented
 * ("Celina d’ Ávila Samogin"); the particle belongs to the surname.
 */
export function cleanAuthorLine(text: string): string {
  return text
    .replace(/\[\s*\d{4}-\d{4}-\d{4}-\d{3}[\dX]\s*\]/g, ' ')
    .replace(/https?:\/\/orcid\.org\/\S+/g, ' ')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/(^|\s)([dDlL][’'])\s+(?=\p{Lu})/gu, '$1$2')
    .replace(new RegExp(MARK_SYMBOL.source, 'gu'), '∗')
}

/** A single lower-case letter beside a name is an affiliation mark ("Serkan Eti c"). */
const LETTER_MARK = /^\p{Ll}$/u

/** Conjunctions that join names and are never marks. */
const CONJUNCTION = /^(?:e|y|and|und|et)$/i

/**
 * A run of words between separators without the affiliation letters at its ends.
 * @remarks After "M Rottenstreich,a,b HY Sela,a" is cut at commas, a run reads "b HY Sela": the
 * letter before the given name belongs to the previous person's marks.
 */
export function dropLetterMarks(run: string): string {
  const words = run.split(/\s+/).filter(Boolean)
  const mark = (w: string | undefined): boolean =>
    !!w && LETTER_MARK.test(w) && !CONJUNCTION.test(w)
  while (words.length > 0 && mark(words[0])) words.shift()
  while (words.length > 0 && mark(words[words.length - 1])) words.pop()
  return words.join(' ')
}
