import { z } from 'zod'
import type { PaperText } from '../domain'
import type { FileFormat } from './versionedFile'

/** `pages/<paperId>.json` (format 1): the cleaned text of each page of one paper. */
const PagesDocumentSchema = z.looseObject({
  version: z.literal(1),
  paperId: z.string().min(1),
  pages: z.array(z.looseObject({ page: z.number().int().min(1), text: z.string() }))
})

/** `pages/<paperId>.json`; version 0 is the unversioned file written before formats had one. */
export const PAGES_FORMAT: FileFormat<z.infer<typeof PagesDocumentSchema>> = {
  name: 'pages file',
  version: 1,
  unversioned: 0,
  schema: PagesDocumentSchema,
  migrations: { 0: (doc) => doc }
}

/** A paper's page text as the pages file stores it. */
export function pagesDocument(text: PaperText): z.infer<typeof PagesDocumentSchema> {
  return { version: 1, paperId: text.paperId, pages: text.pages.map((p) => ({ ...p })) }
}
