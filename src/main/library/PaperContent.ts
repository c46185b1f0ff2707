import {
  FindPapersInputSchema,
  PagesInputSchema,
  type FindPapersInput,
  type PagesInput
} from '../../shared/contract'
import type { PageRange, Paper, Region } from '../../shared/types'
import type { PaperText } from '../domain'
import { describeIssues, UserFacingError } from '../errors'
import type { StoredPaper } from '../storage/catalogFormat'
import { toBibtex, type BibtexKey } from './bibtex'
import type { Catalog } from './Catalog'
import { DamagedFileError, type PaperFiles } from './PaperFiles'

/** What {@link PaperContent} works with; the library service passes its own parts. */
export interface ContentParts {
  catalog: Catalog
  files: PaperFiles
  readOnly: boolean
  /** One paper; NOT_FOUND when there is none. */
  get(id: string): StoredPaper
  reportDamaged(paperId: string, what: string): void
}

/** Reading what the library holds: finding papers, their page text, PDFs and BibTeX. */
export class PaperContent {
  constructor(private readonly p: ContentParts) {}

  /** See {@link LibraryService.find}. */
  find(input: FindPapersInput): Paper[] {
    const parsed = FindPapersInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'invalidPaperFilter',
        params: { detail: describeIssues(parsed.error) }
      })
    }
    if (parsed.data.collection !== undefined) {
      throw new UserFacingError('NOT_FOUND', {
        key: 'noCollectionsHere',
        params: { name: parsed.data.collection }
      })
    }
    const words = (parsed.data.query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    return this.p.catalog.list().filter((p) => {
      const hay = [p.id, p.title, ...p.authors, String(p.year ?? '')].join(' ').toLowerCase()
      return words.every((w) => hay.includes(w))
    })
  }

  /** See {@link LibraryService.pages}. */
  async pages(input: PagesInput): Promise<PageRange> {
    const parsed = PagesInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'invalidPageRange',
        params: { detail: describeIssues(parsed.error) }
      })
    }
    const { paperId, from } = parsed.data
    const p = this.p.get(paperId)
    const text = await this.paperText(paperId)
    const count = text.pages.length
    if (from > count) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'noSuchPage',
        params: { id: paperId, title: p.title, count, page: from }
      })
    }
    const to = Math.min(parsed.data.to ?? from, count)
    return {
      paperId,
      title: p.title,
      pageCount: count,
      // Text only: OCR word boxes and figure regions are for the viewer, not for readers.
      pages: text.pages
        .filter((pg) => pg.page >= from && pg.page <= to)
        .map((pg) => ({ page: pg.page, text: pg.text }))
    }
  }

  /** See {@link LibraryService.paperText}. */
  async paperText(id: string): Promise<PaperText> {
    const p = this.p.get(id)
    let text: PaperText | null
    try {
      text = await this.p.files.readPages(id)
    } catch (e) {
      if (!(e instanceof DamagedFileError)) throw e
      this.p.reportDamaged(id, `its page text cannot be read (${e.reason})`)
      throw new UserFacingError('DATA_DAMAGED', {
        key: this.p.readOnly ? 'storedTextDamagedReadOnly' : 'storedTextDamaged',
        params: { title: p.title, id, reason: e.reason }
      })
    }
    if (!text)
      throw new UserFacingError('NOT_FOUND', {
        key: 'textNotExtracted',
        params: { title: p.title }
      })
    return text
  }

  /** See {@link LibraryService.ocrWords}. */
  async ocrWords(id: string, page: number): Promise<{ text: string; box: Region }[]> {
    const text = await this.paperText(id)
    const words = text.pages.find((p) => p.page === page)?.ocr?.words ?? []
    return words.map((w) => ({ text: w.text, box: w.box }))
  }

  /** See {@link LibraryService.pdfBytes}. */
  async pdfBytes(id: string): Promise<Uint8Array> {
    const p = this.p.get(id)
    if (p.status === 'metadata')
      throw new UserFacingError('NOT_FOUND', { key: 'noPdfYet', params: { title: p.title } })
    const bytes = await this.p.files.readPdf(id)
    if (!bytes)
      throw new UserFacingError('NOT_FOUND', {
        key: 'pdfNotInFolderYet',
        params: { title: p.title }
      })
    return bytes
  }

  /** See {@link LibraryService.bibtex}. */
  bibtex(paperIds: readonly string[]): { bibtex: string; entries: BibtexKey[] } {
    return toBibtex([...new Set(paperIds)].map((id) => this.p.get(id)))
  }
}
