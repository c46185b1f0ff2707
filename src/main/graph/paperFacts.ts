import type { Paper } from '../../shared/types'
import type { PaperText } from '../domain'
import { parseReferences, referencesText, titleKey } from '../library/references'

/** A reference kept for ghost nodes: its identifiers and the title as read. */
export interface CachedReference {
  title: string | null
  arxivId: string | null
  doi: string | null
  year: number | null
}

/**
 * What the map needs from one paper's text, read once and cached: its reference list (as
 * compact text for matching library titles, and as entries for ghosts) and its keyword counts.
 */
export interface PaperFacts {
  /** Changes when the paper is re-indexed, so its facts are read again. */
  fingerprint: string
  /** The reference list as lower-case letters and digits without spaces (see {@link compact}). */
  refs: string
  entries: CachedReference[]
  /** Word counts of the title and abstract, for the similarity edges. */
  terms: Record<string, number>
}

/**
 * The way facts are read from text: raise it when {@link readFacts} (or the reference parser it
 * uses) changes, so every cached paper is read again rather than kept as the old code read it.
 */
export const FACTS_READER = 1

/** What makes a paper's cached facts stale: it was re-indexed, or facts are read differently. */
export function fingerprint(p: Paper): string {
  return `r${FACTS_READER}|${p.indexedAt ?? ''}|${p.sha256 ?? ''}|${p.pages}`
}

/**
 * A title or text with everything but letters and digits dropped: "Pre-training", "Pre- training"
 * (a line break) and "Pretraining" all read alike.
 */
export function compact(s: string): string {
  return titleKey(s).replace(/ /g, '')
}

const STOP = new Set(
  'with from that this which these those their there than then into over under using used based ' +
    'about also such more most have been were when where what while will would could should ' +
    'paper approach method methods results show shows model models task tasks work propose proposed ' +
    'para como pelo pela entre sobre este esta isso mais resultados trabalho modelo'.split(' ')
)

/** Word counts of a text: words of four letters or more, stop words out. */
export function termCounts(text: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const w of titleKey(text).split(' ')) {
    if (w.length < 4 || /^\d+$/.test(w) || STOP.has(w)) continue
    out[w] = (out[w] ?? 0) + 1
  }
  return out
}

/** Reads a paper's facts from its page text. */
export function readFacts(p: Paper, text: PaperText): PaperFacts {
  const all = text.pages.map((pg) => pg.text).join('\n')
  const about = `${p.title}. ${p.abstract ?? text.pages[0]?.text.slice(0, 2000) ?? ''}`
  return {
    fingerprint: fingerprint(p),
    refs: compact(referencesText(all)),
    entries: parseReferences(all).map((r) => ({
      title: r.title,
      arxivId: r.arxivId,
      doi: r.doi,
      year: r.year
    })),
    terms: termCounts(about)
  }
}
