import { z } from 'zod'
import type { PageText, PaperText } from '../domain'
import type { FileFormat } from './versionedFile'

/** A rectangle on a page as stored: fractions of the page size from its top-left corner. */
const StoredRegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1)
})

/** What OCR read on a scanned page: its languages, mean confidence and words with boxes. */
const StoredOcrSchema = z.looseObject({
  languages: z.array(z.string().min(1)).min(1),
  confidence: z.number().min(0).max(100),
  words: z.array(
    z.looseObject({
      text: z.string(),
      confidence: z.number().min(0).max(100),
      box: StoredRegionSchema
    })
  )
})

/** A figure or table caption on a page: where it is in the page text, and the region on the page. */
const StoredFigureSchema = z
  .looseObject({
    kind: z.enum(['figure', 'table']),
    label: z.string().min(1),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    region: StoredRegionSchema
  })
  .refine((f) => f.end >= f.start, { message: 'a caption must not end before it starts' })

/**
 * `pages/<paperId>.json` (format 2): the cleaned text of each page of one paper, with, on a
 * scanned page, what OCR read (`ocr`) and, on a page with captions, its figures and tables.
 */
const PagesDocumentSchema = z.looseObject({
  version: z.literal(2),
  paperId: z.string().min(1),
  pages: z.array(
    z.looseObject({
      page: z.number().int().min(1),
      text: z.string(),
      ocr: StoredOcrSchema.optional(),
      figures: z.array(StoredFigureSchema).optional()
    })
  )
})
/** The pages document, as stored. */
export type PagesDocument = z.infer<typeof PagesDocumentSchema>

/**
 * `pages/<paperId>.json`; version 0 is the unversioned file written before formats had one.
 * @remarks Versions 0 and 1 hold text only (every page from the text layer, no figures), which
 * reads unchanged as version 2 text; their pages gain no OCR or figure data until the paper is
 * indexed again.
 */
export const PAGES_FORMAT: FileFormat<PagesDocument> = {
  name: 'pages file',
  version: 2,
  unversioned: 0,
  schema: PagesDocumentSchema,
  migrations: {
    0: (doc) => doc,
    // 1 -> 2: pages may now carry `ocr` (scanned pages) and `figures` (captions and regions);
    // a version-1 file has neither.
    1: (doc) => doc
  }
}

/** A paper's page text as the pages file stores it. */
export function pagesDocument(text: PaperText): PagesDocument {
  return {
    version: 2,
    paperId: text.paperId,
    pages: text.pages.map((p) => ({
      page: p.page,
      text: p.text,
      ...(p.ocr && { ocr: { ...p.ocr, words: p.ocr.words.map((w) => ({ ...w })) } }),
      ...(p.figures && { figures: p.figures.map((f) => ({ ...f })) })
    }))
  }
}

/** The pages of a stored document, as the rest of the app uses them. */
export function pagesOf(doc: PagesDocument): PageText[] {
  return doc.pages.map((p) => ({
    page: p.page,
    text: p.text,
    ...(p.ocr && {
      ocr: {
        languages: p.ocr.languages,
        confidence: p.ocr.confidence,
        words: p.ocr.words.map((w) => ({ text: w.text, confidence: w.confidence, box: w.box }))
      }
    }),
    ...(p.figures && {
      figures: p.figures.map((f) => ({
        kind: f.kind,
        label: f.label,
        start: f.start,
        end: f.end,
        region: f.region
      }))
    })
  }))
}
