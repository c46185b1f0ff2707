import { readFile, rename } from 'node:fs/promises'
import { z } from 'zod'
import { PaperSchema, type Paper } from '../../shared/types'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError } from '../errors'

const CatalogFileSchema = z.object({ version: z.literal(1), papers: z.array(PaperSchema) })

/**
 * The catalog of papers, `library.json`, kept in memory and saved atomically after each change.
 * @remarks Saves are serialised so a slow write can never land after a newer one. A file that
 * does not parse (written by something else) is moved aside, not silently overwritten.
 */
export class Catalog {
  private readonly papers = new Map<string, Paper>()
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
      return
    }
    const parsed = CatalogFileSchema.safeParse(safeJson(text))
    if (!parsed.success && this.options.readOnly) {
      // Another process owns the folder; it moves the file aside. Reading it is all we may do.
      throw new UserFacingError(
        'INTERNAL',
        `${this.file} could not be read (damaged or from a newer ResearchPal). Open the library in the app to repair it.`
      )
    }
    if (!parsed.success) {
      const aside = `${this.file}.unreadable-${Date.now()}`
      await rename(this.file, aside)
      this.log(`library.json could not be read; moved it to ${aside} and started an empty library`)
      return
    }
    this.papers.clear()
    for (const p of parsed.data.papers) this.papers.set(p.id, p)
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
    const data = JSON.stringify({ version: 1, papers: [...this.papers.values()] }, null, 1)
    const run = this.saving.catch(() => undefined).then(() => writeFileAtomic(this.file, data))
    this.saving = run
    return run
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
