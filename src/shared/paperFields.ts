import { z } from 'zod'
import { AppErrorSchema } from './errors'
import {
  FieldSourceSchema,
  PaperSourceSchema,
  PaperStatusSchema,
  SectionSpanSchema
} from './libraryRecords'

/** The bibliographic fields of a paper that can come from several places. */
export const METADATA_FIELDS = [
  'title',
  'authors',
  'year',
  'venue',
  'doi',
  'abstract',
  'language'
] as const
/** One bibliographic field. */
export type MetadataField = (typeof METADATA_FIELDS)[number]

/** A DOI (`10.xxxx/...`), also accepted as a doi.org link. */
export const DoiSchema = z
  .string()
  .trim()
  .max(300)
  .transform((s) => s.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '').toLowerCase())
  .refine((s) => /^10\.\d{4,9}\/\S+$/.test(s), 'must be a DOI such as 10.18653/v1/N19-1423')

/** One field of a paper: its type, how `library.json` keeps it, who sees and who edits it. */
export interface PaperField {
  /** The field's type as the app (IPC, HTTP API, MCP) sees it. */
  type: z.ZodType
  /**
   * The type `library.json` stores, when it differs from `type`: records (its source, sections,
   * error) keep the fields a newer version added (`looseObject`), so they survive this version's
   * saves.
   */
  stored?: z.ZodType
  /** Kept in `library.json` only, never sent to the app (how the paper was indexed). */
  internal?: true
  /** The input of a hand edit of the field (`library:edit`); absent: not editable by hand. */
  edit?: z.ZodType
}

const [arxivSource, fileSource, referenceSource] = PaperSourceSchema.options

/**
 * Every field of a paper, once, in the order `library.json` writes them (as Zotero's item
 * fields: one registry every view reads).
 * @remarks The stored schema (`StoredPaperSchema` in main's storage), the app's
 * {@link PaperSchema}, the edit input {@link PaperEditSchema} and {@link bibliographyDefaults}
 * are derived from it. A stored field changes only with a migration of `library.json`; a field
 * added with a default (or optional) loads from records written before it without one.
 */
export const PAPER_FIELDS = {
  /** The arXiv id for arXiv papers (e.g. `1706.03762`), else the first 12 hex of the sha256. */
  id: { type: z.string().min(1) },
  title: {
    type: z.string(),
    edit: z.string().trim().min(1, 'must not be empty').max(500).optional()
  },
  authors: {
    type: z.array(z.string()),
    edit: z.array(z.string().trim().min(1).max(200)).max(500).optional()
  },
  year: {
    type: z.number().int().nullable(),
    edit: z.number().int().min(1000).max(2200).nullable().optional()
  },
  arxivId: { type: z.string().nullable() },
  source: {
    type: PaperSourceSchema,
    stored: z.discriminatedUnion('kind', [
      z.looseObject(arxivSource.shape),
      z.looseObject(fileSource.shape),
      z.looseObject(referenceSource.shape)
    ])
  },
  sha256: { type: z.string().nullable() },
  pages: { type: z.number().int() },
  chunks: { type: z.number().int() },
  sections: {
    type: z.array(SectionSpanSchema),
    stored: z.array(z.looseObject(SectionSpanSchema.shape))
  },
  status: { type: PaperStatusSchema },
  error: {
    type: AppErrorSchema.nullable(),
    // `key` and `params` optional: records written before errors had catalog keys keep their
    // English message.
    stored: z.looseObject(AppErrorSchema.shape).nullable()
  },
  addedAt: { type: z.string() },
  indexedAt: { type: z.string().nullable() },
  /** The embedder that built the paper's vectors; null while it is keyword-only. */
  embedderId: { type: z.string().nullable() },
  /** The chunker (and its parameters) that cut the paper's chunks; null: not recorded. */
  chunkerId: { type: z.string().nullable().default(null), internal: true },
  // Bibliography (issue 14). Defaults, so a format-2 record written before these fields loads.
  venue: {
    type: z.string().nullable().default(null),
    edit: z.string().trim().max(300).nullable().optional()
  },
  doi: {
    type: z.string().nullable().default(null),
    edit: z.union([DoiSchema, z.literal(''), z.null()]).optional()
  },
  abstract: { type: z.string().nullable().default(null) },
  /**
   * The paper's main language (ISO 639-1, e.g. `pt`), detected from its text or set by hand
   * (issue 26); null: not detected yet (records written before).
   */
  language: {
    type: z.string().nullable().default(null),
    /** ISO 639-1 code of the paper's language (`pt`, `en`), null or '' to clear. */
    edit: z
      .union([
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z]{2}$/, 'must be a two-letter language code such as pt or en'),
        z.literal(''),
        z.null()
      ])
      .optional()
  },
  /** At the last reading, text-less pages read by OCR and those skipped as blank (issue 26). */
  ocr: {
    type: z
      .object({
        pages: z.number().int(),
        skipped: z.number().int(),
        languages: z.array(z.string()).optional()
      })
      .nullable()
      .optional()
  },
  tags: {
    type: z.array(z.string()).default([]),
    edit: z.array(z.string().trim().min(1).max(60)).max(100).optional()
  },
  collectionIds: { type: z.array(z.string()).default([]) },
  /**
   * Where each bibliographic field came from; a field missing here came from the PDF. `user` (a
   * hand edit) is never replaced.
   */
  fieldSources: {
    type: z.partialRecord(z.enum(METADATA_FIELDS), FieldSourceSchema).default({})
  },
  /** When arXiv/Crossref were last asked about this paper; null: not yet (or offline). */
  onlineCheckedAt: { type: z.string().nullable().default(null) },
  /**
   * Authors written as one name (an institution, `{Gruppe I}` in BibTeX), kept whole in
   * citations, never "I, Gruppe" (issue 27). Absent means none, so records written before it
   * (and the papers built in code without it) load and save unchanged; no migration.
   */
  literalAuthors: { type: z.array(z.string()).optional() },
  // Sync (issue 33): where a synced paper comes from ("/path/file.pdf", "Zotero: Collection") and
  // a flag when that source went away (its file deleted, its Zotero item trashed). The paper is
  // kept either way. Absent means none (as literalAuthors), so records written before load and
  // save unchanged; no migration.
  syncOrigin: { type: z.string().nullable().optional() },
  syncFlag: { type: z.enum(['fileMissing', 'zoteroTrash']).nullable().optional() },
  /**
   * Metadata-only papers (issue 27): status `metadata`, source `reference`, and notes (plain
   * text, a Zotero note's HTML stripped). All three are additions an older record never holds,
   * so format 3 reads both unchanged (no migration); an older app keeps such a record verbatim
   * instead of dropping it.
   */
  notes: { type: z.array(z.string()).optional() }
} as const satisfies Record<string, PaperField>

type Fields = typeof PAPER_FIELDS
type FieldName = keyof Fields
/** The fields the app sees: all but the internal ones. */
type VisibleName = {
  [K in FieldName]: Fields[K] extends { internal: true } ? never : K
}[FieldName]
type EditName = { [K in FieldName]: Fields[K] extends { edit: z.ZodType } ? K : never }[FieldName]
type DefaultedName = {
  [K in VisibleName]: Fields[K]['type'] extends z.ZodDefault ? K : never
}[VisibleName]

/** The fields stored in `library.json` and nowhere else: what the app never sees. */
export const INTERNAL_PAPER_FIELDS = Object.keys(PAPER_FIELDS).filter(
  (name) => (PAPER_FIELDS[name as FieldName] as PaperField).internal
) as Exclude<FieldName, VisibleName>[]

// The table's rows that `pick` gives a type for, in the table's order.
function shapeOf(pick: (field: PaperField) => z.ZodType | undefined): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {}
  for (const [name, field] of Object.entries(PAPER_FIELDS) as [FieldName, PaperField][]) {
    const type = pick(field)
    if (type) shape[name] = type
  }
  return shape
}

/**
 * The shape of one paper as `library.json` stores it: every field, records kept loose.
 * @remarks For main's storage schema only; the app reads {@link PaperSchema}.
 */
export function storedPaperShape(): {
  [K in FieldName]: Fields[K] extends { stored: infer S extends z.ZodType } ? S : Fields[K]['type']
} {
  return shapeOf((f) => f.stored ?? f.type) as ReturnType<typeof storedPaperShape>
}

/** One paper in the catalog (`library.json`), as the app sees it: its internal fields left out. */
export const PaperSchema = z.object(
  shapeOf((f) => (f.internal ? undefined : f.type)) as { [K in VisibleName]: Fields[K]['type'] }
)
/** One paper in the catalog (`library.json`). */
export type Paper = z.infer<typeof PaperSchema>

/** A hand edit of a paper's details: only the fields given change. */
export const PaperEditSchema = z
  .object(
    shapeOf((f) => f.edit) as {
      [K in EditName]: Fields[K] extends { edit: infer E extends z.ZodType } ? E : never
    }
  )
  .strict()
/** A hand edit of a paper's details. */
export type PaperEditInput = z.infer<typeof PaperEditSchema>

/** The bibliographic defaults of a new paper: no venue, DOI, abstract, tags or collections. */
export function bibliographyDefaults(): Pick<Paper, DefaultedName> {
  // Each default is a fresh value (zod copies it), so no two papers share a tags array.
  const defaults = shapeOf((f) =>
    !f.internal && f.type instanceof z.ZodDefault ? f.type : undefined
  )
  return Object.fromEntries(
    Object.entries(defaults).map(([name, type]) => [name, type.parse(undefined)])
  ) as Pick<Paper, DefaultedName>
}
