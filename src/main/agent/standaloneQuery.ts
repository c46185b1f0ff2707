import type { SearchResponse } from '../../shared/types'
import { isUserFacing } from '../errors'
import type { Retriever } from '../search/types'
import type { PriorTurn } from './history'

const STOP = new Set(
  `a an the of in on at to for from by with about and or but if then than as is are was were be been being do does did done
  have has had can could would should will shall may might must what which who whom whose how why when where there here
  this that these those it its they them their theirs he she his her we our you your i me my mine not no yes also too very
  more most much many some any each every other such only own same so just into over under again further once all both few
  tell explain describe please show give paper papers article work use uses used using model models
  o a os as um uma uns umas de do da dos das em no na nos nas por para com sem sobre entre e ou mas se que qual quais quem
  como porque quando onde ele ela eles elas dele dela deles delas seu sua seus suas isso isto esse essa este esta aquele
  aquela nele nela é são foi era ser estar tem têm ter há mais menos muito muitos também já não sim me explique descreva
  diga artigo artigos usa usam modelo modelos quantos quantas`.split(/\s+/)
)

/** Words that point back at an earlier turn ("it", "its decoder", "esse modelo", "the larger one"...). */
const ANAPHORA =
  /\b(it|its|itself|this|that|these|those|they|them|their|the same|he|she|his|her|ele|ela|eles|elas|dele|dela|deles|delas|seu|sua|seus|suas|isso|isto|esse|essa|esses|essas|este|esta|nele|nela|mesmo|mesma|the (larger|bigger|smaller|largest|biggest|smallest|other|former|latter|first|second|last|base|large) (one|version|variant|model)s?|(which|the) one|(o|do|no|pelo) (maior|menor|outro|primeiro|segundo|último)|(a|da|na|pela) (maior|menor|outra|primeira|segunda|última)|(a|o) (versão|variante) (maior|menor))\b/iu

/** A follow-up that leads with a connector ("and for how many steps?", "e o BERT?", "what about…"). */
const CONNECTOR =
  /^\s*(and|also|so|what about|how about|e|e quanto|e sobre|e para|e no|e na|e com|e os|e as|e o|e a|tamb[eé]m)\b/iu

/** The content words of a text: no stop words, no one-letter words, first occurrence order. */
export function keyTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}._-]*/gu) ?? []
  const seen = new Set<string>()
  for (const w of words) {
    const word = w.replace(/[._-]+$/, '')
    if (word.length > 1 && !STOP.has(word)) seen.add(word)
  }
  return [...seen]
}

/** True for a question that points back at an earlier turn or is too short to stand alone. */
function isDependent(question: string): boolean {
  return ANAPHORA.test(question) || CONNECTOR.test(question) || keyTerms(question).length <= 1
}

/**
 * A question's names: capitalised past the first word, all capitals, or holding a digit
 * (Transformer, BERT, GPT-2, zebracorn2).
 */
function namesOf(question: string): string[] {
  const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}._-]*/gu) ?? []
  const names = words
    .filter((w, i) => (i > 0 && /^\p{Lu}/u.test(w)) || /^\p{Lu}{2,}/u.test(w) || /\d/.test(w))
    .map((w) => w.toLowerCase().replace(/[._-]+$/, ''))
    .filter((w) => w.length > 1 && !STOP.has(w))
  return [...new Set(names)]
}

/** True for a follow-up that names its own subject without pointing back ("e o BERT?"). */
function namesNewSubject(question: string): boolean {
  return namesOf(question).length > 0 && !ANAPHORA.test(question)
}

/** A question's topic nouns: its key terms that are not names ("layers", "steps", "camadas"). */
function topicOf(question: string): string[] {
  const names = new Set(namesOf(question))
  return keyTerms(question).filter((t) => !names.has(t))
}

/**
 * The terms that name a question's subject: its names (capitalised past the first word, or
 * holding a digit: Transformer, BERT, GPT-2, zebracorn2), else all its key terms.
 * @remarks A generic word of the subject question ("architecture") pulls in every paper that
 * uses it; the name is what "it" stands for.
 */
function subjectTerms(question: string): string[] {
  const names = namesOf(question)
  return names.length ? names : keyTerms(question)
}

/**
 * A standalone retrieval query for a follow-up, built without a model.
 * @remarks Used by evidence-only answers (no key, offline). A follow-up that points back
 * ("how many layers does its decoder have?", "the larger one?", "e dele?") or is too short to
 * stand alone gets the names of the thread's subject joined to it: the newest earlier question
 * that stood on its own. A bare follow-up ("and for how many steps?", "e dele?": no topic of its
 * own, or one and no pronoun) also gets the previous question's topic nouns. A follow-up that names a new subject without pointing
 * back ("e o BERT?", "and for RAG?") replaces the old subject: it keeps the previous question's
 * topic ("layers") and drops the old names, and is the subject later pronouns point to. A question that stands on its own is searched as it
 * is, so a change of topic is not dragged back.
 */
export function keywordStandaloneQuery(question: string, history: readonly PriorTurn[]): string {
  if (history.length === 0 || !isDependent(question)) return question
  const own = keyTerms(question)
  let subject = 0
  for (let i = history.length - 1; i >= 0; i--) {
    if (!isDependent(history[i]!.question) || namesNewSubject(history[i]!.question)) {
      subject = i
      break
    }
  }
  const previous = history[history.length - 1]!.question
  const newSubject = namesNewSubject(question)
  const terms = newSubject ? [] : subjectTerms(history[subject]!.question)
  if (newSubject || own.length === 0 || (own.length === 1 && !ANAPHORA.test(question))) {
    terms.push(...topicOf(previous))
    if (!newSubject && history.length - 1 !== subject) terms.push(...namesOf(previous))
  }
  const extra = [...new Set(terms)].filter((t) => !own.includes(t)).slice(0, 8)
  return extra.length ? `${question} ${extra.join(' ')}` : question
}

/**
 * The papers a follow-up points back to: those the previous answer cited, when the question
 * depends on the earlier turn ("its encoder", "the smaller one", "and for how long?") and does
 * not name a new subject ("e o BERT?"); null otherwise.
 * @remarks In a large library the subject's name alone ("transformer") does not single out its
 * paper (sixty papers say "Transformer"); the papers just cited do.
 */
export function followUpPapers(question: string, history: readonly PriorTurn[]): string[] | null {
  if (history.length === 0 || !isDependent(question) || namesNewSubject(question)) return null
  const cited = history[history.length - 1]!.paperIds
  return cited && cited.length > 0 ? cited : null
}

/**
 * A retriever that answers from `paperIds` first: their results lead, and the rest of the
 * library's fill the list up to the limit (so a follow-up that left the cited papers still
 * finds its passage).
 */
export function preferringPapers(retriever: Retriever, paperIds: readonly string[]): Retriever {
  const preferred = new Set(paperIds)
  return {
    section: (input) => retriever.section(input),
    passage: (chunkId) => retriever.passage(chunkId),
    search: async (input, signal): Promise<SearchResponse> => {
      const all = await retriever.search(input, signal)
      const within = (input.paperIds ?? [...preferred]).filter((id) => preferred.has(id))
      if (within.length === 0) return all
      let first: SearchResponse
      try {
        first = await retriever.search({ ...input, paperIds: within }, signal)
      } catch (e) {
        // A cited paper removed since: the library's results alone.
        if (isUserFacing(e, 'NOT_FOUND')) return all
        throw e
      }
      const seen = new Set(first.results.map((r) => r.chunkId))
      const rest = all.results.filter((r) => !seen.has(r.chunkId))
      const limit = Math.max(input.limit ?? all.results.length, first.results.length)
      return { ...all, results: [...first.results, ...rest].slice(0, limit) }
    }
  }
}
