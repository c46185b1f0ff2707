import { basename } from 'node:path'
import type { Paper } from '../../shared/types'
import { UserFacingError } from '../errors'
import type { EventSink } from '../events'
import type { Catalog } from './Catalog'
import {
  importBibliography,
  importZotero,
  type ImportedOutcome,
  type ImportedPdf,
  type ImportedReference,
  type ImportSummary,
  type ImportTarget
} from './importers'
import { mergeMetadata } from './metadataMerge'
import type { OnlineMetadata } from './online/OnlineMetadata'
import type { Organizer } from './Organizer'
import type { PaperIntake } from './PaperIntake'
import { readPdfFile } from './pdfFileCheck'
import { readZoteroLibrary, type ZoteroCollection } from './zoteroLibrary'

export type { ImportedOutcome, ImportedPdf, ImportedReference } from './importers'

/** Entries from which reading a bibliography shows progress (a second or more of reading). */
const LARGE_FILE_ENTRIES = 500

/** Called after each imported PDF: how many are done of how many, and the file's name. */
export type ImportProgress = (done: number, total: number, file: string) => void

/** What {@link LibraryImports} works with; the library service passes its own parts. */
export interface ImportParts {
  catalog: Catalog
  intake: PaperIntake
  organizer: Organizer
  online: OnlineMetadata | null
  events: EventSink
  /** Runs `work` as one batch, so the jobs it queues start (and count progress) together. */
  batch<T>(work: () => Promise<T>): Promise<T>
  /** Throws when the library was opened read-only. */
  writable(): void
  changed(): void
}

/**
 * Papers coming from elsewhere with their metadata: a BibTeX/RIS file, a Zotero data folder,
 * a DOI (Unpaywall's open-access copy).
 * @remarks Each import announces `library:importProgress` per PDF, so the app can show how far
 * a long Zotero import is.
 */
export class LibraryImports {
  /** The bibliography being read, so {@link cancelBibliography} can stop it. */
  private reading: AbortController | null = null

  constructor(private readonly p: ImportParts) {}

  /**
   * Adds imported PDFs with their metadata: the import's fields win over what the PDF says
   * (a hand edit still wins over both), its tags are added and its collections created.
   * @remarks A file that cannot be read is a failure with its reason; the rest still come in.
   */
  async addImported(items: ImportedPdf[], progress?: ImportProgress): Promise<ImportedOutcome> {
    this.p.writable()
    return this.p.batch(async () => {
      const out: ImportedOutcome = { added: [], failed: [] }
      // Two entries pointing at one PDF: the first entry's details stay (the second only adds
      // its tags and collections), rather than whichever entry came last.
      const described = new Set<string>()
      for (const [i, item] of items.entries()) {
        // Checked as ingest checks a file: a device or a pipe is refused unread, and a file that
        // is there but no PDF becomes an error row of its own.
        const read = await readPdfFile(item.path)
        const unread = read.refused && (read.sha256 === null || read.refused.code === 'NOT_FOUND')
        if (unread) {
          out.failed.push({
            file: item.path,
            title: item.values.title ?? null,
            reason: read.refused.message
          })
        } else {
          const name = basename(item.path)
          const added = read.refused
            ? await this.p.intake.addBadFile(name, item.path, read.sha256, read.refused)
            : await this.p.intake.addFile(name, read.bytes)
          const first = !described.has(added.paper.id)
          described.add(added.paper.id)
          out.added.push({
            input: item.path,
            paper: await this.withImportedValues(
              added.paper,
              first ? item : { ...item, values: {} }
            ),
            duplicate: added.duplicate
          })
        }
        progress?.(i + 1, items.length, basename(item.path))
      }
      this.p.changed()
      return out
    })
  }

  /**
   * Keeps references without a PDF as metadata-only papers, with the import's fields, tags,
   * collections and notes; a read-only library keeps none (their ids come back null).
   */
  async addReferences(items: ImportedReference[]): Promise<(string | null)[]> {
    if (!items.length) return []
    try {
      this.p.writable()
    } catch {
      return items.map(() => null)
    }
    const ids: string[] = []
    for (const item of items) {
      const fields = { title: item.values.title ?? '', arxivId: item.arxivId }
      const paper = await this.p.intake.addReference(fields, item.from, item.identity)
      ids.push((await this.withImportedValues(paper, item)).id)
    }
    this.p.changed()
    return ids
  }

  private async withImportedValues(
    paper: Paper,
    item: Pick<ImportedPdf, 'values' | 'tags' | 'collections' | 'notes'>
  ): Promise<Paper> {
    if (paper.status === 'error') return paper
    const collectionIds = [...paper.collectionIds]
    for (const name of item.collections) {
      const c = await this.p.organizer.collectionNamed(name)
      if (!collectionIds.includes(c.id)) collectionIds.push(c.id)
    }
    const tags = [...paper.tags]
    for (const t of item.tags)
      if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t)
    // Notes are the user's own words: added to, never replaced.
    const notes = [...(paper.notes ?? [])]
    for (const n of item.notes ?? []) if (!notes.includes(n)) notes.push(n)
    return this.p.catalog.update(paper.id, {
      ...mergeMetadata(paper, item.values, 'import'),
      collectionIds,
      tags,
      ...(notes.length ? { notes } : {})
    })
  }

  /**
   * Imports a BibTeX or RIS file (see {@link importBibliography}), announcing progress while
   * its entries are read and then per PDF.
   */
  async bibliography(file: string, options: { collection?: string } = {}): Promise<ImportSummary> {
    this.reading?.abort()
    const reading = new AbortController()
    this.reading = reading
    const name = basename(file)
    try {
      return await importBibliography(this.target(), file, {
        ...options,
        signal: reading.signal,
        // A small file reads in a blink; a large one (about 500 entries a second) shows it.
        progress: (done, total) => {
          if (total >= LARGE_FILE_ENTRIES)
            this.p.events.emit('library:importProgress', { done, total, file: name })
        }
      })
    } finally {
      if (this.reading === reading) this.reading = null
    }
  }

  /** Stops reading the bibliography being imported; false when none is being read. */
  cancelBibliography(): boolean {
    if (!this.reading) return false
    this.reading.abort()
    this.reading = null
    return true
  }

  /** Imports a Zotero data folder's chosen collections (see {@link importZotero}). */
  zotero(dir: string, options: { collections?: string[] } = {}): Promise<ImportSummary> {
    return importZotero(this.target(), dir, options)
  }

  /** The collections of a Zotero data folder with how many items each holds, to pick from. */
  async zoteroCollections(
    dir: string
  ): Promise<{ collections: ZoteroCollection[]; items: number; withPdf: number }> {
    const lib = await readZoteroLibrary(dir)
    return {
      collections: lib.collections,
      items: lib.items.length,
      withPdf: lib.items.filter((i) => i.pdf).length
    }
  }

  private target(): ImportTarget {
    return {
      list: () => this.p.catalog.list(),
      addReferences: (items) => this.addReferences(items),
      addImported: (items) =>
        this.addImported(items, (done, total, file) =>
          this.p.events.emit('library:importProgress', { done, total, file })
        )
    }
  }

  /**
   * Adds a paper by DOI: its open-access PDF from Unpaywall, with Crossref's (or OpenAlex's)
   * details. NOT_FOUND when there is no open copy; OFFLINE when the network is not there.
   */
  async addDoi(doi: string): Promise<Paper> {
    this.p.writable()
    if (!this.p.online) throw new UserFacingError('OFFLINE', { key: 'doiNeedsOnline' })
    const found = await this.p.online.openAccessPdf(doi)
    const name = `${doi.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`
    // A reference kept without its PDF gets it, keeping its id, edits, tags and notes.
    const reference = this.p.catalog
      .list()
      .find((p) => p.status === 'metadata' && p.doi?.toLowerCase() === doi.toLowerCase())
    let paper: Paper = reference
      ? await this.p.intake.attachPdf(reference.id, name, found.bytes)
      : (await this.p.intake.addFile(name, found.bytes)).paper
    for (const { source, values } of [
      { source: 'crossref' as const, values: { doi } },
      ...found.metadata
    ]) {
      const change = mergeMetadata(paper, values, source)
      if (Object.keys(change).length) paper = await this.p.catalog.update(paper.id, change)
    }
    this.p.changed()
    return paper
  }

  /**
   * Fetches the PDF of a metadata-only paper into it: from arXiv by its arXiv id, else the
   * open-access copy of its DOI (Unpaywall). NOT_FOUND when it has neither.
   */
  async fetchPdf(paperId: string): Promise<Paper> {
    this.p.writable()
    const paper = this.p.catalog.get(paperId)
    if (!paper)
      throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id: paperId } })
    if (paper.status === 'metadata' && paper.arxivId)
      return this.p.intake.fetchFromArxiv(paper.id, paper.arxivId)
    if (paper.status === 'metadata' && paper.doi) return this.addDoi(paper.doi)
    if (paper.status === 'metadata')
      throw new UserFacingError('NOT_FOUND', {
        key: 'nothingToFetchBy',
        params: { title: paper.title }
      })
    throw new UserFacingError('INVALID_INPUT', {
      key: 'alreadyHasPdf',
      params: { title: paper.title }
    })
  }
}
