import type { Citation } from '../../shared/types'
import type { EvidenceSet, EvidencePassage } from './evidence'
import { pickSnippet } from './snippet'

/** An answer's text with its `[[chunk-id]]` markers turned into numbers, and the citations. */
export interface CitedAnswer {
  answer: string
  citations: Citation[]
}

/** How many retrieved passages to cite when the model cited none. */
const FALLBACK_SOURCES = 3
const MARKER = /\[\[([^[\]]*)\]\]/g

/**
 * Numbers the `[[chunk-id]]` markers in order of first appearance (`[1]`, `[2]`...).
 * @remarks Ids not in the evidence — made up, mangled, empty — are dropped with their marker,
 * so every number in the text points at a passage the model was actually shown. With no valid
 * marker at all, the top retrieved passages become the citations, so the reader can still
 * check the answer against the papers.
 */
export function resolveCitations(text: string, evidence: EvidenceSet): CitedAnswer {
  const numbers = new Map<string, number>()
  const citations: Citation[] = []
  const replaced = text.replace(MARKER, (_marker, inner: string, offset: number) => {
    const ids = inner
      .split(/[,;\s]+/)
      .map((id) => id.trim())
      .filter(Boolean)
    const cited = new Set<number>()
    for (const id of ids) {
      const passage = evidence.get(id)
      if (!passage) continue
      let n = numbers.get(id)
      if (n === undefined) {
        n = numbers.size + 1
        numbers.set(id, n)
        citations.push(toCitation(n, passage, claimBefore(text, offset)))
      }
      cited.add(n)
    }
    return [...cited].map((n) => `[${n}]`).join('')
  })
  const answer = tidy(replaced)
  if (citations.length > 0) return { answer, citations }
  return {
    answer,
    citations: evidence
      .all()
      .slice(0, FALLBACK_SOURCES)
      .map((p, i) => toCitation(i + 1, p, text))
  }
}

/** A citation for a passage; the snippet is taken from the passage's own text. */
export function toCitation(number: number, passage: EvidencePassage, claim = ''): Citation {
  return {
    number,
    paperId: passage.paperId,
    title: passage.title,
    page: passage.page,
    chunkId: passage.id,
    snippet: isFigure(passage)
      ? passage.text
      : pickSnippet(passage.text, `${claim} ${passage.query}`, !passage.singlePage),
    ...(passage.kind && { kind: passage.kind }),
    ...(passage.region && { region: passage.region })
  }
}

// A figure or table is cited whole: its caption is the snippet, its region what is highlighted.
function isFigure(passage: EvidencePassage): boolean {
  return passage.kind === 'figure' || passage.kind === 'table'
}

/** The sentence a marker at `offset` supports: the text since the previous sentence end. */
function claimBefore(text: string, offset: number): string {
  const before = text.slice(0, offset).replace(MARKER, ' ')
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n'))
  return before.slice(start + 1)
}

/** Removes what stripped markers leave behind: unclosed `[[...`, doubled spaces, ` .`. */
function tidy(text: string): string {
  return text
    .replace(/\[\[[^\]\s]*\]?/g, '')
    .replace(/[ \t]+([.,;:!?)])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .trim()
}
