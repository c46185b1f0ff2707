import { REPLY_KEYS, type Reply } from '../../shared/replies'
import type { ChunkKind, EvidenceExcerpt } from '../../shared/types'
import { mainEn } from '../../shared/i18n/en/main'
import { mainPtBR } from '../../shared/i18n/pt-BR/main'
import { excerptFor } from '../agent/excerpt'
import type { StoredDocument } from '../storage/versionedFile'

/** A passage's kind by the word an evidence answer marked it with, in every answer language. */
const KIND_BY_WORD = new Map<string, ChunkKind>(
  [mainEn, mainPtBR].flatMap((c) =>
    Object.entries(c.answer.kinds).map(([kind, word]) => [word, kind as ChunkKind] as const)
  )
)

/** One quoted passage of a format-1 evidence answer: `[n] Title, p. 4: [Figure]\n> quote`. */
const PASSAGE = /^\[(\d+)\] (.*)\n> (.*)$/gm

/**
 * The passages of an evidence-only answer saved as text (format 1), as the excerpts the live
 * answer showed as cards, and the kind each passage was marked with.
 * @remarks Format 1 kept only the text: its label and passage heads in the language asked in,
 * and each passage after `> `. The excerpts are made from that quote by the same code the agent
 * uses, so a restored card reads as the live one did.
 */
export function evidenceFromText(
  text: string,
  question: string
): { excerpts: EvidenceExcerpt[]; kinds: Map<number, ChunkKind> } {
  const excerpts: EvidenceExcerpt[] = []
  const kinds = new Map<number, ChunkKind>()
  for (const m of text.matchAll(PASSAGE)) {
    const number = Number(m[1])
    excerpts.push(excerptFor(number, m[3]!, question))
    const word = /: \[([^\]]+)\]$/.exec(m[2]!)?.[1]
    const kind = word === undefined ? undefined : KIND_BY_WORD.get(word)
    if (kind) kinds.set(number, kind)
  }
  return { excerpts, kinds }
}

type Loose = Record<string, unknown>

function isObject(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** One format-1 turn as format 2: an evidence answer gets its cards back; nothing is dropped. */
function turnToV2(turn: unknown): unknown {
  if (!isObject(turn) || turn.mode !== 'evidence' || turn.status !== 'done') return turn
  if (typeof turn.answer !== 'string' || typeof turn.question !== 'string') return turn
  if (turn.excerpts !== undefined) return turn
  const { excerpts, kinds } = evidenceFromText(turn.answer, turn.question)
  const citations = Array.isArray(turn.citations)
    ? turn.citations.map((c: unknown) => {
        if (!isObject(c) || c.kind !== undefined || typeof c.number !== 'number') return c
        const kind = kinds.get(c.number)
        return kind ? { ...c, kind } : c
      })
    : turn.citations
  // Evidence is never checked: what the live answer said, recorded from format 2 on.
  return { ...turn, excerpts, citations, check: turn.check ?? 'unchecked' }
}

/**
 * Format 1 → 2. Format 2 stores what a turn showed besides its text: an evidence answer's
 * passages (`excerpts`), each citation's `kind` and figure `region`, the checker's `check` and
 * `answeredBy`. A format-1 evidence turn's excerpts are read back from its text; the other
 * fields were not kept by format 1 and stay absent (shown as format 1 showed them).
 * @remarks Defensive: a document that is not a thread passes through as it is, for the schema
 * to name what is wrong with it.
 */
export function threadV1ToV2(doc: StoredDocument): StoredDocument {
  const thread = doc.thread
  if (!isObject(thread) || !Array.isArray(thread.turns)) return doc
  return { ...doc, thread: { ...thread, turns: thread.turns.map(turnToV2) } }
}

/** Each fixed reply's text in every UI language, to the reply it is. */
const REPLY_BY_TEXT = new Map<string, Reply['key']>(
  [mainEn, mainPtBR].flatMap((c) =>
    REPLY_KEYS.filter((k) => k !== 'offTopicLabel').map((k) => [c.answer[k], k] as const)
  )
)
/** The label heading a model's off-topic reply, in every UI language. */
const OFF_TOPIC_LABELS = [mainEn, mainPtBR].map((c) => `${c.answer.offTopicLabel}\n\n`)

/** The reply a format-2 small-talk or off-topic text is, when it is exactly a catalog text. */
function replyOf(text: string): Reply | null {
  const key = REPLY_BY_TEXT.get(text)
  if (key) return { key }
  const label = OFF_TOPIC_LABELS.find((l) => text.startsWith(l))
  return label ? { key: 'offTopicLabel', text: text.slice(label.length) } : null
}

function turnToV3(turn: unknown): unknown {
  if (!isObject(turn) || turn.reply !== undefined || typeof turn.answer !== 'string') return turn
  if (turn.mode !== 'smalltalk' && turn.mode !== 'offtopic') return turn
  const reply = replyOf(turn.answer)
  return reply ? { ...turn, reply } : turn
}

/**
 * Format 2 → 3. Format 3 keeps a small-talk or off-topic reply as its catalog key (`reply`), so
 * it reads in the UI's current language. A format-2 reply whose text is exactly one of this
 * build's catalog texts (in any language) gets its key; any other text (a reply worded by an
 * older build) stays as it was stored and is shown as is.
 */
export function threadV2ToV3(doc: StoredDocument): StoredDocument {
  const thread = doc.thread
  if (!isObject(thread) || !Array.isArray(thread.turns)) return doc
  return { ...doc, thread: { ...thread, turns: thread.turns.map(turnToV3) } }
}
