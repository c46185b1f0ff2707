import { z } from 'zod'
import { ERROR_CODES, ErrorParamsSchema } from '../../shared/errors'
import { FIELD_SOURCES, METADATA_FIELDS, PAPER_STATUSES } from '../../shared/types'
import type { FileFormat, StoredDocument } from './versionedFile'

/**
 * One paper as `library.json` stores it (formats 2 and 3): the indexing record (status, chunker,
 * embedder) and the bibliographic one (venue, DOI, tags, collections, each field's source).
 * @remarks The storage schema, separate from the IPC `PaperSchema`: it changes only with a
 * migration. Unknown fields are kept (`looseObject`), so a field another version added survives
 * this version's saves. A record that does not match (a status a newer version added) is kept
 * verbatim by the catalog, never dropped.
 */
export const StoredPaperSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  arxivId: z.string().nullable(),
  source: z.discriminatedUnion('kind', [
    z.looseObject({ kind: z.literal('arxiv'), arxivId: z.string(), url: z.string() }),
    z.looseObject({ kind: z.literal('file'), fileName: z.string() }),
    z.looseObject({ kind: z.literal('reference'), from: z.string() })
  ]),
  sha256: z.string().nullable(),
  pages: z.number().int(),
  chunks: z.number().int(),
  sections: z.array(
    z.looseObject({
      name: z.string(),
      heading: z.string(),
      startPage: z.number().int(),
      endPage: z.number().int()
    })
  ),
  status: z.enum(PAPER_STATUSES),
  error: z
    .looseObject({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      retryAfterSeconds: z.number().optional(),
      // Optional: records written before errors had catalog keys keep their English message.
      key: z.string().optional(),
      params: ErrorParamsSchema.optional()
    })
    .nullable(),
  addedAt: z.string(),
  indexedAt: z.string().nullable(),
  /** The embedder that built the paper's vectors; null while it is keyword-only. */
  embedderId: z.string().nullable(),
  /** The chunker (and its parameters) that cut the paper's chunks; null: not recorded. */
  chunkerId: z.string().nullable().default(null),
  // Bibliography (issue 14). Defaults, so a format-2 record written before these fields loads.
  venue: z.string().nullable().default(null),
  doi: z.string().nullable().default(null),
  abstract: z.string().nullable().default(null),
  /** The paper's main language (issue 26); null: not detected yet (records written before). */
  language: z.string().nullable().default(null),
  /** Text-less pages OCR read and those skipped as blank at the last reading (issue 26). */
  ocr: z
    .object({
      pages: z.number().int(),
      skipped: z.number().int(),
      languages: z.array(z.string()).optional()
    })
    .nullable()
    .optional(),
  tags: z.array(z.string()).default([]),
  collectionIds: z.array(z.string()).default([]),
  /** Where each metadata field came from; `user` (a hand edit) is never replaced. */
  fieldSources: z.partialRecord(z.enum(METADATA_FIELDS), z.enum(FIELD_SOURCES)).default({}),
  onlineCheckedAt: z.string().nullable().default(null),
  /**
   * Authors written as one name (an institution, `{Gruppe I}` in BibTeX), kept whole in
   * citations (issue 27). Absent means none, so records written before it (and the papers
   * built in code without it) load and save unchanged; no migration.
   */
  literalAuthors: z.array(z.string()).optional(),
  // Sync (issue 33): where a synced paper comes from ("/path/file.pdf", "Zotero: Collection") and
  // a flag when that source went away (its file deleted, its Zotero item trashed). The paper is
  // kept either way. Absent means none (as literalAuthors), so records written before load and
  // save unchanged; no migration.
  syncOrigin: z.string().nullable().optional(),
  syncFlag: z.enum(['fileMissing', 'zoteroTrash']).nullable().optional(),
  /**
   * Metadata-only papers (issue 27): status `metadata`, source `reference`, and notes (plain
   * text, a Zotero note's HTML stripped). All three are additions an older record never holds,
   * so format 3 reads both unchanged (no migration); an older app keeps such a record verbatim
   * (see the note above) instead of dropping it.
   */
  notes: z.array(z.string()).optional()
})
/** One paper as `library.json` stores it. */
export type StoredPaper = z.infer<typeof StoredPaperSchema>

/** A collection as `library.json` stores it; unknown fields kept. */
export const StoredCollectionSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  createdAt: z.string()
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
