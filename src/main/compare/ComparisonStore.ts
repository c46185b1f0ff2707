import { readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Comparison } from '../../shared/compare'
import { ERROR_CODES, type ErrorCode } from '../../shared/errors'
import { CHUNK_KINDS, type ChunkKind } from '../../shared/types'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError, type ErrorText } from '../errors'
import {
  COMPARISON_FORMAT_VERSION,
  readComparisonFile,
  salvageComparisonFile,
  UnreadableComparisonError,
  type ComparisonFile
} from './comparisonFile'

/** A comparison file that could not be read, and where it was moved. */
export interface SetAside {
  file: string
  movedTo: string
  reason: string
  /** Put back from what could be read: its title, the cells kept and those lost. */
  recovered?: { title: string; kept: number; lost: number }
}

const ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The saved comparisons: one file each under `comparisons/`, written atomically.
 * @remarks A file that cannot be read (damaged, or from a newer version) is renamed to
 * `<name>.unreadable-<time>` and listed by {@link setAside}, so nothing is silently dropped
 * and the user can be told which comparison was lost and where its file is.
 */
export class ComparisonStore {
  private readonly byId = new Map<string, Comparison>()
  private readonly aside: SetAside[] = []

  constructor(
    private readonly dir: string,
    private readonly log: (message: string) => void = (m) => console.error(m),
    /** Beside the app (the MCP server): an unreadable file is reported but left in place. */
    private readonly readOnly = false
  ) {}

  /** Reads every comparison file; call once before anything else. */
  async open(): Promise<void> {
    this.byId.clear()
    const names = await readdir(this.dir).catch(() => [] as string[])
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const file = join(this.dir, name)
      let text = ''
      try {
        text = await readFile(file, 'utf8')
        const { file: doc, migratedFrom } = readComparisonFile(text)
        const c = fromFile(doc)
        this.byId.set(c.id, c)
        // Migrated once, at open: the file is rewritten at the current version.
        if (migratedFrom !== null && !this.readOnly) await this.save(c)
      } catch (error) {
        if (!(error instanceof UnreadableComparisonError)) throw error
        const movedTo = this.readOnly ? file : `${file}.unreadable-${Date.now()}`
        if (!this.readOnly) await rename(file, movedTo)
        // What is still readable comes back: the papers, the columns, the whole cells.
        const salvaged = salvageComparisonFile(text)
        const c =
          salvaged && `${salvaged.file.comparison.id}.json` === name && fromFile(salvaged.file)
        if (c) {
          this.byId.set(c.id, c)
          if (!this.readOnly) await this.save(c)
        }
        this.aside.push({
          file,
          movedTo,
          reason: error.message,
          ...(c && {
            recovered: { title: c.title, kept: salvaged.cellsKept, lost: salvaged.cellsLost }
          })
        })
        this.log(`Comparison ${name} could not be read (${error.message}); moved it to ${movedTo}`)
      }
    }
  }

  /** Files found unreadable since {@link open}, for the UI and CLI to report. */
  setAside(): readonly SetAside[] {
    return this.aside
  }

  /** What the user is told of {@link setAside}: one library notice per file. */
  notices(): ErrorText[] {
    return this.aside.map(({ file, movedTo, reason, recovered }) =>
      recovered
        ? { key: 'comparisonRecovered', params: { file, movedTo, reason, ...recovered } }
        : { key: 'comparisonSetAside', params: { file, movedTo, reason } }
    )
  }

  list(): Comparison[] {
    return [...this.byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
  }

  /** The comparison with this id; NOT_FOUND when there is none. */
  get(id: string): Comparison {
    const c = this.byId.get(id)
    if (!c) {
      throw new UserFacingError('NOT_FOUND', { key: 'noSuchComparison', params: { id } })
    }
    return c
  }

  async save(c: Comparison): Promise<void> {
    if (!ID.test(c.id)) throw new Error(`Invalid comparison id ${c.id}`)
    const doc: ComparisonFile = { version: COMPARISON_FORMAT_VERSION, comparison: c }
    await writeFileAtomic(this.fileOf(c.id), JSON.stringify(doc, null, 1))
    this.byId.set(c.id, c)
  }

  async remove(id: string): Promise<void> {
    this.get(id)
    await rm(this.fileOf(id), { force: true })
    this.byId.delete(id)
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.json`)
  }
}

function fromFile(doc: ComparisonFile): Comparison {
  const c = doc.comparison
  return {
    ...c,
    cells: c.cells.map((cell) => ({
      ...cell,
      notice: cell.notice && { ...cell.notice, code: toCode(cell.notice.code) },
      citations: cell.citations.map(({ kind, ...citation }) =>
        isKind(kind) ? { ...citation, kind } : citation
      )
    }))
  }
}

function isKind(kind: string | undefined): kind is ChunkKind {
  return (CHUNK_KINDS as readonly (string | undefined)[]).includes(kind)
}

function toCode(code: string): ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : 'INTERNAL'
}
