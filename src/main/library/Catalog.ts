import { readFile, rename } from 'node:fs/promises'
import type { Collection, Paper } from '../../shared/types'
import { writeFileAtomic } from '../atomicWrite'
import { CATALOG_VERSION, CatalogUnreadableError, parseCatalogFile } from './catalogFile'
import { UserFacingError } from '../errors'

/**
 * The catalog of papers, `library.json`, kept in memory and saved atomically after each change.
 * @remarks Saves are serialised so a slow write can never land after a newer one. A file that
 * does not parse (written by something else) is moved aside, not silently overwritten.
 */
export class Catalog {
  private readonly papers = new Map<string, Paper>()
  private readonly collections = new Map<string, Collection>()
  private saving: Promise<void> = Promise.resolve()

  constructor(
    private readonly file: string,
    private readonly log: (msg: string) => void = () => undefined,
    private readonly options: { readOnly: boolean } = { readOnly: false }
  ) {}

  /** Loads (or reloads) `library.json`; a missing file is an empty library. */
  async load(): Promise<void> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
      this.papers.clear()
      this.collections.clear()
      return
    }
    let parsed: ReturnType<typeof parseCatalogFile>
    try {
      parsed = parseCatalogFile(text)
    } catch (e) {
      if (!(e instanceof CatalogUnreadableError)) throw e
      if (this.options.readOnly) {
        // Another process owns the folder; it moves the file aside. Reading it is all we may do.
        throw new UserFacingError(
          'INTERNAL',
          `${this.file} could not be read (${e.message}). Open the library in the app to repair it.`
        )
      }
      const aside = `${this.file}.unreadable-${Date.now()}`
      await rename(this.file, aside)
      this.log(
        `library.json could not be read (${e.message}); moved it to ${aside} and started an empty library`
      )
      return
    }
    this.papers.clear()
    this.collections.clear()
    for (const p of parsed.file.papers) this.papers.set(p.id, p as Paper)
    for (const c of parsed.file.collections) this.collections.set(c.id, c)
    // A reader (the MCP server beside the app) uses the upgraded records but leaves the file to the writer.
    if (parsed.migratedFrom !== null && !this.options.readOnly) {
      // The old file stays beside the new one until the next upgrade, in case of a way back.
      await writeFileAtomic(`${this.file}.v${parsed.migratedFrom}.bak`, text)
      await this.save()
      this.log(`library.json upgraded from format ${parsed.migratedFrom} to ${CATALOG_VERSION}`)
    }
  }

  /** Every collection, in creation order. */
  listCollections(): Collection[] {
    return [...this.collections.values()].map((c) => structuredClone(c))
  }

  /** One collection, or undefined. */
  getCollection(id: string): Collection | undefined {
    const c = this.collections.get(id)
    return c && structuredClone(c)
  }

  /** Inserts or replaces a collection and saves. */
  async putCollection(c: Collection): Promise<Collection> {
    this.collections.set(c.id, structuredClone(c))
    await this.save()
    return c
  }

  /** Deletes a collection and takes it off every paper (the papers stay). */
  async deleteCollection(id: string): Promise<void> {
    if (!this.collections.delete(id)) return
    for (const [pid, p] of this.papers)
      if (p.collectionIds.includes(id))
        this.papers.set(pid, { ...p, collectionIds: p.collectionIds.filter((c) => c !== id) })
    await this.save()
  }

  /** Every paper, oldest first. */
  list(): Paper[] {
    return [...this.papers.values()].map((p) => structuredClone(p))
  }

  get(id: string): Paper | undefined {
    const p = this.papers.get(id)
    return p && structuredClone(p)
  }

  /** The paper with this PDF hash, if any. */
  findBySha(sha256: string): Paper | undefined {
    for (const p of this.papers.values()) if (p.sha256 === sha256) return structuredClone(p)
    return undefined
  }

  /** Inserts or replaces a paper and saves. */
  async put(paper: Paper): Promise<Paper> {
    this.papers.set(paper.id, structuredClone(paper))
    await this.save()
    return paper
  }

  /** Applies a change to one paper and saves; returns the updated record. */
  async update(id: string, change: Partial<Paper>): Promise<Paper> {
    const cur = this.papers.get(id)
    if (!cur) throw new Error(`catalog: no paper ${id}`)
    const next = { ...cur, ...structuredClone(change) }
    this.papers.set(id, next)
    await this.save()
    return structuredClone(next)
  }

  async delete(id: string): Promise<void> {
    if (this.papers.delete(id)) await this.save()
  }

  has(id: string): boolean {
    return this.papers.has(id)
  }

  /** Waits for pending saves. */
  flush(): Promise<void> {
    return this.saving
  }

  private save(): Promise<void> {
    const data = JSON.stringify(
      {
        version: CATALOG_VERSION,
        papers: [...this.papers.values()],
        collections: [...this.collections.values()]
      },
      null,
      1
    )
    const run = this.saving.catch(() => undefined).then(() => writeFileAtomic(this.file, data))
    this.saving = run
    return run
  }
}
