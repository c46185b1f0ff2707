import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { UserFacingError } from '../errors'
import type { MetadataValues } from './metadataMerge'
import { noteText } from './noteText'

/** One Zotero item with what ResearchPal takes from it. */
export interface ZoteroItem {
  key: string
  values: MetadataValues
  arxivId: string | null
  tags: string[]
  /** The item's child notes as plain text (HTML stripped), oldest first; trashed ones left out. */
  notes: string[]
  /** The first PDF attachment on disk, or null. */
  pdf: string | null
  /** Why there is no PDF, for the import summary. */
  noPdfReason: string | null
  /** Full names of the collections the item is in ("Parent / Child"). */
  collections: string[]
}

/** A Zotero collection with its full name and how many items are in it. */
export interface ZoteroCollection {
  name: string
  items: number
}

type Row = Record<string, unknown>

/**
 * Reads a Zotero data folder (`zotero.sqlite` + `storage/`) through Node's built-in SQLite,
 * on a copy: Zotero keeps its database locked while it runs, and we never write to it.
 * @remarks The only import of `node:sqlite`. Queries go by table and column names of Zotero's
 * public schema (userdata.sql schema 107, system.sql schema 31 — Zotero 5 onwards; 6 and 7 keep
 * these tables and columns): items, itemTypes, itemData, itemDataValues, fields, creators,
 * itemCreators, collections, collectionItems, itemAttachments (and tags/itemTags,
 * deletedItems, itemNotes when present).
 */
export async function readZoteroLibrary(
  dir: string
): Promise<{ items: ZoteroItem[]; collections: ZoteroCollection[] }> {
  const source = join(dir, 'zotero.sqlite')
  try {
    await stat(source)
  } catch {
    throw new UserFacingError('NOT_FOUND', { key: 'notZoteroFolder', params: { dir } })
  }
  const work = await mkdtemp(join(tmpdir(), 'rp-zotero-'))
  try {
    const copy = join(work, 'zotero.sqlite')
    await copyFile(source, copy)
    // A running Zotero may hold recent writes in its write-ahead log: copy it too.
    await copyFile(`${source}-wal`, `${copy}-wal`).catch(() => undefined)
    const { DatabaseSync } = await import('node:sqlite')
    let db: InstanceType<typeof DatabaseSync>
    try {
      db = new DatabaseSync(copy, { readOnly: true })
      db.prepare('SELECT count(*) FROM items').get()
    } catch (e) {
      const detail = ` (${e instanceof Error ? e.message : String(e)})`
      throw new UserFacingError(
        'INVALID_INPUT',
        { key: 'zoteroUnreadable', params: { file: source, detail } },
        { cause: e }
      )
    }
    try {
      return readAll(db, dir)
    } catch (e) {
      // Zotero 4 and older (userdata schema ≤ 77) name these columns differently
      // (sourceItemID, mimeType, creatorData): say so rather than fail as a bug.
      const detail = ` (${e instanceof Error ? e.message : String(e)})`
      throw new UserFacingError(
        'INVALID_INPUT',
        { key: 'zoteroTooOld', params: { file: source, detail } },
        { cause: e }
      )
    } finally {
      db.close()
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

interface Db {
  prepare(sql: string): { all(...params: unknown[]): unknown[] }
}

function rows(db: Db, sql: string): Row[] {
  return db.prepare(sql).all() as Row[]
}

function hasTable(db: Db, name: string): boolean {
  return (
    rows(db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${name}'`).length > 0
  )
}

/** Appends `value` to `key`'s list in `map`. */
function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key) ?? []
  list.push(value)
  map.set(key, list)
}

/** What the item rows are joined with, each by Zotero item id. */
interface ItemParts {
  fields: Map<number, Map<string, string>>
  creators: Map<number, string[]>
  tags: Map<number, string[]>
  attachments: Map<number, Row[]>
  notes: Map<number, string[]>
  memberOf: Map<number, string[]>
}

function readAll(db: Db, dir: string): { items: ZoteroItem[]; collections: ZoteroCollection[] } {
  const deleted = hasTable(db, 'deletedItems')
    ? new Set(rows(db, 'SELECT itemID FROM deletedItems').map((r) => Number(r.itemID)))
    : new Set<number>()
  const collectionRows = rows(
    db,
    'SELECT collectionID, collectionName, parentCollectionID FROM collections'
  )
  const fullName = collectionNames(collectionRows)
  const itemRows = rows(
    db,
    `SELECT i.itemID, i.key, t.typeName FROM items i JOIN itemTypes t ON t.itemTypeID = i.itemTypeID
     WHERE t.typeName NOT IN ('attachment', 'note', 'annotation')`
  ).filter((r) => !deleted.has(Number(r.itemID)))
  const live = new Set(itemRows.map((r) => Number(r.itemID)))
  const { memberOf, counts } = membership(db, live, fullName)
  const parts: ItemParts = {
    fields: fieldsOf(db),
    creators: creatorsOf(db),
    tags: tagsOf(db),
    attachments: attachmentsOf(db, deleted),
    notes: notesOf(db, deleted),
    memberOf
  }
  const items = itemRows.map((r) => itemOf(r, parts, dir))
  const collections = collectionRows.map((r) => {
    const name = fullName(Number(r.collectionID))
    return { name, items: counts.get(name) ?? 0 }
  })
  return { items, collections }
}

/** A collection's full name ("Parent / Child") by its id. */
function collectionNames(collectionRows: Row[]): (id: number) => string {
  const byId = new Map(collectionRows.map((r) => [Number(r.collectionID), r]))
  return (id) => {
    const parts: string[] = []
    for (let c = byId.get(id); c; c = byId.get(Number(c.parentCollectionID))) {
      parts.unshift(String(c.collectionName))
      if (c.parentCollectionID === null || parts.length > 20) break
    }
    return parts.join(' / ')
  }
}

/** Each item's field values by Zotero field name. */
function fieldsOf(db: Db): Map<number, Map<string, string>> {
  const fields = new Map<number, Map<string, string>>()
  for (const r of rows(
    db,
    `SELECT d.itemID, f.fieldName, v.value FROM itemData d
     JOIN fields f ON f.fieldID = d.fieldID JOIN itemDataValues v ON v.valueID = d.valueID`
  )) {
    const m = fields.get(Number(r.itemID)) ?? new Map<string, string>()
    m.set(String(r.fieldName), String(r.value))
    fields.set(Number(r.itemID), m)
  }
  return fields
}

/** Each item's creators' names, in Zotero's order. */
function creatorsOf(db: Db): Map<number, string[]> {
  const creators = new Map<number, string[]>()
  for (const r of rows(
    db,
    `SELECT ic.itemID, c.firstName, c.lastName, c.fieldMode FROM itemCreators ic
     JOIN creators c ON c.creatorID = ic.creatorID ORDER BY ic.itemID, ic.orderIndex`
  )) {
    const list = creators.get(Number(r.itemID)) ?? []
    // fieldMode 1: a single-field name (an institution) kept in lastName.
    const name =
      Number(r.fieldMode) === 1
        ? String(r.lastName ?? '')
        : [r.firstName, r.lastName].filter(Boolean).join(' ')
    if (name.trim()) list.push(name.trim())
    creators.set(Number(r.itemID), list)
  }
  return creators
}

/** Each item's tags (none when the database has no tag tables). */
function tagsOf(db: Db): Map<number, string[]> {
  const tags = new Map<number, string[]>()
  if (hasTable(db, 'itemTags') && hasTable(db, 'tags'))
    for (const r of rows(
      db,
      'SELECT it.itemID, t.name FROM itemTags it JOIN tags t ON t.tagID = it.tagID'
    ))
      push(tags, Number(r.itemID), String(r.name))
  return tags
}

/** Each item's attachments not in the trash, by parent item. */
function attachmentsOf(db: Db, deleted: Set<number>): Map<number, Row[]> {
  const attachments = new Map<number, Row[]>()
  for (const r of rows(
    db,
    `SELECT a.itemID, a.parentItemID, a.linkMode, a.contentType, a.path, i.key
     FROM itemAttachments a JOIN items i ON i.itemID = a.itemID`
  )) {
    if (deleted.has(Number(r.itemID))) continue
    push(attachments, Number(r.parentItemID), r)
  }
  return attachments
}

/** Each item's child notes as plain text, oldest first, trashed and empty ones left out. */
function notesOf(db: Db, deleted: Set<number>): Map<number, string[]> {
  const notes = new Map<number, string[]>()
  if (hasTable(db, 'itemNotes'))
    for (const r of rows(
      db,
      `SELECT itemID, parentItemID, note FROM itemNotes
       WHERE parentItemID IS NOT NULL ORDER BY itemID`
    )) {
      if (deleted.has(Number(r.itemID))) continue
      const text = noteText(String(r.note ?? ''))
      if (!text) continue
      push(notes, Number(r.parentItemID), text)
    }
  return notes
}

/** The collections each live item is in, and how many live items each collection holds. */
function membership(
  db: Db,
  live: Set<number>,
  fullName: (id: number) => string
): { memberOf: Map<number, string[]>; counts: Map<string, number> } {
  const memberOf = new Map<number, string[]>()
  const counts = new Map<string, number>()
  for (const r of rows(db, 'SELECT collectionID, itemID FROM collectionItems')) {
    // Counted as the picker shows them: items to import, not notes or the trash.
    if (!live.has(Number(r.itemID))) continue
    const name = fullName(Number(r.collectionID))
    push(memberOf, Number(r.itemID), name)
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return { memberOf, counts }
}

/** One item row with its fields, creators, tags, notes, PDF and collections. */
function itemOf(r: Row, parts: ItemParts, dir: string): ZoteroItem {
  const id = Number(r.itemID)
  const f = parts.fields.get(id) ?? new Map<string, string>()
  const { pdf, reason } = pdfOf(parts.attachments.get(id) ?? [], dir)
  const year = /\b(1[5-9]\d{2}|20\d{2})\b/.exec(f.get('date') ?? '')?.[1]
  const arxiv =
    /(?:arxiv[:/ ]\s*|abs\/)(\d{4}\.\d{4,5})/i.exec(
      [f.get('extra'), f.get('url'), f.get('archiveID'), f.get('publicationTitle')].join(' ')
    )?.[1] ?? null
  const venue =
    f.get('proceedingsTitle') ??
    f.get('conferenceName') ??
    f.get('publicationTitle') ??
    f.get('bookTitle') ??
    null
  return {
    key: String(r.key),
    values: {
      title: f.get('title') ?? null,
      authors: parts.creators.get(id) ?? [],
      year: year ? Number(year) : null,
      venue: venue && !/^arxiv/i.test(venue) ? venue : null,
      doi: f.get('DOI')?.toLowerCase() ?? null,
      abstract: f.get('abstractNote') ?? null
    },
    arxivId: arxiv,
    tags: parts.tags.get(id) ?? [],
    notes: parts.notes.get(id) ?? [],
    pdf,
    noPdfReason: reason,
    collections: parts.memberOf.get(id) ?? []
  }
}

/**
 * The first PDF attachment as a path: stored files live in `storage/<attachment key>/`
 * (`path` = `storage:<file>`); linked files keep their absolute path.
 */
function pdfOf(atts: Row[], dir: string): { pdf: string | null; reason: string | null } {
  const pdfs = atts.filter(
    (a) => a.contentType === 'application/pdf' || /\.pdf$/i.test(String(a.path ?? ''))
  )
  if (!pdfs.length) return { pdf: null, reason: 'no PDF attachment' }
  for (const a of pdfs) {
    const p = String(a.path ?? '')
    if (p.startsWith('storage:'))
      return { pdf: join(dir, 'storage', String(a.key), p.slice(8)), reason: null }
    if (isAbsolute(p)) return { pdf: p, reason: null }
  }
  return {
    pdf: null,
    reason:
      'its PDF is a linked file relative to a base folder set in Zotero; export it as BibTeX with files instead'
  }
}
