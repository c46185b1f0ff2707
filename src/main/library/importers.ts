import { access, readFile, stat } from 'node:fs/promises'
import { basename, dirname, isAbsolute, resolve } from 'node:path'
import type { EntryWithoutPdf, ImportSummary } from '../../shared/imports'
import type { Paper } from '../../shared/types'
import { UserFacingError } from '../errors'
import { parseBibliography, type BibliographyRead } from './bibtex'
import { ReadCancelledError, type ReadProgress } from './bibtexEntries'
import type { MetadataValues } from './metadataMerge'
import type { AddOutcome } from './PaperIntake'
import { specialKind } from './pdfFileCheck'
import { decodeText } from './textEncoding'
import { readZoteroLibrary } from './zoteroLibrary'

/** A PDF from an import (BibTeX/RIS `file`, a Zotero attachment) and what the import says of it. */
export interface ImportedPdf {
  path: string
  values: MetadataValues
  tags: string[]
  /** Names of ResearchPal collections to put it in (created when missing). */
  collections: string[]
  /** Plain-text notes kept with the paper (Zotero notes). */
  notes?: string[]
}

/**
 * An entry or Zotero item without a PDF, to keep as a metadata-only paper.
 * @remarks `identity` names it across imports (DOI, arXiv id, else title + year + key), so the
 * same file imported twice finds the same record.
 */
export interface ImportedReference {
  values: MetadataValues
  arxivId: string | null
  tags: string[]
  collections: string[]
  /** Plain-text notes (a Zotero note's HTML already stripped). */
  notes: string[]
  /** The file (or "Zotero") it came from. */
  from: string
  identity: string
}

/** The identity of a reference across imports: its DOI, else arXiv id, else title + year + key. */
export function referenceIdentity(e: {
  doi?: string | null
  arxivId: string | null
  title?: string | null
  year?: number | null
  key: string | null
}): string {
  if (e.doi) return `doi:${e.doi.toLowerCase()}`
  if (e.arxivId) return `arxiv:${e.arxivId}`
  return `title:${titleKey(e.title ?? '')}:${e.year ?? ''}:${e.key ?? ''}`
}

/** What the imported PDFs became: papers (new or already there) and files that could not be read. */
export interface ImportedOutcome {
  added: AddOutcome[]
  failed: ImportFailure[]
}

export type { ImportSummary } from '../../shared/imports'

/** How a bibliography import runs: its collection, progress while reading, and a cancel. */
export interface BibliographyImportOptions {
  collection?: string
  /** Called as the file's entries are read (a 10,000-entry file takes seconds). */
  progress?: ReadProgress
  /** Stops reading the file; nothing is added then (CANCELLED). */
  signal?: AbortSignal
}

/** What an import needs of the library. */
export interface ImportTarget {
  addImported(items: ImportedPdf[]): Promise<ImportedOutcome>
  /**
   * Keeps references without a PDF as metadata-only papers; returns their ids, in order (null
   * each when the library is read-only).
   */
  addReferences(items: ImportedReference[]): Promise<(string | null)[]>
  /** The papers already there, to match entries without a PDF against. */
  list(): readonly Pick<Paper, 'id' | 'title' | 'year' | 'doi' | 'arxivId'>[]
}

/** A title compared as a person would: accents, case, punctuation and spacing ignored. */
function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * Finds the paper an entry already is: the same DOI or arXiv id, else the same title (as
 * {@link titleKey} compares them) and year.
 */
export function existingPaper(
  entry: { title: string | null; year: number | null; doi: string | null; arxivId: string | null },
  papers: readonly Pick<Paper, 'id' | 'title' | 'year' | 'doi' | 'arxivId'>[]
): string | null {
  const doi = entry.doi?.toLowerCase()
  const title = entry.title ? titleKey(entry.title) : ''
  const hit =
    (doi && papers.find((p) => p.doi?.toLowerCase() === doi)) ||
    (entry.arxivId && papers.find((p) => p.arxivId === entry.arxivId)) ||
    (title && papers.find((p) => p.year === entry.year && titleKey(p.title) === title))
  return hit ? hit.id : null
}

/** Stores the references as metadata-only papers and names each one's paper in the summary. */
async function keepReferences(
  target: ImportTarget,
  references: ImportedReference[],
  withoutPdf: EntryWithoutPdf[]
): Promise<void> {
  const ids = await target.addReferences(references)
  ids.forEach((id, i) => (withoutPdf[i]!.paperId = id ?? null))
}

/** A PDF the import found but could not add, and why. */
export type ImportFailure = ImportSummary['failed'][number]

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false
  )
}

function summary(
  outcome: ImportedOutcome,
  withoutPdf: EntryWithoutPdf[],
  collections: string[],
  read: Pick<ImportSummary, 'entries' | 'encoding' | 'issues' | 'matched'>
): ImportSummary {
  return {
    ...read,
    added: outcome.added.map((o: AddOutcome) => ({
      paperId: o.paper.id,
      title: o.paper.title,
      status: o.paper.status,
      file: o.input,
      duplicate: o.duplicate,
      error: o.paper.error?.message ?? null
    })),
    failed: outcome.failed,
    withoutPdf,
    collections
  }
}

/**
 * Imports a BibTeX or RIS file: entries whose `file` (or RIS `L1`) points at a PDF on disk are
 * added with the entry's metadata; the others are listed with their arXiv id or DOI.
 * @remarks Relative paths are read from the bibliography's folder, as Zotero and JabRef write
 * them. `collection` puts every added paper in that ResearchPal collection.
 */
export async function importBibliography(
  target: ImportTarget,
  file: string,
  options: BibliographyImportOptions = {}
): Promise<ImportSummary> {
  let bytes: Uint8Array
  const info = await stat(file).catch(() => null)
  const kind = info && specialKind(info)
  // Never read: /dev/zero would fill memory, a pipe would wait for a writer.
  if (kind)
    throw new UserFacingError('INVALID_INPUT', {
      key: 'specialFile',
      params: { name: basename(file), kind }
    })
  try {
    bytes = new Uint8Array(await readFile(file))
  } catch {
    throw new UserFacingError('NOT_FOUND', { key: 'noSuchFile', params: { file } })
  }
  const { text, encoding } = decodeText(bytes)
  let read: BibliographyRead
  try {
    read = await parseBibliography(text, basename(file), options)
    if (options.signal?.aborted) throw new ReadCancelledError()
  } catch (e) {
    if (e instanceof ReadCancelledError)
      throw new UserFacingError(
        'CANCELLED',
        { key: 'bibCancelled', params: { file } },
        { cause: e }
      )
    throw e
  }
  const { entries, issues } = read
  const pdfs: ImportedPdf[] = []
  const withoutPdf: EntryWithoutPdf[] = []
  const references: ImportedReference[] = []
  const matched: ImportSummary['matched'] = []
  const library = target.list()
  const collections = options.collection ? [options.collection] : []
  for (const e of entries) {
    const candidates = e.files.map((f) => (isAbsolute(f) ? f : resolve(dirname(file), f)))
    let found: string | null = null
    for (const c of candidates) if (await exists(c)) found ??= c
    const { key, title, arxivId, doi } = e
    const paperId = found ? null : existingPaper(e, library)
    if (paperId) {
      matched.push({ key, title, paperId })
      continue
    }
    const { authors, year, venue, abstract, literalAuthors } = e
    const values = { title, authors, year, venue, doi, abstract, literalAuthors }
    if (!found) {
      withoutPdf.push({
        key,
        title,
        arxivId,
        doi,
        paperId: null,
        reason: candidates.length
          ? `its PDF is not on this computer (${candidates[0]})`
          : 'the entry has no PDF file'
      })
      references.push({
        values: { ...values, title: title ?? key },
        arxivId,
        tags: e.tags,
        collections,
        notes: e.notes,
        from: basename(file),
        identity: referenceIdentity(e)
      })
      continue
    }
    pdfs.push({ path: found, values, tags: e.tags, collections, notes: e.notes })
  }
  await keepReferences(target, references, withoutPdf)
  return summary(await target.addImported(pdfs), withoutPdf, collections, {
    entries: entries.length,
    encoding,
    issues,
    matched
  })
}

/**
 * Imports a Zotero data folder: the items of the chosen collections (all items when none is
 * chosen) with their PDFs and metadata; Zotero collections become ResearchPal collections.
 */
export async function importZotero(
  target: ImportTarget,
  dir: string,
  options: { collections?: string[] } = {}
): Promise<ImportSummary> {
  const lib = await readZoteroLibrary(dir)
  const wanted = (options.collections ?? []).map((c) => c.trim().toLowerCase()).filter(Boolean)
  const names = lib.collections.map((c) => c.name)
  const unknown = wanted.filter((w) => !names.some((n) => n.toLowerCase() === w))
  if (unknown.length) {
    const params = { wanted: unknown.map((u) => `"${u}"`).join(', '), names: names.join(', ') }
    throw new UserFacingError('NOT_FOUND', {
      key: names.length ? 'noZoteroCollection' : 'noZoteroCollections',
      params
    })
  }
  const chosen = (c: string): boolean => !wanted.length || wanted.includes(c.toLowerCase())
  const items = lib.items.filter((i) => !wanted.length || i.collections.some(chosen))
  const pdfs: ImportedPdf[] = []
  const withoutPdf: EntryWithoutPdf[] = []
  const references: ImportedReference[] = []
  const matched: ImportSummary['matched'] = []
  const library = target.list()
  for (const item of items) {
    const onDisk = item.pdf && (await exists(item.pdf)) ? item.pdf : null
    const values = {
      title: item.values.title ?? null,
      year: item.values.year ?? null,
      doi: item.values.doi ?? null,
      arxivId: item.arxivId
    }
    const paperId = onDisk ? null : existingPaper(values, library)
    if (paperId) {
      matched.push({ key: item.key, title: values.title, paperId })
      continue
    }
    if (!onDisk) {
      withoutPdf.push({
        key: item.key,
        title: item.values.title ?? null,
        arxivId: item.arxivId,
        doi: item.values.doi ?? null,
        paperId: null,
        reason: item.pdf
          ? `its PDF is missing from Zotero's storage folder (${item.pdf})`
          : (item.noPdfReason ?? 'no PDF attachment')
      })
      references.push({
        values: { ...item.values, title: item.values.title ?? item.key },
        arxivId: item.arxivId,
        tags: item.tags,
        collections: item.collections.filter(chosen),
        notes: item.notes,
        from: 'Zotero',
        identity: referenceIdentity({ ...values, key: item.key })
      })
      continue
    }
    pdfs.push({
      path: onDisk,
      values: item.values,
      tags: item.tags,
      collections: item.collections.filter(chosen),
      notes: item.notes
    })
  }
  await keepReferences(target, references, withoutPdf)
  const collections = [...new Set([...pdfs, ...references].flatMap((p) => p.collections))]
  return summary(await target.addImported(pdfs), withoutPdf, collections, {
    entries: items.length,
    encoding: null,
    issues: [],
    matched
  })
}
