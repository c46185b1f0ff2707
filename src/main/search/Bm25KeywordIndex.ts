import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomicWrite'
import { removeUnfinishedPacks } from '../storage/packFile'
import { openPackOrNotice } from './pack/packLayout'
import type { Chunk } from '../domain'
import {
  buildPostings,
  chunkTexts,
  decodePostings,
  encodePostings,
  type PaperPostings
} from './keywordFile'
import { KeywordPack, writeKeywordPack } from './pack/keywordPack'
import { readPaperFiles } from './pack/paperFiles'
import {
  DEFAULT_PACK_POLICY,
  PackedStore,
  type DeltaPaper,
  type PackPolicy
} from './pack/PackedStore'
import { ANALYSIS_VERSION, tokenize } from './tokenizer'
import { Bm25Scorer } from './bm25Scoring'
import { Bm25Search } from './bm25Search'
import type { ChunkSource, KeywordIndex } from './types'
import type { ErrorText } from '../errors'

/** Where a {@link Bm25KeywordIndex} keeps its files: `<dir>/keywords/` (e.g. `paths.index`). */
export interface Bm25KeywordIndexDeps {
  dir: string
  /** BM25 parameters; the defaults are the usual 1.2 / 0.75. */
  k1?: number
  b?: number
  /** Weight of pseudo-relevance-feedback terms relative to the query's (0 turns it off). */
  feedback?: number
  /** Only read the folder (another process writes it): never create it. */
  readOnly?: boolean
  /** When the library-wide pack is built and merged (defaults: {@link PackedStore}). */
  pack?: Partial<PackPolicy>
  /** Told when something happens in the background (a pack built, or failing). */
  log?: (message: string) => void
}

const TEXT_CACHE_PAPERS = 32
const PACK_FILE = 'pack.rpkp'

/**
 * BM25 keyword search over chunk text, and the store of chunk records.
 * @remarks Each paper has its own postings file (`keywords/papers/<paperId>.kw`, written
 * atomically), so adding or removing a paper touches one file and the in-memory index is
 * updated in place, never rebuilt. Small libraries are held in memory per paper and document
 * frequencies are summed across papers at query time. From `PackPolicy.minChunks` on, papers
 * are merged in the background into `keywords/pack.rpkp` ({@link KeywordPack}: one inverted
 * index whose lists are read from disk for the query's terms only); papers added since stay in
 * memory, and a query scores both with the same formula, so results do not depend on what is
 * packed. Chunk records and text are then read from a paper's `.kw` file when it is a result.
 */
export class Bm25KeywordIndex implements KeywordIndex, ChunkSource {
  private readonly dir: string
  private readonly store: PackedStore<PaperPostings, KeywordPack>
  private readonly rows = new Map<string, Map<string, number>>()
  private readonly texts = new Map<string, string[]>()
  /** Pack papers read from their own files for results (records, text), most recent last. */
  private readonly loaded = new Map<string, PaperPostings>()
  private readonly damaged = new Map<string, string>()
  private readonly search: Bm25Search
  private readonly readOnly: boolean
  private readonly log: (message: string) => void
  /** Per paper, the write in progress (a put, a removal or a re-analysis), in order. */
  private readonly writing = new Map<string, Promise<void>>()
  private migration: Promise<void> = Promise.resolve()
  private closed = false

  constructor(deps: Bm25KeywordIndexDeps) {
    this.dir = join(deps.dir, 'keywords')
    this.readOnly = deps.readOnly ?? false
    this.log = deps.log ?? ((m) => console.error(m))
    this.store = new PackedStore<PaperPostings, KeywordPack>({
      policy: { ...DEFAULT_PACK_POLICY, ...deps.pack },
      readOnly: this.readOnly,
      log: this.log,
      build: async ({ previous, keep, added, cancelled }) => {
        const path = join(this.dir, PACK_FILE)
        await writeKeywordPack({
          path,
          previous,
          keep,
          added: added.map(({ paper }) => ({ postings: paper.value, ...paper.identity })),
          cancelled
        })
        return KeywordPack.open(path)
      }
    })
    const scorer = new Bm25Scorer(this.store, deps.k1 ?? 1.2, deps.b ?? 0.75)
    this.search = new Bm25Search(
      this.store,
      scorer,
      { record: (id) => this.record(id), textsOf: (p) => this.textsOf(p) },
      deps.feedback ?? 0.3
    )
  }

  /** Called when a paper's keyword file turns out to be damaged while searching. */
  onDamaged: (paperId: string, reason: string) => void = () => undefined

  /**
   * Loads the pack and the papers outside it (creating the folder unless read-only); call once.
   * @remarks A file that cannot be read leaves only its own paper out, recorded in
   * {@link damagedPapers} for the library to repair. A damaged pack is kept aside and rebuilt
   * from the papers' files (returned as a notice). A read-only index may call it again to see
   * another process's changes: the files are read first and swapped in at once, so a query
   * never meets a half-loaded index.
   */
  async open(): Promise<ErrorText[]> {
    const papersDir = join(this.dir, 'papers')
    if (!this.readOnly) {
      await mkdir(papersDir, { recursive: true })
      await removeUnfinishedPacks(join(this.dir, PACK_FILE))
    }
    let names: string[] = []
    try {
      names = await readdir(papersDir)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    }
    const notices: ErrorText[] = []
    const { pack, notice } = await openPackOrNotice({
      kind: 'keyword',
      path: join(this.dir, PACK_FILE),
      open: (path) => KeywordPack.open(path),
      readOnly: this.readOnly
    })
    if (notice) notices.push(notice)
    const damaged = new Map<string, string>()
    const { alive, loaded } = await readPaperFiles({
      dir: papersDir,
      names,
      ext: '.kw',
      what: 'keyword index',
      pack,
      decode: decodePostings,
      damaged
    })
    const delta = new Map<string, DeltaPaper<PaperPostings>>()
    for (const l of loaded) {
      if (l) delta.set(l.value.paperId, { ...l, rows: l.value.ids.length })
    }
    this.rows.clear()
    this.texts.clear()
    this.loaded.clear()
    this.damaged.clear()
    for (const [id, why] of damaged) this.damaged.set(id, why)
    this.store.reset(pack, alive, delta)
    this.store.maybeCompact()
    if (!this.readOnly) {
      const previous = this.migration
      this.migration = previous.then(() => this.reanalyse())
    }
    return notices
  }

  /**
   * Re-analyses, in the background, the papers whose postings were built with an older keyword
   * analysis ({@link ANALYSIS_VERSION}), from the chunk text their files store.
   * @remarks One paper at a time, between other work; until its turn a paper is searched with
   * its old postings (a Portuguese query is also analysed with English's stemmer, so it still
   * meets them). A paper written or removed meanwhile is left to that write.
   */
  private async reanalyse(): Promise<void> {
    let done = 0
    for (const paperId of this.store.paperIds()) {
      if (this.closed) return
      await new Promise((resolve) => setImmediate(resolve))
      if (this.closed || !this.store.has(paperId)) continue
      try {
        await this.exclusive(paperId, async () => {
          const stale = await this.staleRecord(paperId)
          if (!stale || this.closed) return
          const chunks = this.getChunks(stale.ids)
          if (chunks.length !== stale.ids.length) return
          await this.write(paperId, chunks)
          done++
        })
      } catch (e) {
        this.log(`Re-analysing the keywords of ${paperId} failed: ${(e as Error).message}`)
      }
    }
    if (done > 0) this.log(`Keyword analysis updated for ${done} papers`)
  }

  /** The paper's postings when they were built with an older analysis, else null. */
  private async staleRecord(paperId: string): Promise<PaperPostings | null> {
    const d = this.store.delta.get(paperId)
    if (d) return d.value.analysis < ANALYSIS_VERSION ? d.value : null
    if (!this.store.inPack(paperId)) return null
    const p = decodePostings(await readFile(this.file(paperId)), true)
    if (p.paperId !== paperId || p.analysis >= ANALYSIS_VERSION) return null
    this.forget(paperId)
    this.loaded.set(paperId, p)
    return p
  }

  /** Runs `work` after the paper's previous write, before its next one. */
  private exclusive<T>(paperId: string, work: () => Promise<T>): Promise<T> {
    const before = this.writing.get(paperId) ?? Promise.resolve()
    const run = before.then(work)
    const settled = run.then(
      () => undefined,
      () => undefined
    )
    this.writing.set(paperId, settled)
    void settled.then(() => {
      if (this.writing.get(paperId) === settled) this.writing.delete(paperId)
    })
    return run
  }

  /** Papers whose keyword file could not be read, with the reason. */
  damagedPapers(): ReadonlyMap<string, string> {
    return this.damaged
  }

  async putPaper(paperId: string, chunks: Chunk[]): Promise<void> {
    const unique = [...new Map(chunks.map((c) => [c.id, c])).values()]
    const wrong = unique.find((c) => c.paperId !== paperId)
    if (wrong) throw new Error(`Chunk ${wrong.id} does not belong to paper ${paperId}`)
    await this.exclusive(paperId, () => this.write(paperId, unique))
  }

  private async write(paperId: string, unique: Chunk[]): Promise<void> {
    const postings = await buildPostings(paperId, unique)
    await writeFileAtomic(this.file(paperId), encodePostings(postings))
    const st = await stat(this.file(paperId))
    this.forget(paperId)
    this.store.put(paperId, {
      value: postings,
      rows: postings.ids.length,
      identity: { size: st.size, mtimeMs: st.mtimeMs }
    })
    this.damaged.delete(paperId)
  }

  async removePaper(paperId: string): Promise<void> {
    await this.exclusive(paperId, () => this.remove(paperId))
  }

  private async remove(paperId: string): Promise<void> {
    await rm(this.file(paperId), { force: true })
    this.forget(paperId)
    this.store.remove(paperId)
    this.damaged.delete(paperId)
  }

  hasPaper(paperId: string): boolean {
    return this.store.has(paperId)
  }

  /** A paper's stored chunks, text included (none when its text cannot be read). */
  storedChunks(paperId: string): Chunk[] {
    // Rows are indexed lazily (a packed paper's records are read from its file when asked).
    const p = this.record(paperId)
    return p ? this.getChunks(p.ids) : []
  }

  /** The ids of the papers in the index. */
  paperIds(): string[] {
    return this.store.paperIds()
  }

  count(): number {
    return this.store.rows()
  }

  /** Chunks in the library-wide pack (0 while the library is below the pack size). */
  packedCount(): number {
    return this.store.rows() - this.store.deltaRows()
  }

  /** Resolves when no pack is being built and no paper re-analysed in the background. */
  async idle(): Promise<void> {
    await this.migration
    await this.store.idle()
  }

  /** Stops a pack build or re-analysis in progress and closes the pack. */
  async close(): Promise<void> {
    this.closed = true
    await this.migration
    await Promise.all(this.writing.values())
    await this.store.close()
  }

  query(
    text: string,
    k: number,
    paperIds?: readonly string[],
    prefer?: ReadonlyMap<string, number>
  ): { chunkId: string; score: number }[] {
    return this.search.query(text, k, paperIds, prefer)
  }

  termWeights(terms: readonly string[]): Map<string, number> {
    return this.search.idfOf(terms)
  }

  chunkTerms(chunkIds: readonly string[]): Map<string, string[]> {
    const out = new Map<string, string[]>()
    for (const id of chunkIds) {
      const paperId = this.paperOf(id)
      const p = paperId ? this.record(paperId) : null
      const row = p ? this.rowsOf(p).get(id) : undefined
      const text = p && row !== undefined ? this.textsOf(p)?.[row] : undefined
      if (text !== undefined) {
        out.set(id, tokenize(text, p!.ptRows.has(row!) ? 'pt' : 'en'))
      }
    }
    return out
  }

  getChunks(chunkIds: readonly string[]): Chunk[] {
    const out: Chunk[] = []
    for (const id of chunkIds) {
      const paperId = this.paperOf(id)
      const p = paperId ? this.record(paperId) : null
      const row = p ? this.rowsOf(p).get(id) : undefined
      if (!p || row === undefined) continue
      const text = this.textsOf(p)?.[row]
      if (text === undefined) continue
      const extra = p.extras.get(row)
      out.push({
        id,
        paperId: p.paperId,
        page: p.pages[row]!,
        index: p.indexes[row]!,
        section: p.sectionNames[p.sections[row]!] ?? 'body',
        text,
        tokens: p.tokens[row]!,
        ...(extra && { kind: extra.kind }),
        ...(extra?.region && { region: extra.region })
      })
    }
    return out
  }

  /** A paper's postings and records: in memory, or read from its file (pack papers). */
  private record(paperId: string): PaperPostings | null {
    const d = this.store.delta.get(paperId)
    if (d) return d.value
    if (!this.store.inPack(paperId)) return null
    let p = this.loaded.get(paperId)
    if (p) {
      this.loaded.delete(paperId)
    } else {
      try {
        p = decodePostings(readFileSync(this.file(paperId)), true)
        if (p.paperId !== paperId) throw new Error(`it holds paper ${p.paperId}`)
      } catch (e) {
        this.damage(
          paperId,
          `keyword index ${encodeURIComponent(paperId)}.kw: ${(e as Error).message}`
        )
        return null
      }
      if (this.loaded.size >= TEXT_CACHE_PAPERS) {
        const oldest = this.loaded.keys().next().value!
        this.loaded.delete(oldest)
        this.rows.delete(oldest)
      }
    }
    this.loaded.set(paperId, p)
    return p
  }

  private rowsOf(p: PaperPostings): Map<string, number> {
    let rows = this.rows.get(p.paperId)
    if (!rows) this.rows.set(p.paperId, (rows = new Map(p.ids.map((id, i) => [id, i]))))
    return rows
  }

  private paperOf(chunkId: string): string | undefined {
    const cut = chunkId.lastIndexOf('-page-')
    const guess = cut > 0 ? chunkId.slice(0, cut) : undefined
    if (guess && this.store.has(guess)) return guess
    // Ids not of the usual shape: look through the papers in memory.
    for (const [paperId, d] of this.store.delta)
      if (this.rowsOf(d.value).has(chunkId)) return paperId
    return undefined
  }

  // Chunk text is decompressed lazily, so damage inside it shows only here: the paper leaves
  // the index (its hits are dropped) and the library is told, instead of failing every search.
  private textsOf(p: PaperPostings): string[] | null {
    let texts = this.texts.get(p.paperId)
    if (texts) {
      this.texts.delete(p.paperId)
    } else {
      try {
        texts = chunkTexts(p)
        if (texts.length !== p.ids.length) throw new Error('chunk texts do not match the chunks')
      } catch (e) {
        this.damage(
          p.paperId,
          `keyword index ${encodeURIComponent(p.paperId)}.kw: chunk text unreadable (${(e as Error).message})`
        )
        return null
      }
      if (this.texts.size >= TEXT_CACHE_PAPERS) this.texts.delete(this.texts.keys().next().value!)
    }
    this.texts.set(p.paperId, texts)
    return texts
  }

  /** Takes a paper whose file turned out damaged out of the index (its file is left) and tells. */
  private damage(paperId: string, reason: string): void {
    this.forget(paperId)
    this.store.remove(paperId)
    this.damaged.set(paperId, reason)
    this.onDamaged(paperId, reason)
  }

  private forget(paperId: string): void {
    this.rows.delete(paperId)
    this.texts.delete(paperId)
    this.loaded.delete(paperId)
  }

  private file(paperId: string): string {
    return join(this.dir, 'papers', `${encodeURIComponent(paperId)}.kw`)
  }
}
