import { METADATA_FIELDS } from '../../shared/types'
import {
  StoredCollectionSchema,
  StoredPaperSchema,
  type StoredCollection,
  type StoredPaper
} from '../storage/catalogFormat'
import type { CatalogSalvage } from './catalogLoad'

/**
 * The fields a person makes or chooses, restored onto a paper rebuilt from its files: every
 * bibliographic field (so a field added to METADATA_FIELDS is restored too) and the rest.
 */
const MADE_BY_USER = [
  ...METADATA_FIELDS,
  'literalAuthors',
  'fieldSources',
  'tags',
  'collectionIds',
  'addedAt',
  'source',
  'arxivId',
  'onlineCheckedAt'
] as const

/** What {@link salvageCatalog} restored, and what it could not. */
export interface SalvageResult {
  /** The papers to put in the catalog (the rebuilt ones, with what was restored onto them). */
  papers: StoredPaper[]
  collections: StoredCollection[]
  /** Which sources held records: the last good copy, the damaged file, the journal. */
  sources: ('previous' | 'damaged' | 'journal')[]
  /** Papers whose hand edits (a field from `user`) were restored. */
  edited: number
  /** Papers whose tags were restored. */
  tagged: number
  /** Papers put back in their collections. */
  filed: number
  /** Papers known only from the catalog (no files on disk) restored from the damaged file or journal. */
  catalogOnly: number
  /** Ids of papers removed since, per the journal: not brought back. */
  removed: string[]
  /** Papers only the last good copy knows, with no files left on disk (removed since?). */
  notRestored: string[]
  /** Collection ids papers were in whose collection (its name) could not be read anywhere. */
  unnamedCollections: string[]
  /**
   * True when the last good copy had to stand in for papers the damaged file no longer holds:
   * their changes made after it was written (`previousSavedAt`) could not be recovered.
   */
  olderForSome: boolean
  previousSavedAt: string | null
}

/**
 * Restores what the user made onto a catalog rebuilt from the library folder.
 * @remarks The rebuilt records say which papers exist (their PDFs, text and index files); the
 * user's organisation (collections, tags, hand-edited fields and their sources, other
 * bibliographic fields, when each was added) is taken from the newest record of each paper
 * found, oldest source first: the last good generation, then the records the damaged file
 * still holds whole, then the journal's changes (a removal there keeps the paper removed).
 * Papers stay `pending`, re-read from their PDFs; sources recorded per field keep a hand edit
 * from being replaced by what the PDF says. A paper the damaged file or journal knows but that
 * has no files (nothing to rebuild it from) is restored as it was, so the open-time checks say
 * what it needs.
 */
export function salvageCatalog(rebuilt: StoredPaper[], salvage: CatalogSalvage): SalvageResult {
  const known = new Map<string, StoredPaper>()
  const fromNewer = new Set<string>()
  const sources: SalvageResult['sources'] = []
  const take = (raws: unknown[], newer: boolean): number => {
    let n = 0
    for (const raw of raws) {
      const parsed = StoredPaperSchema.safeParse(raw)
      if (!parsed.success) continue
      known.set(parsed.data.id, parsed.data)
      if (newer) fromNewer.add(parsed.data.id)
      n++
    }
    return n
  }
  if (salvage.previous && take(salvage.previous.papers, false) > 0) sources.push('previous')
  if (take(salvage.prefix.papers, true) > 0) sources.push('damaged')
  const removed = new Set<string>()
  for (const e of salvage.journal) {
    if (e.op === 'put') {
      if (take([e.paper], true) > 0) removed.delete(idOf(e.paper))
    } else {
      known.delete(e.id)
      fromNewer.delete(e.id)
      removed.add(e.id)
    }
  }
  if (salvage.journal.length) sources.push('journal')

  const collections = new Map<string, StoredCollection>()
  for (const raw of [...(salvage.previous?.collections ?? []), ...salvage.prefix.collections]) {
    const c = StoredCollectionSchema.safeParse(raw)
    if (c.success) collections.set(c.data.id, c.data)
  }
  if (salvage.prefix.collections.length && !sources.includes('damaged')) sources.push('damaged')

  const out: SalvageResult = {
    papers: [],
    collections: [],
    sources,
    edited: 0,
    tagged: 0,
    filed: 0,
    catalogOnly: 0,
    removed: [...removed].filter((id) => rebuilt.some((p) => p.id === id)),
    notRestored: [],
    unnamedCollections: [],
    olderForSome: false,
    previousSavedAt: salvage.previous?.savedAt ?? null
  }
  // The last good copy is written after every whole write; it is older than the damaged file
  // only when a copy failed (a full disk). Unknown (an empty file, no journal): said, to be safe.
  const prevSeq = salvage.previous?.journalSeq
  const firstJournaled = salvage.journal[0]?.seq
  const previousIsCurrent =
    prevSeq !== undefined &&
    (salvage.prefix.journalSeq !== null
      ? salvage.prefix.journalSeq === prevSeq
      : firstJournaled !== undefined && firstJournaled === prevSeq + 1)
  const unnamed = new Set<string>()
  const count = (p: StoredPaper): void => {
    if (Object.values(p.fieldSources).includes('user')) out.edited++
    if (p.tags.length) out.tagged++
    if (p.collectionIds.length) out.filed++
    for (const c of p.collectionIds) if (!collections.has(c)) unnamed.add(c)
  }
  const seen = new Set<string>()
  for (const r of rebuilt) {
    seen.add(r.id)
    if (removed.has(r.id)) continue
    const k = known.get(r.id)
    if (!k) {
      out.papers.push(r)
      continue
    }
    if (!fromNewer.has(r.id) && !previousIsCurrent) out.olderForSome = true
    const restored: StoredPaper = { ...r }
    for (const field of MADE_BY_USER) {
      // A value the old record lacks (a field newer than it) leaves what the rebuild read,
      // unless the user cleared it by hand.
      const userSet = (k.fieldSources as Record<string, string>)[field] === 'user'
      if ((k[field] === null || k[field] === undefined) && !userSet) continue
      ;(restored as Record<string, unknown>)[field] = k[field]
    }
    count(restored)
    out.papers.push(restored)
  }
  for (const [id, k] of known) {
    if (seen.has(id)) continue
    if (!fromNewer.has(id)) {
      out.notRestored.push(id)
      continue
    }
    out.catalogOnly++
    count(k)
    out.papers.push(k)
  }
  // A collection whose record is lost keeps its papers together under its id until renamed.
  for (const id of unnamed)
    collections.set(id, { id, name: id, createdAt: new Date(0).toISOString() })
  out.unnamedCollections = [...unnamed]
  out.collections = [...collections.values()]
  return out
}

function idOf(raw: unknown): string {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : ''
}
