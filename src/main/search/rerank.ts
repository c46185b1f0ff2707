import { chunkKindOf } from '../../shared/retrieval'
import { analysisOf, tokenize } from './tokenizer'

/**
 * Ranking after the first pass: the paper a question names comes first, and a figure or table
 * chunk does not push out the text that states the answer.
 * @remarks Works on the fused (or keyword) ranking of the top candidates, so its cost does not
 * grow with the library: a paper title is analysed once (memoised) and each candidate costs a
 * few set lookups.
 */

/**
 * Boost of a chunk whose paper is the name the query gives ("BERT: ..." for "BERT-LARGE").
 * @remarks Only the name a title leads with counts, not any word of the title: "What is the
 * Transformer architecture?" must not favour BERT's "... Bidirectional Transformers ...".
 */
const NAME_WEIGHT = 1
/** A figure's or table's score against text's: a caption wins only when clearly better. */
const FIGURE_FACTOR = 0.7
/**
 * A chunk on a page that only holds the reference list counts this much against text.
 * @remarks A bibliography is a dense list of titles, so it matches many questions' words
 * ("fine-tuning", "learning rates", "retrieval") while it answers none of them; it still comes
 * first when nothing else matches, or when the question asks for references.
 */
const REFERENCES_FACTOR = 0.5
/** Query terms (stems, English and Portuguese) that ask about references or citations. */
const ASKS_FOR_REFERENCES = /^(?:refer|cite|citat|cita|bibliograph|bibliograf)/u
/** Query terms (stems, English and Portuguese) that ask for a figure or a table itself. */
const ASKS_FOR_FIGURE = /^(?:figur|tabl|tabel|diagram|graph|gráfic|grafic|plot|chart)/u

/** The name a title leads with ("ALBERT: A Lite BERT ..." → albert), null for none. */
const titles = new Map<string, string | null>()
const TITLE_CACHE = 50_000

function titleName(title: string): string | null {
  let name = titles.get(title)
  if (name === undefined) {
    const lead = /^\s*([^:]{1,40}):/u.exec(title)?.[1]
    const leadTerms =
      lead && lead.trim().split(/\s+/u).length <= 3 ? tokenize(lead, analysisOf(title)) : []
    // The joined form of a compound ("Sentence-BERT" → sentencebert) is its last term.
    name = leadTerms.length > 0 ? leadTerms[leadTerms.length - 1]! : null
    if (titles.size >= TITLE_CACHE) titles.clear()
    titles.set(title, name)
  }
  return name
}

const NO_PAGES: ReadonlySet<number> = new Set()

/** The page in a chunk id (`<paperId>-page-<n>-...`), null for none. */
export function pageOf(chunkId: string): number | null {
  const m = /-page-(\d+)-/u.exec(chunkId)
  return m ? Number(m[1]) : null
}

/** A reference list's section name, English or Portuguese ("references", "referências"). */
const REFERENCES_SECTION =
  /^(?:references?|bibliography|works cited|literature cited|refer[eê]ncias(?: bibliogr[aá]ficas)?|bibliografia)$/iu

/**
 * The pages only a reference list covers: inside a references section and in no other section
 * (the page where the list starts often ends the conclusion, and stays text).
 */
export function referenceOnlyPages(
  sections: readonly { name: string; startPage: number; endPage: number }[]
): Set<number> {
  const pages = new Set<number>()
  for (const s of sections) {
    if (!REFERENCES_SECTION.test(s.name.trim())) continue
    for (let p = s.startPage; p <= s.endPage && p - s.startPage < 1000; p++) pages.add(p)
  }
  for (const s of sections) {
    if (REFERENCES_SECTION.test(s.name.trim())) continue
    for (let p = s.startPage; p <= s.endPage; p++) pages.delete(p)
  }
  return pages
}

/**
 * The papers a query names, with the factor {@link rerank} lifts them by: those whose title
 * leads with one of the query's terms ("BERT: ..." for "What is BERT?").
 * @remarks Given to the keyword search so the named paper's chunks are among the candidates
 * at all: "BERT" is on every page of the papers built on it, and the BERT paper's own pages
 * need not be in the first fifty. One memoised title lookup per paper in scope.
 */
export function namedPapers(
  terms: readonly string[],
  paperIds: readonly string[],
  titleOf: (paperId: string) => string | undefined,
  introducing: Iterable<string> = []
): Map<string, number> {
  const query = new Set(terms)
  const out = new Map<string, number>()
  // A paper whose abstract introduces a name the question uses ("the Transformer") is named too.
  for (const id of introducing) out.set(id, 1 + NAME_WEIGHT)
  if (query.size === 0) return out
  for (const id of paperIds) {
    const title = titleOf(id)
    const name = title ? titleName(title) : null
    if (name !== null && query.has(name)) out.set(id, 1 + NAME_WEIGHT)
  }
  return out
}

/** True for a figure or table chunk, by its id (`...-figure-N`, `...-table-N`). */
export function isFigureOrTable(chunkId: string): boolean {
  const kind = chunkKindOf({ chunkId })
  return kind === 'figure' || kind === 'table'
}

/**
 * Re-scores ranked chunks by the paper name the query gives and discounts figure and table
 * chunks (unless the query asks for a figure or table); returns them re-sorted.
 * @param paperOf The paper id of a chunk id.
 * @param titleOf A paper's title (undefined when unknown).
 * @param referencePages The pages of a paper that only its reference list covers.
 * @param introducing Papers whose abstract introduces a name the question uses (named too).
 */
export function rerank(
  ranked: readonly { id: string; score: number }[],
  terms: readonly string[],
  paperOf: (chunkId: string) => string | undefined,
  titleOf: (paperId: string) => string | undefined,
  referencePages: (paperId: string) => ReadonlySet<number> = () => NO_PAGES,
  introducing: ReadonlySet<string> = new Set()
): { id: string; score: number }[] {
  if (ranked.length === 0) return []
  const query = new Set(terms)
  const boosts = new Map<string, number>()
  const boostOf = (paperId: string | undefined): number => {
    if (!paperId) return 1
    let b = boosts.get(paperId)
    if (b === undefined) {
      const title = titleOf(paperId)
      b = 1
      const name = title ? titleName(title) : null
      if ((name !== null && query.has(name)) || introducing.has(paperId)) b += NAME_WEIGHT
      boosts.set(paperId, b)
    }
    return b
  }
  const figureFactor = terms.some((t) => ASKS_FOR_FIGURE.test(t)) ? 1 : FIGURE_FACTOR
  const referencesFactor = terms.some((t) => ASKS_FOR_REFERENCES.test(t)) ? 1 : REFERENCES_FACTOR
  return ranked
    .map((r) => {
      const paperId = paperOf(r.id)
      const page = pageOf(r.id)
      const references = paperId !== undefined && page !== null && referencePages(paperId).has(page)
      return {
        id: r.id,
        score:
          r.score *
          boostOf(paperId) *
          (isFigureOrTable(r.id) ? figureFactor : 1) *
          (references ? referencesFactor : 1)
      }
    })
    .sort((a, b) => b.score - a.score)
}
