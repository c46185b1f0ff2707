import {
  StoredCollectionSchema,
  StoredPaperSchema,
  type CatalogDocument,
  type StoredCollection,
  type StoredPaper
} from '../storage/catalogFormat'
import type { JournalRead } from '../storage/catalogJournalFormat'
import type { UnreadableRecord } from './catalogLoad'

/** The catalog as `library.json` and the changes journaled since it make it, and what was wrong. */
export interface ReplayedCatalog {
  papers: Map<string, StoredPaper>
  /** Paper records this version cannot read, kept verbatim. */
  unreadable: UnreadableRecord[]
  collections: Map<string, StoredCollection>
  unreadableCollections: UnreadableRecord[]
  /** The number of the last change `library.json` includes. */
  base: number
  /** The number of the last change applied (the journal's, or `base`). */
  seq: number
  /** What was wrong with the journal: unreadable, damaged or torn lines, missing changes. */
  problems: string[]
  /** Changes whose numbers are missing. */
  missing: number
  /** Changes read after the first missing one, applied all the same. */
  appliedAfter: number
}

/**
 * Reads the records of `library.json` (`data`, null when there is none) and applies the journal's
 * changes after the last one it includes, in order.
 * @remarks Pure: nothing is written. A record this version cannot read (or a second one with an
 * id already seen) is kept verbatim in `unreadable`; a later journaled record of the same id
 * replaces it. A torn last line is a problem only for the writer (`readOnly` false): a reader
 * may see the writer's line half-appended.
 */
export function replayCatalog(
  data: CatalogDocument | null,
  journal: JournalRead,
  readOnly: boolean
): ReplayedCatalog {
  const papers = new Map<string, StoredPaper>()
  const unreadable: UnreadableRecord[] = []
  const putRaw = (raw: unknown): void => {
    const parsed = StoredPaperSchema.safeParse(raw)
    const id = parsed.success ? parsed.data.id : idOf(raw)
    if (parsed.success) {
      papers.set(parsed.data.id, parsed.data)
      const i = unreadable.findIndex((r) => r.id === id)
      if (i >= 0) unreadable.splice(i, 1)
      return
    }
    const issue = parsed.error.issues[0]
    const reason = `${issue?.path.join('.') || '(record)'}: ${issue?.message ?? 'invalid'}`
    const i = id === null ? -1 : unreadable.findIndex((r) => r.id === id)
    if (i >= 0) unreadable[i] = { id, reason, raw }
    else unreadable.push({ id, reason, raw })
    if (id !== null) papers.delete(id)
  }
  for (const raw of data?.papers ?? []) {
    const parsed = StoredPaperSchema.safeParse(raw)
    if (parsed.success && !papers.has(parsed.data.id)) {
      papers.set(parsed.data.id, parsed.data)
    } else {
      const id = idOf(raw)
      const issue = parsed.success ? null : parsed.error.issues[0]
      const reason = issue
        ? `${issue.path.join('.') || '(record)'}: ${issue.message}`
        : `a second record with id ${id}`
      unreadable.push({ id, reason, raw })
    }
  }
  const collections = new Map<string, StoredCollection>()
  const unreadableCollections: UnreadableRecord[] = []
  for (const raw of data?.collections ?? []) {
    const parsed = StoredCollectionSchema.safeParse(raw)
    if (parsed.success && !collections.has(parsed.data.id)) {
      collections.set(parsed.data.id, parsed.data)
    } else {
      const issue = parsed.success ? null : parsed.error.issues[0]
      const reason = issue
        ? `${issue.path.join('.') || '(collection)'}: ${issue.message}`
        : `a second collection with id ${idOf(raw)}`
      unreadableCollections.push({ kind: 'collection', id: idOf(raw), reason, raw })
    }
  }
  // The changes made since library.json was written, in order.
  const base = data?.journalSeq ?? 0
  let seq = base
  const problems: string[] = []
  let missing = 0
  let appliedAfter = 0
  if (journal.state === 'unreadable') problems.push(journal.reason)
  if (journal.state === 'ok') {
    problems.push(...journal.damaged)
    // Cut short while the writer appends it (a reader), or by a crash (the writer): never
    // acknowledged, so nothing is lost; the writer still says so.
    if (journal.torn && !readOnly) problems.push(journal.torn)
    for (const e of journal.entries) {
      if (e.seq <= seq) continue
      if (e.seq > seq + 1) {
        problems.push(`changes ${seq + 1} to ${e.seq - 1} are missing`)
        missing += e.seq - seq - 1
      }
      if (missing) appliedAfter++
      seq = e.seq
      if (e.op === 'put') putRaw(e.paper)
      else {
        papers.delete(e.id)
        const i = unreadable.findIndex((r) => r.id === e.id)
        if (i >= 0) unreadable.splice(i, 1)
      }
    }
  }
  return {
    papers,
    unreadable,
    collections,
    unreadableCollections,
    base,
    seq,
    problems,
    missing,
    appliedAfter
  }
}

function idOf(raw: unknown): string | null {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : null
}
