import { z } from 'zod'
import { ERROR_CODES } from '../../shared/errors'
import type { FileFormat, StoredDocument } from './versionedFile'

/**
 * One paper as `library.json` stores it (format 2).
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
    z.looseObject({ kind: z.literal('file'), fileName: z.string() })
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
  status: z.enum(['pending', 'downloading', 'extracting', 'embedding', 'indexed', 'error']),
  error: z
    .looseObject({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      retryAfterSeconds: z.number().optional()
    })
    .nullable(),
  addedAt: z.string(),
  indexedAt: z.string().nullable(),
  /** The embedder that built the paper's vectors; null while it is keyword-only. */
  embedderId: z.string().nullable(),
  /** The chunker (and its parameters) that cut the paper's chunks; null: not recorded (format 1). */
  chunkerId: z.string().nullable()
})
/** One paper as `library.json` stores it. */
export type StoredPaper = z.infer<typeof StoredPaperSchema>

/** The catalog document: records are checked one by one, so one bad record is not fatal. */
const CatalogDocumentSchema = z.looseObject({
  version: z.literal(2),
  papers: z.array(z.unknown())
})
/** The catalog document, records unchecked. */
export type CatalogDocument = z.infer<typeof CatalogDocumentSchema>

/** `library.json`: version 2 records each paper's chunker beside its embedder. */
export const CATALOG_FORMAT: FileFormat<CatalogDocument> = {
  name: 'library.json',
  version: 2,
  schema: CatalogDocumentSchema,
  migrations: {
    // 1 -> 2: chunker parameters recorded per paper; unknown for papers indexed before.
    1: (doc: StoredDocument) => ({
      ...doc,
      papers: Array.isArray(doc.papers)
        ? doc.papers.map((p: unknown) =>
            typeof p === 'object' && p !== null && !('chunkerId' in p)
              ? { ...p, chunkerId: null }
              : p
          )
        : doc.papers
    })
  }
}
