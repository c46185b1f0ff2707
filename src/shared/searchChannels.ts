import { z } from 'zod'
import { PassageSchema, SearchResponseSchema, SectionResultSchema } from './types'
import { PaperIdSchema, Query } from './channelSchemas'

/** Search options shared by the IPC channel, the CLI and the agent tool. */
export const SearchInputSchema = z
  .object({
    query: Query,
    limit: z.number().int().min(1).max(50).optional(),
    paperIds: z.array(PaperIdSchema).max(1000).optional(),
    /** This library, the connected lab library, or both (the default when a lab is connected). */
    source: z.enum(['local', 'lab', 'all']).optional()
  })
  .strict()
/** Search options. */
export type SearchInput = z.infer<typeof SearchInputSchema>

/** A section request shared by the IPC channel, the CLI and the agent tool. */
export const SectionInputSchema = z
  .object({ paperId: PaperIdSchema, section: z.string().trim().min(1).max(100) })
  .strict()
/** A section request. */
export type SectionInput = z.infer<typeof SectionInputSchema>

/** A chunk id, `{paperId}-page-{n}-chunk-{i}`. */
export const ChunkIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(
    /^[A-Za-z0-9._-]+-page-\d+-chunk-\d+$/,
    'must be a passage id such as 1706.03762-page-3-chunk-0'
  )

/** The search channels: hybrid search, a paper's section, one passage. */
export const searchChannels = {
  'search:query': { input: SearchInputSchema, output: SearchResponseSchema },
  'search:section': { input: SectionInputSchema, output: SectionResultSchema },
  /** One passage (chunk) by id, in full. */
  'search:passage': {
    input: z.object({ chunkId: ChunkIdSchema }).strict(),
    output: PassageSchema
  }
} as const
