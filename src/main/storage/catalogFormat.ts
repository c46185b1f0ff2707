import { z } from 'zod'
import { CollectionSchema } from '../../shared/libraryRecords'
import { storedPaperShape } from '../../shared/paperFields'
import type { FileFormat, StoredDocument } from './versionedFile'

/**
 * One paper as `library.json` stores it (formats 2 and 3): the indexing record (status, chunker,
 * embedder) and the bibliographic one (venue, DOI, tags, collections, each field's source).
 * @remarks The storage schema, separate from the IPC `PaperSchema` though both are derived from
 * one field table (`shared/paperFields.ts`, where each field's type and history is written): it
 * changes only with a migration. Unknown fields are kept (`looseObject`), so a field another version added survives
 * this version's saves. A record that does not match (a status a newer version added) is kept
 * verbatim by the catalog, never dropped.
 */
export const StoredPaperSchema = z.looseObject(storedPaperShape())
/** One paper as `library.json` stores it. */
export type StoredPaper = z.infer<typeof StoredPaperSchema>

/** A collection as `library.json` stores it (the app's fields, one place); unknown fields kept. */
export const StoredCollectionSchema = z.looseObject({
  ...CollectionSchema.shape,
  // Storage has always refused an empty id; the app's schema takes what storage gives it.
  id: z.string().min(1)
})
/** A collection as `library.json` stores it. */
export type StoredCollection = z.infer<typeof StoredCollectionSchema>

/**
 * The catalog document: records (papers and collections) are checked one by one, so one bad
 * record is not fatal. `collections` defaults to none for a format-2 file written before them.
 */
const CatalogDocumentSchema = z.looseObject({
  version: z.literal(3),
  /** The last change of `library.journal` this file includes (see catalogJournalFormat). */
  journalSeq: z.number().int().min(0),
  papers: z.array(z.unknown()),
  collections: z.array(z.unknown()).default([])
})
/** The catalog document, records unchecked. */
export type CatalogDocument = z.infer<typeof CatalogDocumentSchema>

/**
 * `library.json`: version 2 records each paper's chunker beside its embedder, its bibliographic
 * metadata with per-field sources, and the collections; version 3 is written whole only now and
 * then, the changes between in `library.journal`, and records the last change it includes.
 */
export const CATALOG_FORMAT: FileFormat<CatalogDocument> = {
  name: 'library.json',
  version: 3,
  schema: CatalogDocumentSchema,
  migrations: {
    // 1 -> 2: chunker parameters recorded per paper (unknown for papers indexed before); no
    // collections yet. The bibliographic fields take their defaults from the record schema.
    1: (doc: StoredDocument) => ({
      ...doc,
      collections: Array.isArray(doc.collections) ? doc.collections : [],
      papers: Array.isArray(doc.papers)
        ? doc.papers.map((p: unknown) =>
            typeof p === 'object' && p !== null && !('chunkerId' in p)
              ? { ...p, chunkerId: null }
              : p
          )
        : doc.papers
    }),
    // 2 -> 3: changes go to library.journal between full writes; none are in one yet.
    2: (doc: StoredDocument) => ({ ...doc, journalSeq: 0 })
  }
}
