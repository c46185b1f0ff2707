import { z } from 'zod'

/**
 * `library.journal`: the catalog's changes since `library.json` was last written whole, one JSON
 * line each, appended and fsynced as they happen (format 1).
 * @remarks A paper's status changes several times while it is indexed; rewriting a catalog of
 * thousands of papers for each of them made every paper of a large import slower than the last.
 * The first line is a header naming the format and its version; then one entry per change, in
 * order, numbered by `seq` (1, 2, 3, … continuing across compactions). `library.json` records
 * the last `seq` it includes (`journalSeq`), so entries at or below it (a compaction interrupted
 * between writing `library.json` and emptying the journal) are skipped, and a reader that finds
 * the journal starting past `journalSeq + 1` knows the writer compacted between its two reads.
 * Storage schemas, separate from IPC; a `put` record is checked with the catalog's own
 * `StoredPaperSchema` when applied.
 */
export const CATALOG_JOURNAL = {
  name: 'library.journal',
  /** The format this build reads and writes. */
  version: 1,
  /** The header's `format` value. */
  magic: 'researchpal-catalog-journal',
  /**
   * Keyed by the version they upgrade from; an entry line of version n becomes one of n+1.
   * None yet: version 1 is the first.
   */
  migrations: {} as Readonly<Record<number, (entry: Record<string, unknown>) => unknown>>
} as const

/** The journal's first line. */
export const JournalHeaderSchema = z.looseObject({
  format: z.literal(CATALOG_JOURNAL.magic),
  version: z.number().int().min(1)
})

/** One change: a paper record as it now is (added or changed), or a paper removed. */
export const JournalEntrySchema = z.discriminatedUnion('op', [
  z.looseObject({ seq: z.number().int().min(1), op: z.literal('put'), paper: z.unknown() }),
  z.looseObject({ seq: z.number().int().min(1), op: z.literal('delete'), id: z.string().min(1) })
])
/** One change, the paper record unchecked. */
export type JournalEntry = z.infer<typeof JournalEntrySchema>

/** What reading the journal found. */
export type JournalRead =
  | { state: 'missing' }
  /**
   * `damaged`: lines that could not be read (1-based line numbers and why), skipped. `torn`: the
   * last line is cut short (written when the app stopped, or being written now), skipped.
   */
  | { state: 'ok'; entries: JournalEntry[]; damaged: string[]; torn: string | null }
  /** The header is not this format's: nothing in it can be trusted. */
  | { state: 'unreadable'; reason: string }
  | { state: 'newer'; version: number }

/** Parses a journal's text; a damaged entry line is skipped and named, never fatal. */
export function parseJournal(text: string): JournalRead {
  const lines = text.split('\n')
  let header: unknown
  try {
    header = JSON.parse(lines[0] ?? '')
  } catch (e) {
    return { state: 'unreadable', reason: `its first line is not JSON (${(e as Error).message})` }
  }
  const h = JournalHeaderSchema.safeParse(header)
  if (!h.success) return { state: 'unreadable', reason: 'its first line is not a journal header' }
  if (h.data.version > CATALOG_JOURNAL.version) return { state: 'newer', version: h.data.version }
  const entries: JournalEntry[] = []
  const damaged: string[] = []
  let torn: string | null = null
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!
    // Every complete entry ends with a newline: the last piece is empty, or an entry cut short.
    if (i === lines.length - 1) {
      if (line !== '') torn = `line ${i + 1} was cut short (the app stopped while writing it)`
      break
    }
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      damaged.push(`line ${i + 1}: not JSON`)
      continue
    }
    for (let v = h.data.version; v < CATALOG_JOURNAL.version; v++) {
      const step = CATALOG_JOURNAL.migrations[v]
      if (step && typeof raw === 'object' && raw !== null)
        raw = step(raw as Record<string, unknown>)
    }
    const e = JournalEntrySchema.safeParse(raw)
    if (!e.success) {
      const issue = e.error.issues[0]
      damaged.push(`line ${i + 1}: ${issue?.path.join('.') || '(entry)'}: ${issue?.message}`)
      continue
    }
    entries.push(e.data)
  }
  return { state: 'ok', entries, damaged, torn }
}

/** The header line, newline included. */
export function journalHeader(): string {
  return `${JSON.stringify({ format: CATALOG_JOURNAL.magic, version: CATALOG_JOURNAL.version })}\n`
}

/** One entry line, newline included. */
export function journalLine(entry: JournalEntry): string {
  return `${JSON.stringify(entry)}\n`
}
