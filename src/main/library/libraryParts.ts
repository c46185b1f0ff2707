import { IngestLine, type Job } from '../ingest/IngestLine'
import type { StoredPaper } from '../storage/catalogFormat'
import { Catalog } from './Catalog'
import { IngestPipeline, type EmbeddedPaper, type ReadPaper } from './indexing/IngestPipeline'
import type { LibraryDeps } from './libraryDeps'
import { LibraryImports } from './LibraryImports'
import { LibraryUpkeep } from './LibraryUpkeep'
import { MetadataRefresher } from './online/MetadataRefresher'
import { Organizer } from './Organizer'
import { PaperContent } from './PaperContent'
import { PaperFiles } from './PaperFiles'
import { PaperIntake } from './PaperIntake'

/** What the parts call back into the library that owns them. */
export interface LibraryHooks {
  /** Announces what changed in the catalog (`library:changed`). */
  changed(): void
  /** True once the library is closing: work in flight stops without failing. */
  closing(): boolean
  /** A job of the ingestion line settled (indexed, failed or dropped). */
  settled(job: Job): void
  /** Queues a paper to read, with the batch it is added in. */
  enqueue(job: Job): void
  /** Runs `work` as one batch, so the jobs it queues start (and count progress) together. */
  batch<T>(work: () => Promise<T>): Promise<T>
  /** Throws when the library is read-only. */
  writable(): void
  /** One paper; NOT_FOUND when there is none. */
  get(id: string): StoredPaper
  /** A paper found damaged while in use. */
  reportDamaged(id: string, what: string): void
}

/** The parts a {@link LibraryService} is made of. */
export interface LibraryParts {
  catalog: Catalog
  files: PaperFiles
  queue: IngestLine<ReadPaper, EmbeddedPaper>
  organizer: Organizer
  metadata: MetadataRefresher | null
  intake: PaperIntake
  upkeep: LibraryUpkeep
  content: PaperContent
  imports: LibraryImports
}

/**
 * Builds the library's parts over one catalog and one set of paper files: the ingestion line
 * (read, embed, write), the organizer, online metadata, intake, upkeep, content and imports.
 * @remarks The ingestion line's progress counts the whole line, and the pipeline asks upkeep
 * whether the embedder still matches; both are looked up when called, after every part exists.
 */
export function libraryParts(
  deps: LibraryDeps,
  readOnly: boolean,
  hooks: LibraryHooks
): LibraryParts {
  const log = deps.log ?? (() => undefined)
  const changed = hooks.changed
  const catalog = new Catalog(deps.paths.library, readOnly)
  const files = new PaperFiles(deps.paths)
  // Typed: the pipeline, the line and upkeep refer to each other through callbacks.
  const pipeline: IngestPipeline = new IngestPipeline({
    deps,
    catalog,
    files,
    progress: (paperId, stage, done, total, extra) =>
      deps.events.emit('ingest:progress', {
        paperId,
        stage,
        done,
        total,
        ...(extra?.ocr && { ocr: true }),
        ...(extra?.title && { title: extra.title }),
        overall: queue.overall()
      }),
    changed,
    matchEmbedder: (embedder) => upkeep.matchEmbedder(embedder),
    closing: hooks.closing
  })
  const queue: IngestLine<ReadPaper, EmbeddedPaper> = new IngestLine(
    {
      read: (t, pass) => pipeline.read(t, pass),
      embed: (t, read, pass) => pipeline.embed(t, read, pass),
      write: (t, embedded) => pipeline.write(t, embedded),
      fail: (t, e) => pipeline.fail(t, e),
      settled: ({ job }) => hooks.settled(job)
    },
    log
  )
  const organizer = new Organizer(catalog, changed)
  const metadata = deps.online
    ? new MetadataRefresher({ catalog, online: deps.online, changed, log })
    : null
  const intake = new PaperIntake({ catalog, files, enqueue: hooks.enqueue, changed })
  const upkeep: LibraryUpkeep = new LibraryUpkeep({
    deps,
    catalog,
    files,
    queue,
    readOnly,
    changed
  })
  const content = new PaperContent({
    catalog,
    files,
    readOnly,
    get: hooks.get,
    reportDamaged: hooks.reportDamaged
  })
  const imports = new LibraryImports({
    catalog,
    intake,
    organizer,
    online: deps.online ?? null,
    events: deps.events,
    batch: (work) => hooks.batch(work),
    writable: hooks.writable,
    changed
  })
  return { catalog, files, queue, organizer, metadata, intake, upkeep, content, imports }
}
