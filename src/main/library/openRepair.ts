import type { LibraryNotice } from '../../shared/types'
import type { StoredPaper } from '../storage/catalogFormat'
import type { Catalog, CatalogLoad } from './Catalog'
import { chunkerIdOf } from '../ingest/ingestIds'
import type { Job } from '../ingest/IngestLine'
import type { LibraryDeps } from './libraryDeps'
import type { PaperFiles } from './PaperFiles'
import { recoverCatalog } from './recoverCatalog'

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
  notify(level: LibraryNotice['level'], message: string, paperId: string | null): void
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
 * A catalog that could not be parsed, rebuilt from the PDFs, text and index files on disk.
 * @remarks The records are put in the catalog as `pending`; {@link repairOnOpen} then queues them.
 */
export async function rebuildCatalog(
  ctx: RepairContext,
  load: Extract<CatalogLoad, { state: 'unreadable' }>
): Promise<void> {
  const found = await recoverCatalog(ctx.deps.paths)
  for (const p of found.papers) {
    await ctx.catalog.put(p)
    if (p.status === 'pending') ctx.recovered.add(p.id)
  }
  const kept = load.aside
    ? `It was kept as ${load.aside}${load.journalAside ? `, its recent changes as ${load.journalAside}` : ''}.`
    : 'It was left as it is (read-only); open ResearchPal or run an ingest command to rebuild it.'
  const queued = found.papers.length - found.withoutPdf.length
  const lost = found.withoutPdf.length
    ? ` ${found.withoutPdf.length} paper(s) have text or index files but no PDF (${found.withoutPdf.join(', ')}): add their PDFs again to restore them.`
    : ''
  ctx.notify(
    'warning',
    `library.json could not be read (${load.reason}). ${kept} Recovered ${found.papers.length} paper(s) from the library folder; ${queued} ${ctx.readOnly ? 'need' : 'are being'} re-indexed from their PDFs (vectors still on disk are reused, not computed again).${lost}`,
    null
  )
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
      // Chunks written before the crash are taken out of search until the paper is redone; a
      // recovered paper keeps its index files, whose intact vectors its re-index reuses.
      if (ctx.recovered.has(p.id)) ctx.enqueue({ paperId: p.id, kind: 'ingest' })
      else await ctx.requeue(p)
      continue
    }
    if (p.status !== 'indexed') continue
    const kwLost = p.chunks > 0 && !ctx.deps.keywords.hasPaper(p.id)
    const problem = !hasText[i]
      ? 'its page text (pages/) is missing'
      : kwLost
        ? (kwDamaged.get(p.id) ?? 'its keyword index is missing')
        : null
    if (problem) {
      if (hasPdf[i] || p.source.kind === 'arxiv') {
        ctx.notify('warning', `${labelOf(p)}: ${problem}. Re-indexing it from its PDF.`, p.id)
        await ctx.requeue(p)
      } else {
        await ctx.catalog.update(p.id, {
          status: 'error',
          error: {
            code: 'DATA_DAMAGED',
            message: `${labelOf(p)} cannot be searched: ${problem}, and its PDF is missing from the library folder. Add the PDF again to restore it, or remove the paper.`
          }
        })
        ctx.notify('warning', `${labelOf(p)}: ${problem}, and its PDF is missing.`, p.id)
      }
      continue
    }
    if (!hasPdf[i]) noPdf.push(p)
    const vec = vecDamaged.get(p.id)
    const rechunk = p.chunkerId !== null && p.chunkerId !== chunker
    if (vec || rechunk) {
      if (vec) ctx.notify('warning', `${labelOf(p)}: ${vec}. Recomputing its vectors.`, p.id)
      else ctx.deps.log?.(`${p.id}: chunked with ${p.chunkerId}, now ${chunker}: re-chunking`)
      ctx.enqueue({ paperId: p.id, kind: 'embed' })
    }
  }
  if (noPdf.length) {
    const named = noPdf.slice(0, 10).map(labelOf).join(', ')
    const more = noPdf.length > 10 ? ` and ${noPdf.length - 10} more` : ''
    ctx.notify(
      'warning',
      `The PDF of ${noPdf.length === 1 ? '' : `${noPdf.length} papers, `}${named}${more}, is missing from the library folder: search still works, but the viewer cannot show it. Add the file again to restore it.`,
      noPdf.length === 1 ? noPdf[0]!.id : null
    )
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
      ctx.notify(
        'warning',
        `${labelOf(p)}: ${why}. Its ${store} search is unavailable here; open ResearchPal or run an ingest command to repair it.`,
        id
      )
    }
  }
}
