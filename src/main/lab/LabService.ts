import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Chunk } from '../domain'
import { isUserFacing, UserFacingError } from '../errors'
import { writeFileAtomic } from '../atomicWrite'
import type { EmbedderProvider } from '../search/types'
import type { StoredPaper } from '../storage/catalogFormat'
import { labConnectionStore, type LabConnectionStore, type LabSecrets } from './labConnection'
import { isConnectionFailure } from './labErrors'
import { labPlace } from './labPlace'
import { LAB_CURATOR_ROLE } from './migrations'
import { LabStore, type LabHit, type LabPaperInput } from './LabStore'
import type { LabAccess, LabInfo as LabState } from '../../shared/labChannels'

/** What the lab service reads of the local library. */
export interface LabLibrary {
  list(): StoredPaper[]
  byId(id: string): StoredPaper | undefined
  pdfPath(id: string): string
  /** A paper's stored chunks (the keyword index keeps their text). */
  storedChunks(paperId: string): Chunk[]
  /** A paper's stored vectors and the embedder that made them. */
  storedVectors(paperId: string): { embedderId: string; vectors: Map<string, Float32Array> } | null
}

/** What the lab service needs. */
export interface LabServiceDeps {
  /** The data folder: the connection file and the PDF cache live in it. */
  root: string
  library: LabLibrary
  embedder: EmbedderProvider
  env?: NodeJS.ProcessEnv
  /**
   * The app's secret store, which keeps the connection string (see {@link labConnectionStore});
   * without one it stays in the 0600 `lab.json`.
   */
  secrets?: LabSecrets
  /** Opens a store on a connection string (tests shorten timeouts). */
  openStore?: (url: string) => LabStore
}

/** Progress of `lab publish`, paper by paper. */
export interface PublishProgress {
  done: number
  total: number
  title: string
  /** Seconds left at the pace so far; null before the first paper is done. */
  etaSeconds: number | null
}

/** What `lab publish` did. */
export interface PublishReport {
  published: string[]
  already: string[]
  failed: { paperId: string; error: UserFacingError }[]
}

/** The id a lab paper has in search results and citations: `lab-<first 12 hex of sha256>`. */
export function labPaperId(sha256: string): string {
  return `lab-${sha256.slice(0, 12)}`
}

/** A lab chunk's id in results: `lab-<sha12>-page-<n>-chunk-<i>`, as local ids are built. */
export function labChunkId(hit: Pick<LabHit, 'sha256' | 'chunkId' | 'page'>): string {
  const at = hit.chunkId.lastIndexOf('-page-')
  const tail = at >= 0 ? hit.chunkId.slice(at) : `-page-${hit.page}-chunk-${hit.chunkId}`
  return `${labPaperId(hit.sha256)}${tail}`
}

/** What the role logged in may do, as the database's grants say: a curator publishes. */
async function accessOf(store: LabStore): Promise<LabAccess> {
  const right = await store.publishRight()
  return {
    role: right.allowed ? 'curator' : 'reader',
    canPublish: right.allowed,
    curators: right.curators
  }
}

const LAB_ID = /^lab-([0-9a-f]{12})(-page-\d+-[a-z]+-[\w-]+)?$/

/**
 * The lab library as this data folder uses it: the connection, publishing, searching, and
 * fetching a lab paper's PDF once into a local cache.
 * @remarks It only reads the local library; a lab that fails never changes anything here.
 */
export class LabService {
  private readonly connection: LabConnectionStore
  private store: { url: string; store: LabStore; model: string | null } | null = null

  constructor(private readonly deps: LabServiceDeps) {
    this.connection = labConnectionStore(join(deps.root, 'lab.json'), deps.secrets, deps.env)
  }

  /** The saved (or environment's) connection, or null: not connected. */
  async connected(): Promise<{ url: string; fromEnv: boolean; host: string } | null> {
    const c = await this.connection.get()
    return c ? { ...c, host: labPlace(c.url).host } : null
  }

  /**
   * Connects this library to a lab: checks its schema, pgvector and model, then saves the URL.
   * @param init - set up or upgrade the schema first (a curator's role is needed for that).
   */
  async connect(url: string, init = false): Promise<{ info: LabState; applied: number[] }> {
    const store = this.openStore(url)
    try {
      const local = await this.localModel()
      const applied = init ? await store.migrate(local) : []
      const info = await store.check(local)
      const access = await accessOf(store)
      await this.connection.set(url)
      await this.swap({ url, store, model: info.model })
      return { info: { ...info, access }, applied }
    } catch (e) {
      await store.close()
      throw e
    }
  }

  /** Forgets the connection (nothing is deleted in the lab); the host it was, or null. */
  async disconnect(): Promise<string | null> {
    const c = await this.connection.get().catch(() => null)
    await this.connection.clear()
    await this.swap(null)
    return c && !c.fromEnv ? labPlace(c.url).host : null
  }

  /** The lab's state, checked now against this library's model, and what this member may do. */
  async status(): Promise<LabState> {
    const { store } = await this.current()
    const info = await store.check(await this.localModel())
    return { ...info, access: await accessOf(store) }
  }

  /**
   * Publishes papers (all indexed ones when `paperIds` is empty), one transaction each.
   * @remarks Papers the lab already holds (same sha256, from anyone) are skipped. A dropped
   * connection stops the run with a message saying how far it got; running it again resumes.
   * @param options.collection - also file the papers under a lab collection of this name (a
   * local collection published as a whole keeps its name in the lab).
   */
  async publish(
    paperIds: readonly string[],
    onProgress: (p: PublishProgress) => void = () => undefined,
    options: { collection?: string } = {}
  ): Promise<PublishReport> {
    const { store } = await this.current()
    const lab = await store.check(null)
    const right = await store.publishRight()
    if (!right.allowed) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'labCannotPublish',
        params: {
          user: right.user,
          host: lab.host,
          role: LAB_CURATOR_ROLE,
          curators: right.curators.join(', ')
        }
      })
    }
    const chosen = paperIds.length
      ? paperIds.map((id) => ({ id, paper: this.deps.library.byId(id) }))
      : this.deps.library
          .list()
          .filter((p) => p.status === 'indexed' && p.sha256)
          .map((paper) => ({ id: paper.id, paper }))
    const report: PublishReport = { published: [], already: [], failed: [] }
    const ready: StoredPaper[] = []
    for (const { id, paper } of chosen) {
      const why = !paper
        ? 'missing'
        : paper.status !== 'indexed'
          ? 'notIndexed'
          : !paper.sha256
            ? 'noSha'
            : !existsSync(this.deps.library.pdfPath(paper.id))
              ? 'noPdf'
              : null
      if (why) {
        const text = { key: 'labPaperNotPublishable' as const, params: { id, why } }
        report.failed.push({ paperId: id, error: new UserFacingError('INVALID_INPUT', text) })
      } else ready.push(paper!)
    }
    const there = await store.published(ready.map((p) => p.sha256!))
    const started = Date.now()
    let sent = 0
    for (const [i, paper] of ready.entries()) {
      const left = ready.length - i
      const pace = sent ? (Date.now() - started) / sent / 1000 : null
      onProgress({
        done: i,
        total: ready.length,
        title: paper.title,
        etaSeconds: pace === null ? null : Math.round(pace * left)
      })
      if (there.has(paper.sha256!)) {
        report.already.push(paper.id)
        continue
      }
      try {
        const { input, model } = await this.input(paper, lab.model)
        const outcome = await store.publish(input, model)
        report[outcome === 'published' ? 'published' : 'already'].push(paper.id)
        if (model && input.chunks.some((c) => c.embedding)) lab.model = model
        sent++
      } catch (e) {
        if (isConnectionFailure((e as Error).cause) || isUserFacing(e, 'UPSTREAM_UNAVAILABLE')) {
          throw new UserFacingError(
            'UPSTREAM_UNAVAILABLE',
            {
              key: 'labLost',
              params: {
                title: paper.title,
                reason: (e as Error).message.slice(0, 160),
                done: report.published.length + report.already.length,
                total: ready.length
              }
            },
            { cause: e }
          )
        }
        if (!isUserFacing(e)) throw e
        report.failed.push({ paperId: paper.id, error: e as UserFacingError })
      }
    }
    if (options.collection) {
      const inLab = new Set([...report.published, ...report.already])
      const shas = ready.filter((p) => inLab.has(p.id)).map((p) => p.sha256!)
      await store.collect(options.collection, shas)
    }
    onProgress({ done: ready.length, total: ready.length, title: '', etaSeconds: 0 })
    return report
  }

  /**
   * Searches the lab (vector + words in SQL). The query is embedded only when this library's
   * model is the lab's; otherwise the lab is searched by words.
   */
  async search(query: string, limit: number, signal?: AbortSignal): Promise<LabHit[]> {
    const current = await this.current()
    const embedder = await this.deps.embedder.current()
    const model = current.model ?? (current.model = await current.store.model())
    const vector =
      embedder && embedder.id === model
        ? ((await embedder.embed([query], signal))[0] ?? null)
        : null
    return current.store.search(query, vector, limit)
  }

  /** One lab passage by its result id (`lab-<sha12>-page-…`), or null. */
  async passage(chunkId: string): Promise<LabHit | null> {
    const m = LAB_ID.exec(chunkId)
    if (!m?.[2]) return null
    const { store } = await this.current()
    return store.chunk(m[1]!, m[2])
  }

  /**
   * A lab paper's PDF in this library's cache, fetched from the lab the first time.
   * @param id - a lab paper id (`lab-<sha12>`) or a lab chunk id.
   */
  async open(id: string): Promise<{ file: string; title: string; page: number; sha256: string }> {
    const m = LAB_ID.exec(id)
    if (!m) throw new UserFacingError('NOT_FOUND', { key: 'labNoSuchPaper', params: { id } })
    const page = Number(/-page-(\d+)-/.exec(id)?.[1] ?? 1)
    const dir = join(this.deps.root, 'lab-cache')
    const { store } = await this.current()
    const pdf = await store.pdf(m[1]!)
    if (!pdf) throw new UserFacingError('NOT_FOUND', { key: 'labNoSuchPaper', params: { id } })
    const file = join(dir, `${pdf.sha256}.pdf`)
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true })
      await writeFileAtomic(file, pdf.bytes)
    }
    return { file, title: pdf.title, page, sha256: pdf.sha256 }
  }

  /** A lab paper's PDF bytes for the viewer, from the local cache (fetched the first time). */
  async pdfBytes(id: string): Promise<Uint8Array> {
    return readFile((await this.open(id)).file)
  }

  /** The local embedder's id, or null without a model (keyword-only library). */
  private async localModel(): Promise<string | null> {
    return (await this.deps.embedder.current())?.id ?? null
  }

  /**
   * A paper as the lab takes it, and the model of its vectors.
   * @remarks A lab with a model takes only papers with vectors of that model, so its dense
   * search covers every paper; a lab without one takes the first model it is sent.
   */
  private async input(
    paper: StoredPaper,
    labModel: string
  ): Promise<{ input: LabPaperInput; model: string | null }> {
    const chunks = this.deps.library.storedChunks(paper.id)
    const stored = this.deps.library.storedVectors(paper.id)
    const model = stored?.embedderId ?? null
    if (labModel !== '' && model !== labModel) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'labWrongModel',
        params: {
          host: this.store?.store.place.host ?? '',
          labModel,
          localModel: model ?? 'none'
        }
      })
    }
    const input: LabPaperInput = {
      sha256: paper.sha256!,
      paperId: paper.id,
      title: paper.title,
      authors: paper.authors,
      year: paper.year ?? null,
      venue: paper.venue ?? null,
      doi: paper.doi ?? null,
      language: paper.language ?? null,
      fieldSources: paper.fieldSources ?? {},
      pages: paper.pages,
      pdf: await readFile(this.deps.library.pdfPath(paper.id)),
      chunks: chunks.map((c) => ({
        chunkId: c.id,
        page: c.page,
        section: c.section,
        kind: c.kind ?? 'text',
        text: c.text,
        embedding: stored?.vectors.get(c.id) ?? null
      }))
    }
    return { input, model }
  }

  /** The open store for the saved connection; `labNotConnected` when there is none. */
  private async current(): Promise<{ url: string; store: LabStore; model: string | null }> {
    const c = await this.connection.get()
    if (!c) throw new UserFacingError('NOT_FOUND', { key: 'labNotConnected' })
    if (this.store?.url === c.url) return this.store
    await this.swap({ url: c.url, store: this.openStore(c.url), model: null })
    return this.store!
  }

  private openStore(url: string): LabStore {
    return this.deps.openStore ? this.deps.openStore(url) : new LabStore(url)
  }

  private async swap(next: LabService['store']): Promise<void> {
    const old = this.store
    this.store = next
    if (old && old.store !== next?.store) await old.store.close()
  }

  async close(): Promise<void> {
    await this.swap(null)
  }
}
