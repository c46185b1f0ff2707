import { z } from 'zod'
import { PaperSchema } from './types'

/** Longest search query or question accepted, in characters. */
export const MAX_QUERY_CHARS = 2000
/** Largest PDF accepted through `library:addFile`, in bytes. */
export const MAX_PDF_BYTES = 200 * 1024 * 1024

/** The input of a channel that takes none. */
export const Empty = z.object({}).strict()
/** A PDF's bytes across IPC: a Uint8Array (never base64 or an array of numbers). */
export const PdfBytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array, {
  message: "must be the file's bytes (a Uint8Array)"
})
/** A paper id: an arXiv id (`/` replaced by `_`) or 12 hex of a sha256. */
export const PaperIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be a paper id such as 1706.03762')
/** A search query or a question: not blank, at most {@link MAX_QUERY_CHARS} characters. */
export const Query = z
  .string()
  .max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`)
  .refine((s) => s.trim().length > 0, 'must not be empty')

/** A collection id. */
export const CollectionId = z.string().min(1).max(64)
/** A collection name as the user types it. */
export const CollectionName = z.string().trim().min(1, 'must not be empty').max(100)
/** Papers, as the library channels return them. */
export const PapersOut = z.object({ papers: z.array(PaperSchema) })
/** One paper, as the library channels return it. */
export const PaperOut = z.object({ paper: PaperSchema })
