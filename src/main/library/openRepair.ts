import { rm } from 'node:fs/promises'
import type { LibraryNotice } from '../../shared/types'
import { appError, type ErrorText } from '../errors'
import type { StoredPaper } from '../storage/catalogFormat'
import type { Catalog } from './Catalog'
import type { CatalogLoad } from './catalogLoad'
import { chunkerIdOf } from '../ingest/ingestIds'
import type { Job } from '../ingest/IngestLine'
import type { LibraryDeps } from './libraryDeps'
import type { PaperFiles } from './PaperFiles'
import { recoverCatalog, strayPdfs } from './recoverCatalog'
import { salvageCatalog } from './salvageCatalog'

/** What the open-time checks need from the library. */
export interface RepairContext {
  deps: LibraryDeps
  catalog: Catalog
  files: PaperFiles
  readOnly: boolean
  /** Papers already reported as damaged (reported once). */
  reported: Set<string>
  /**
   * Papers a rebuilt catalog recovered: re-read from their PDFs with their index files left in
   * place, so the vectors still valid are reused instead of computed again.
   */
  recovered: Set<string>
  enqueue(job: Job): void
  /** Takes a paper's chunks out of search and queues it for a full ingest. */
  requeue(p: StoredPaper): Promise<void>
  notify(level: LibraryNotice['level'], text: ErrorText, paperId: string | null): void
  /** Says a repair was queued (see LibraryUpkeep.repairsQueued). */
  noteRepair(): void
}

const UNFINISHED: readonly StoredPaper['status'][] = [
  'pending',
  'downloading',
  'extracting',
  'embedding'
]

/** How a paper is named in notices: its title and id. */
export function labelOf(p: { title: string; id: string }): string {
  return `"${p.title}" (${p.id})`
}

/**
 * A catalog that could not be parsed, rebuilt from the PDFs, text and index files on disk, with
 * what the user made (collections, tags, hand edits) restored from wherever it can still be read.
 * @remarks The records are put in the catalog as `pending`; {@link repairOnOpen} then queues them.
 * The notices say what was recovered and what could not be.
 */
export async function rebuildCatalog(
  ctx: RepairContext,
  load: Extract<CatalogLoad, { state: 'unreadable' }>
): Promise<void> {
  const found = await recoverCatalog(ctx.deps.paths)
  const salvaged = salvageCatalog(found.papers, load.salvage)
  for (const c of salvaged.collections) await ctx.catalog.putCollection(c)
  for (const p of salvaged.papers) {
    await ctx.catalog.put(p)
    if (p.status === 'pending') ctx.recovered.add(p.id)
  }
  ctx.notify(
    'warning',
    {
      key: 'catalogRebuilt',
      params: {
        detail: ` (${load.reason})`,
        kept: load.aside ? (load.journalAside ? 'asideWithJournal' : 'aside') : 'readOnly',
        ...(load.aside && { aside: load.aside }),
        ...(load.journalAside && { journalAside: load.journalAside }),
        count: found.papers.length,
        mode: ctx.readOnly ? 'readOnly' : 'writer',
        queued: found.papers.length - found.withoutPdf.length
      }
    },
    null
  )
  if (found.withoutPdf.length) {
    const params = { count: found.withoutPdf.length, ids: found.withoutPdf.join(', ') }
    ctx.notify('warning', { key: 'recoveredWithoutPdfs', params }, null)
  }
  if (salvaged.sources.length === 0) {
    ctx.notify('warning', { key: 'catalogNothingSalvaged' }, null)
    return
  }
  const { edited, tagged, filed, catalogOnly } = salvaged
  const collections = salvaged.collections.length - salvaged.unnamedCollections.length
  ctx.notify(
    'info',
    { key: 'catalogSalvaged', params: { collections, edited, tagged, filed, catalogOnly } },
    null
  )
  if (salvaged.olderForSome && salvaged.previousSavedAt) {
    const params = { savedAt: salvaged.previousSavedAt }
    ctx.notify('warning', { key: 'catalogSalvageOlder', params }, null)
  }
  if (salvaged.notRestored.length) {
    const params = { count: salvaged.notRestored.length, ids: salvaged.notRestored.join(', ') }
    ctx.notify('warning', { key: 'catalogSalvageNoFiles', params }, null)
  }
  if (salvaged.unnamedCollections.length) {
    const ids = salvaged.unnamedCollections
    const params = { count: ids.length, ids: ids.join(', ') }
    ctx.notify('warning', { key: 'catalogSalvageUnnamed', params }, null)
  }
}

/**
 * PDFs in `pdfs/` that belong to no paper — an add killed after it saved the PDF and before it
 * recorded the paper — are added as the papers they are (indexed by {@link repairOnOpen}), or
 * deleted when the library already has the same PDF; the notice names them either way.
 * @remarks The writer does this at open, holding the lock, so no add can be in flight. A record
 * this version cannot read keeps its PDF: that paper is there, only not shown.
 */
export async function adoptStrayPdfs(ctx: RepairContext): Promise<void> {
  const unreadable = new Set(ctx.catalog.unreadableRecords().map((r) => r.id ?? ''))
  const known = (id: string): boolean => ctx.catalog.get(id) !== undefined || unreadable.has(id)
  const adopted: string[] = []
  const removed: string[] = []
  for (const p of await strayPdfs(ctx.deps.paths, known)) {
    if (p.sha256 && ctx.catalog.findBySha(p.sha256)) {
      await rm(ctx.files.pdfPath(p.id), { force: true })
      removed.push(p.id)
      continue
    }
    await ctx.catalog.put(p)
    ctx.recovered.add(p.id)
    adopted.push(p.id)
  }
  if (adopted.length) {
    const params = { count: adopted.length, ids: adopted.join(', ') }
    ctx.notify(
      'info',
      { key: 'strayPdfsAdopted', params },
      adopted.length === 1 ? adopted[0]! : null
    )
  }
  if (removed.length) {
    const params = { count: removed.length, ids: removed.join(', ') }
    ctx.notify('info', { key: 'strayPdfsRemoved', params }, null)
  }
}

/**
 * Checks every paper cheaply at open (a stat or two per paper, and what the stores found
 * unreadable) and queues the repairs: unfinished papers resumed, missing or damaged text or
 * index re-indexed from the PDF (or marked with what to do), damaged vectors recomputed, papers
 * cut by other chunker parameters re-chunked.
 */
export async function repairOnOpen(ctx: RepairContext): Promise<void> {
  const papers = ctx.catalog.list()
  const [hasText, hasPdf] = await Promise.all([
    Promise.all(papers.map((p) => (p.status === 'indexed' ? ctx.files.hasPages(p.id) : true))),
    Promise.all(papers.map((p) => (p.status === 'indexed' ? ctx.files.hasPdf(p.id) : true)))
  ])
  const chunker = chunkerIdOf(ctx.deps.settings())
  const kwDamaged = ctx.deps.keywords.damagedPapers?.() ?? new Map<string, string>()
  const vecDamaged = ctx.deps.vectors.damagedPapers?.() ?? new Map<string, string>()
  const noPdf: StoredPaper[] = []
  for (const [i, p] of papers.entries()) {
    if (UNFINISHED.includes(p.status)) {
      ctx.noteRepair()
      // Chunks written before the crash are taken out of search until the paper is redone; a
      // recovered paper keeps its index files, whose intact vectors its re-index reuses.
      if (ctx.recovered.has(p.id)) ctx.enqueue({ paperId: p.id, kind: 'ingest' })
      else await ctx.requeue(p)
      continue
    }
    if (p.status !== 'indexed') continue
    const kwLost = p.chunks > 0 && !ctx.deps.keywords.hasPaper(p.id)
    const problem = !hasText[i]
      ? 'its page text (pages/) is missing or cut short'
      : kwLost
        ? (kwDamaged.get(p.id) ?? 'its keyword index is missing')
        : null
    if (problem) {
      if (hasPdf[i] || p.source.kind === 'arxiv') {
        ctx.noteRepair()
        const params = { paper: labelOf(p), detail: problem }
        ctx.notify('warning', { key: 'reindexingFromPdf', params }, p.id)
        await ctx.requeue(p)
      } else {
        await ctx.catalog.update(p.id, {
          status: 'error',
          error: appError('DATA_DAMAGED', {
            key: 'damagedCannotSearch',
            params: { paper: labelOf(p), detail: problem }
          })
        })
        const params = { paper: labelOf(p), detail: problem }
        ctx.notify('warning', { key: 'damagedWithoutPdf', params }, p.id)
      }
      continue
    }
    if (!hasPdf[i]) noPdf.push(p)
    const vec = vecDamaged.get(p.id)
    const rechunk = p.chunkerId !== null && p.chunkerId !== chunker
    if (vec || rechunk) {
      if (vec) {
        ctx.noteRepair()
        const params = { paper: labelOf(p), detail: vec }
        ctx.notify('warning', { key: 'recomputingVectors', params }, p.id)
      } else ctx.deps.log?.(`${p.id}: chunked with ${p.chunkerId}, now ${chunker}: re-chunking`)
      ctx.enqueue({ paperId: p.id, kind: 'embed' })
    }
  }
  if (noPdf.length) {
    const named = noPdf.slice(0, 10).map(labelOf).join(', ')
    const more = noPdf.length - 10
    const params = { count: noPdf.length, named, ...(more > 0 && { more }) }
    const key =
      noPdf.length === 1 ? 'pdfMissingOne' : more > 0 ? 'pdfMissingManyMore' : 'pdfMissingMany'
    ctx.notify('warning', { key, params }, noPdf.length === 1 ? noPdf[0]!.id : null)
  }
}

/** Read-only: says which papers need repair; the next writer repairs them. */
export function reportDamage(ctx: RepairContext): void {
  for (const [store, damaged] of [
    ['keyword', ctx.deps.keywords.damagedPapers?.()],
    ['vector', ctx.deps.vectors.damagedPapers?.()]
  ] as const) {
    for (const [id, why] of damaged ?? []) {
      const p = ctx.catalog.get(id)
      if (!p) continue
      ctx.reported.add(id)
      const key = store === 'keyword' ? 'keywordSearchUnavailable' : 'vectorSearchUnavailable'
      ctx.notify('warning', { key, params: { paper: labelOf(p), detail: why } }, id)
    }
  }
}
