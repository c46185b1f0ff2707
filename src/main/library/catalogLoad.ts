import { readFile, stat } from 'node:fs/promises'
import { readCatalogPrefix, type CatalogPrefix } from '../storage/catalogPrefix'
import { CATALOG_FORMAT } from '../storage/catalogFormat'
import { parseJournal, type JournalEntry, type JournalRead } from '../storage/catalogJournalFormat'
import { parseVersioned } from '../storage/versionedFile'

/** A catalog record this version cannot read, kept verbatim and written back unchanged. */
export interface UnreadableRecord {
  /** Which list of `library.json` it came from (a paper unless said otherwise). */
  kind?: 'collection'
  /** The record's `id`, when it has one. */
  id: string | null
  reason: string
  raw: unknown
}

/** What {@link Catalog.load} found. */
export type CatalogLoad =
  /** `journal`: what was wrong with `library.journal`, when something was (see JournalProblem). */
  | { state: 'missing' | 'ok'; migratedFrom: number | null; journal?: JournalProblem }
  /**
   * The file could not be parsed: moved to `aside` (null when read-only), library to rebuild.
   * Its journal, which holds changes to it, is kept aside beside it (`journalAside`).
   */
  | {
      state: 'unreadable'
      reason: string
      aside: string | null
      journalAside?: string | null
      /** What the user made that can still be read: see {@link CatalogSalvage}. */
      salvage: CatalogSalvage
    }

/**
 * Where the records of an unreadable `library.json` can still be found, oldest first: the last
 * good generation kept beside it, the damaged file's readable prefix, and the journal.
 */
export interface CatalogSalvage {
  /** The last good generation (`library.previous.json`) and when it was written, if readable. */
  previous: {
    papers: unknown[]
    collections: unknown[]
    savedAt: string
    journalSeq: number
  } | null
  /** The records the damaged file still holds whole. */
  prefix: CatalogPrefix
  /** The journal's changes (applied after the others). */
  journal: JournalEntry[]
}

/** Lines of `library.journal` that could not be read (skipped), and where the file was kept. */
export interface JournalProblem {
  reason: string
  /** A copy of the journal as found; null when read-only (left in place). */
  aside: string | null
  /** Changes whose numbers are missing (lost or unreadable lines before a later change). */
  missing: number
  /** Changes read after the first missing one, applied all the same. */
  appliedAfter: number
}

/** Reads `library.journal`; a missing one is `missing`. */
export async function readJournal(path: string): Promise<JournalRead> {
  try {
    return parseJournal(await readFile(path, 'utf8'))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' }
    return { state: 'unreadable', reason: `cannot be read (${(e as NodeJS.ErrnoException).code})` }
  }
}

/** True when the journal starts after the changes library.json includes (a compaction between). */
export function skipsChanges(
  read: { state: string; data?: { journalSeq: number } },
  j: JournalRead
): boolean {
  if (j.state !== 'ok' || j.entries.length === 0) return false
  const base = read.state === 'ok' && read.data ? read.data.journalSeq : 0
  return j.entries[0]!.seq > base + 1
}

/**
 * What can still be read of the user's records when `library.json` cannot be parsed: its last
 * good generation (`previousFile`), the damaged file's readable prefix, and the journal.
 */
export async function readSalvage(
  file: string,
  previousFile: string,
  journal: JournalRead
): Promise<CatalogSalvage> {
  const text = await readFile(file, 'utf8').catch(() => '')
  let previous: CatalogSalvage['previous'] = null
  const prev = await readFile(previousFile, 'utf8').then(
    (t) => parseVersioned(t, CATALOG_FORMAT),
    () => null
  )
  if (prev?.state === 'ok') {
    const savedAt = (await stat(previousFile)).mtime.toISOString()
    const { papers, collections, journalSeq } = prev.data
    previous = { papers, collections, savedAt, journalSeq }
  }
  return {
    previous,
    prefix: readCatalogPrefix(text),
    journal: journal.state === 'ok' ? journal.entries : []
  }
}
