import { join } from 'node:path'
import type { LibraryNotice } from '../../shared/types'
import { noticeOf, type ErrorText } from '../errors'
import type { Embedder } from '../search/types'
import { CATALOG_FORMAT, type StoredPaper } from '../storage/catalogFormat'
import { removeStrayTemps } from '../storage/strayTemps'
import type { Catalog } from './Catalog'
import type { IngestLine } from '../ingest/IngestLine'
import type { LibraryDeps } from './libraryDeps'
import {
  labelOf,
  adoptStrayPdfs,
  rebuildCatalog,
  repairOnOpen,
  reportDamage,
  type RepairContext
} from './openRepair'
import type { PaperFiles } from './PaperFiles'

/** What {@link LibraryUpkeep} works with; the library service passes its own parts. */
export interface UpkeepParts {
  deps: LibraryDeps
  catalog: Catalog
  files: PaperFiles
  /** Where repairs are queued. */
  queue: Pick<IngestLine<unknown, unknown>, 'add'>
  readOnly: boolean
  changed(): void
}

/**
 * Keeping the library sound: the checks and repairs at open, damage found while in use, the
 * notices that report both, and vectors kept in step with the current embedder.
 */
export class LibraryUpkeep {
  private matching: Promise<void> = Promise.resolve()
  private backfilling: Promise<void> = Promise.resolve()
  private readonly noticeList: LibraryNotice[] = []
  private readonly reportedDamage = new Set<string>()
  private readonly recovered = new Set<string>()
  private repairs = false

  constructor(private readonly p: UpkeepParts) {}

  /**
   * Loads the catalog (migrating it), then checks every paper cheaply and repairs what it can.
   * @remarks A writer removes stray temp files, rebuilds an unreadable catalog from the folder,
   * resumes unfinished papers, re-indexes papers whose text or index files are missing or
   * damaged (or whose chunker changed) and queues missing vectors. A read-only library only
   * reports what needs repair. Everything repaired or found is a {@link notices notice}.
   */
  async open(): Promise<void> {
    const { deps, catalog, readOnly } = this.p
    const load = await catalog.load()
    if (load.state === 'ok' && load.migratedFrom !== null && !readOnly)
      deps.log?.(
        `library.json upgraded from format ${load.migratedFrom} to ${CATALOG_FORMAT.version} (the original kept as library.json.v${load.migratedFrom}.bak)`
      )
    if (!readOnly) {
      const { paths } = deps
      const temps = await removeStrayTemps([
        paths.root,
        paths.pdfs,
        paths.pages,
        join(paths.index, 'keywords', 'papers'),
        join(paths.index, 'vectors')
      ])
      if (temps.length) deps.log?.(`removed ${temps.length} unfinished temp file(s)`)
    }
    if (load.state !== 'unreadable' && load.journal) {
      const { reason, aside, missing, appliedAfter } = load.journal
      const params = { detail: ` (${reason})`, kept: aside ? 'aside' : 'none', aside: aside ?? '' }
      // A gap: the changes after it were applied, and the notice says so.
      this.notify(
        'warning',
        missing
          ? { key: 'journalGap', params: { ...params, count: missing, applied: appliedAfter } }
          : { key: 'journalUnreadable', params },
        null
      )
    }
    if (load.state === 'unreadable') await rebuildCatalog(this.repairContext(), load)
    else if (!readOnly) await adoptStrayPdfs(this.repairContext())
    for (const r of catalog.unreadableRecords()) {
      const detail = ` (${r.reason})`
      this.notify(
        'warning',
        r.id
          ? { key: 'unreadableRecordOf', params: { kind: r.kind ?? 'paper', id: r.id, detail } }
          : { key: 'unreadableRecord', params: { detail } },
        r.kind ? null : r.id
      )
    }
    if (readOnly) reportDamage(this.repairContext())
    else await repairOnOpen(this.repairContext())
    if (!readOnly) {
      // Loading the model can take seconds: opening the library does not wait for it.
      this.backfilling = this.backfillVectors().then(
        () => undefined,
        (e: unknown) => deps.log?.(`backfilling vectors failed: ${String(e)}`)
      )
    }
    this.p.changed()
  }

  /**
   * Whether the open queued repairs: a paper resumed or re-indexed, vectors recomputed (not a
   * re-chunking after a settings change). A short writer command waits for them before it exits,
   * so the repair its notice announced is done.
   */
  repairsQueued(): boolean {
    return this.repairs
  }

  /** Resolves when the vectors backfill started at open is done. */
  backfilled(): Promise<void> {
    return this.backfilling
  }

  /** What the library repaired or found since it was opened, oldest first. */
  notices(): LibraryNotice[] {
    return this.noticeList.map((n) => ({ ...n }))
  }

  /**
   * A paper's stored text or index turned out to be damaged while in use: it is re-indexed (a
   * writer) or reported (read-only); other papers are unaffected.
   */
  reportDamaged(paperId: string, what: string): void {
    const p = this.p.catalog.get(paperId)
    if (!p || this.reportedDamage.has(paperId)) return
    this.reportedDamage.add(paperId)
    this.notify(
      'warning',
      {
        key: this.p.readOnly ? 'damagedInUseReadOnly' : 'damagedInUse',
        params: { paper: labelOf(p), detail: what }
      },
      paperId
    )
    if (!this.p.readOnly && p.status === 'indexed') this.p.queue.add({ paperId, kind: 'embed' })
  }

  /** Takes a paper's chunks out of search and queues it for a full ingest. */
  async requeue(p: StoredPaper): Promise<void> {
    await this.p.deps.keywords.removePaper(p.id)
    await this.p.deps.vectors.removePaper(p.id)
    await this.p.catalog.update(p.id, { status: 'pending', error: null })
    this.p.queue.add({ paperId: p.id, kind: 'ingest' })
  }

  /** Records a notice from main's catalog (English `message`, and its key), logs and announces it. */
  notify(level: LibraryNotice['level'], text: ErrorText, paperId: string | null): void {
    this.record(noticeOf(level, text, paperId))
  }

  /** Records a notice, logs it and announces it. */
  record(notice: LibraryNotice): void {
    this.noticeList.push(notice)
    this.p.deps.log?.(notice.message)
    this.p.deps.events.emit('library:notice', notice)
  }

  /** See {@link LibraryService.backfillVectors}. */
  async backfillVectors(): Promise<number> {
    if (this.p.readOnly) return 0
    const embedder = await this.p.deps.embedder.current()
    if (!embedder) return 0
    await this.matchEmbedder(embedder)
    let queued = 0
    for (const p of this.p.catalog.list()) {
      if (p.status !== 'indexed') continue
      if (p.embedderId === embedder.id && this.p.deps.vectors.hasPaper(p.id)) continue
      if (this.p.queue.add({ paperId: p.id, kind: 'embed' })) queued++
    }
    return queued
  }

  /**
   * Clears the vectors of another embedder and queues every paper to be embedded again.
   * @remarks Serialised: open()'s backfill and a running job may both notice the change.
   */
  matchEmbedder(embedder: Embedder): Promise<void> {
    const run = this.matching.then(() => this.clearForeignVectors(embedder))
    this.matching = run.catch(() => undefined)
    return run
  }

  private async clearForeignVectors(embedder: Embedder): Promise<void> {
    const { deps, catalog, queue } = this.p
    const stored = deps.vectors.embedderId()
    if (stored === null || stored === embedder.id) return
    deps.log?.(`embedder changed from ${stored} to ${embedder.id}: re-embedding every paper`)
    await deps.vectors.clear()
    for (const p of catalog.list()) {
      if (p.embedderId === null) continue
      await catalog.update(p.id, { embedderId: null })
      if (p.status === 'indexed') queue.add({ paperId: p.id, kind: 'embed' })
    }
    this.p.changed()
  }

  private repairContext(): RepairContext {
    return {
      deps: this.p.deps,
      catalog: this.p.catalog,
      files: this.p.files,
      readOnly: this.p.readOnly,
      reported: this.reportedDamage,
      recovered: this.recovered,
      enqueue: (job) => this.p.queue.add(job),
      requeue: (p) => this.requeue(p),
      notify: (level, text, paperId) => this.notify(level, text, paperId),
      noteRepair: () => void (this.repairs = true)
    }
  }
}
