import { z } from 'zod'
import { FIELD_SOURCES, METADATA_FIELDS, PAPER_STATUSES } from '../../shared/types'

/** The format `library.json` is written in. */
export const CATALOG_VERSION = 2

const StoredError = z.object({ code: z.string(), message: z.string() }).passthrough()

/**
 * One paper as stored. Its own schema, not the IPC one: the file outlives any one contract.
 * @remarks Fields added after version 1 have defaults so older records load, and fields this
 * version does not know are kept (`passthrough`) for a newer version that wrote them.
 */
export const StoredPaperSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    authors: z.array(z.string()),
    year: z.number().int().nullable(),
    arxivId: z.string().nullable(),
    source: z.union([
      z.object({ kind: z.literal('arxiv'), arxivId: z.string(), url: z.string() }).passthrough(),
      z.object({ kind: z.literal('file'), fileName: z.string() }).passthrough()
    ]),
    sha256: z.string().nullable(),
    pages: z.number().int(),
    chunks: z.number().int(),
    sections: z.array(
      z.object({
        name: z.string(),
        heading: z.string(),
        startPage: z.number().int(),
        endPage: z.number().int()
      })
    ),
    status: z.enum(PAPER_STATUSES),
    error: StoredError.nullable(),
    addedAt: z.string(),
    indexedAt: z.string().nullable(),
    embedderId: z.string().nullable(),
    venue: z.string().nullable().default(null),
    doi: z.string().nullable().default(null),
    abstract: z.string().nullable().default(null),
    tags: z.array(z.string()).default([]),
    collectionIds: z.array(z.string()).default([]),
    fieldSources: z.partialRecord(z.enum(METADATA_FIELDS), z.enum(FIELD_SOURCES)).default({}),
    onlineCheckedAt: z.string().nullable().default(null)
  })
  .passthrough()

/** A collection as stored. */
export const StoredCollectionSchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string() })
  .passthrough()

/** `library.json`, current version. */
export const CatalogFileSchema = z.object({
  version: z.literal(CATALOG_VERSION),
  papers: z.array(StoredPaperSchema),
  collections: z.array(StoredCollectionSchema)
})
/** `library.json`, current version. */
export type CatalogFile = z.infer<typeof CatalogFileSchema>

type Migration = (doc: Record<string, unknown>) => Record<string, unknown>

/**
 * Numbered migrations: `MIGRATIONS[n]` turns version n into n + 1. Each runs once, at open.
 * @remarks 1 -> 2 adds collections; the new per-paper fields (venue, DOI, abstract, tags,
 * collection ids, field sources) take their defaults from the schema.
 */
const MIGRATIONS: Record<number, Migration> = {
  1: (doc) => ({ ...doc, version: 2, collections: [] })
}

/** Why a catalog could not be read, for the person who owns it. */
export class CatalogUnreadableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogUnreadableError'
  }
}

/**
 * Reads any known version of `library.json` into the current one.
 * @remarks Throws {@link CatalogUnreadableError} for a file that is not JSON, has no known
 * version, is newer than this app, or does not fit the schema; the caller keeps it aside.
 */
export function parseCatalogFile(text: string): { file: CatalogFile; migratedFrom: number | null } {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    throw new CatalogUnreadableError('it is not valid JSON (damaged or cut short)')
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new CatalogUnreadableError('it is not a ResearchPal library file')
  let current = doc as Record<string, unknown>
  const from = current.version
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1)
    throw new CatalogUnreadableError('it has no format version')
  if (from > CATALOG_VERSION)
    throw new CatalogUnreadableError(
      `it was written by a newer ResearchPal (format ${from}; this one reads up to ${CATALOG_VERSION})`
    )
  for (let v = from; v < CATALOG_VERSION; v++) current = MIGRATIONS[v]!(current)
  const parsed = CatalogFileSchema.safeParse(current)
  if (!parsed.success)
    throw new CatalogUnreadableError(
      `it does not fit format ${CATALOG_VERSION}: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`
    )
  return { file: parsed.data, migratedFrom: from === CATALOG_VERSION ? null : from }
}
