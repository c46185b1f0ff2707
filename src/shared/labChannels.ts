import { z } from 'zod'
import { AppErrorSchema } from './errors'
import { CollectionId, Empty, PaperIdSchema } from './channelSchemas'

/** Where a connection string points, never its password: `host:port/database` and the login role. */
export const LabPlaceSchema = z.object({ host: z.string(), user: z.string() })

/**
 * What a member may do in the lab: a curator publishes, a reader only searches.
 * @remarks Asked of the database (the grants decide), not of the role's name.
 */
export const LabAccessSchema = z.object({
  role: z.enum(['curator', 'reader']),
  canPublish: z.boolean(),
  /** Login roles that may publish (shown to a reader, who must ask one of them). */
  curators: z.array(z.string())
})
/** What a member may do in the lab. */
export type LabAccess = z.infer<typeof LabAccessSchema>

/** The lab's state as `lab status` and Settings show it. */
export const LabInfoSchema = z.object({
  host: z.string(),
  user: z.string(),
  server: z.string(),
  schemaVersion: z.number(),
  pgvector: z.string(),
  /** The lab's embedding model ('' until the first member sends vectors). */
  model: z.string(),
  papers: z.number(),
  chunks: z.number(),
  access: LabAccessSchema
})
/** The lab's state, checked against this library. */
export type LabInfo = z.infer<typeof LabInfoSchema>

/**
 * The lab connection as Settings shows it: not connected; connected and checked (`info`); or
 * connected but failing now (`error` says exactly what: unreachable, refused login, no pgvector,
 * another embedding model…).
 */
export const LabStatusSchema = z.object({
  connected: z.boolean(),
  /** The connection comes from RESEARCHPAL_LAB_URL (Disconnect cannot forget it). */
  fromEnv: z.boolean(),
  place: LabPlaceSchema.nullable(),
  info: LabInfoSchema.nullable(),
  error: AppErrorSchema.nullable()
})
/** The lab connection's state. */
export type LabStatus = z.infer<typeof LabStatusSchema>

/** Progress of sharing papers with the lab, paper by paper (as `lab publish` prints it). */
export const LabProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  title: z.string(),
  /** Seconds left at the pace so far; null before the first paper is done. */
  etaSeconds: z.number().nullable()
})
/** Progress of sharing papers with the lab. */
export type LabProgress = z.infer<typeof LabProgressSchema>

/** What sharing did: published now, already in the lab (from anyone), failed with a reason. */
export const LabPublishReportSchema = z.object({
  published: z.array(z.string()),
  already: z.array(z.string()),
  failed: z.array(z.object({ paperId: z.string(), title: z.string(), error: AppErrorSchema })),
  /** The lab collection the papers were filed under (a local collection shared as a whole). */
  collection: z.string().nullable()
})
/** What sharing with the lab did. */
export type LabPublishReport = z.infer<typeof LabPublishReportSchema>

/** The lab channels (issue 36): connect, status, disconnect, share. */
export const labChannels = {
  /** The connection and the lab's state, checked now (a failure is in `error`, not thrown). */
  'lab:status': { input: Empty, output: LabStatusSchema },
  /** Checks the lab (schema, pgvector, model) and keeps the URL in the secret store. */
  'lab:connect': {
    input: z
      .object({
        url: z.string().trim().min(1).max(2000),
        /** Set up or upgrade the lab's schema first (a curator). */
        init: z.boolean().optional()
      })
      .strict(),
    output: LabStatusSchema
  },
  /** Forgets the connection; nothing is deleted in the lab or here. */
  'lab:disconnect': { input: Empty, output: LabStatusSchema },
  /** Shares papers (or a collection's, filed under its name in the lab); progress as `lab:progress`. */
  'lab:publish': {
    input: z
      .object({
        paperIds: z.array(PaperIdSchema).min(1).max(10_000).optional(),
        collectionId: CollectionId.optional()
      })
      .strict()
      .refine((i) => !!i.paperIds !== !!i.collectionId, {
        message: 'give paperIds or a collectionId',
        path: ['paperIds']
      }),
    output: LabPublishReportSchema
  }
} as const

/** The lab events. */
export const labEvents = {
  /** One more paper is being shared with the lab. */
  'lab:progress': LabProgressSchema
} as const
