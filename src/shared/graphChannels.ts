import { z } from 'zod'
import { CitationGraphSchema } from './graph'

/** The citation map channel. */
export const graphChannels = {
  /** The citation map: papers, ghost works cited by several, citation and similarity edges, clusters. */
  'graph:get': {
    input: z.object({ collectionId: z.string().min(1).max(200).nullable().optional() }).strict(),
    output: CitationGraphSchema
  }
} as const
