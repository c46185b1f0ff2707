import { access, constants, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Paper } from '../../shared/types'
import type { StoredPaper } from '../storage/catalogFormat'
import { UserFacingError } from '../errors'
import { hasPdfSignature } from '../ingest/PdfReader'
import { arxivPaperId, parseArxivId, type ArxivRef } from './arxivId'
import type { Catalog } from './Catalog'
import { sha256Hex } from './ingestPipeline'
import type { Job } from './JobQueue'
import type { PaperFiles } from './PaperFiles'

/** What one added input became. */
export interface AddOutcome {
  input: string
  paper: Paper
  /** True when the input was already in the library (same PDF or same arXiv id). */
  duplicate: boolean
}

type Added = Omit<AddOutcome, 'input'>

/**
 * Turns an added file or arXiv id into a catalog record and, when there is work, a job.
 * @remarks Dedup happens here: the same PDF (sha256) or the same arXiv id is one paper. A file
 * that is not a PDF, or whose copy cannot be written, becomes a record with status `error` so
 * the library shows why, instead of a thrown error that loses the rest of a batch.
 */
export class PaperIntake {
  constructor(
    private readonly deps: {
      catalog: Catalog
      files: PaperFiles
      enqueue: (job: Job) => void
      changed: () => void
    }
  ) {}

  /** Adds a file's bytes: a known PDF returns its paper, a new one is stored and queued. */
  async addFile(name: string, bytes: Uint8Array): Promise<Added> {
    const sha = sha256Hex(bytes)
    const twin = this.deps.catalog.findBySha(sha)
    if (twin) return { paper: await this.restorePdf(twin, bytes), duplicate: true }
    // A file saved from arXiv ("1706.03762v7.pdf") is that arXiv paper.
    const ref = arxivRefOfFileName(name)
    if (ref && hasPdfSignature(bytes)) return this.addArxiv(ref, bytes, name)
    const paper = this.newRecord(sha.slice(0, 12), name.replace(/\.pdf$/i, ''), {
      source: { kind: 'file', fileName: name },
      sha256: sha
    })
    if (!hasPdfSignature(bytes)) {
      paper.status = 'error'
      paper.error = {
        code: 'NOT_A_PDF',
        message:
          bytes.length === 0
            ? `"${name}" is empty (0 bytes). Add the paper's PDF file.`
            : `"${name}" is not a PDF (it does not start with %PDF). Add the paper's PDF file instead.`
      }
      await this.deps.catalog.put(paper)
      this.deps.changed()
      return { paper, duplicate: false }
    }
    return { paper: await this.store(paper, bytes), duplicate: false }
  }

  /** Adds an arXiv paper: from the given bytes, or queued for download when there are none. */
  async addArxiv(ref: ArxivRef, bytes: Uint8Array | null, fileName?: string): Promise<Added> {
    const id = arxivPaperId(ref.id)
    const existing =
      this.deps.catalog.get(id) ??
      this.deps.catalog.list().find((p) => p.arxivId === ref.id) ??
      (bytes && this.deps.catalog.findBySha(sha256Hex(bytes)))
    if (existing) {
      return { paper: bytes ? await this.restorePdf(existing, bytes) : existing, duplicate: true }
    }
    const paper = this.newRecord(id, `arXiv ${ref.id}`, {
      arxivId: ref.id,
      source: fileName
        ? { kind: 'file', fileName }
        : {
            kind: 'arxiv',
            arxivId: ref.id,
            url: `https://arxiv.org/abs/${ref.id}${ref.version ?? ''}`
          },
      sha256: bytes ? sha256Hex(bytes) : null
    })
    if (!bytes) {
      await this.deps.catalog.put(paper)
      this.deps.enqueue({ paperId: id, kind: 'ingest' })
      this.deps.changed()
      return { paper, duplicate: false }
    }
    return { paper: await this.store(paper, bytes), duplicate: false }
  }

  /**
   * The same file added again puts back a PDF that went missing (a full disk, a deleted file),
   * so the paper can be re-indexed from it. Only bytes with the paper's recorded hash are used.
   */
  private async restorePdf(paper: StoredPaper, bytes: Uint8Array): Promise<StoredPaper> {
    if (!hasPdfSignature(bytes) || (await this.deps.files.hasPdf(paper.id))) return paper
    const sha = sha256Hex(bytes)
    if (paper.sha256 !== null && paper.sha256 !== sha) return paper
    await this.deps.files.writePdf(paper.id, bytes)
    return paper.sha256 === null ? this.deps.catalog.update(paper.id, { sha256: sha }) : paper
  }

  // Writes the PDF, then the record; a failed write becomes an error row, not a throw.
  private async store(paper: StoredPaper, bytes: Uint8Array): Promise<StoredPaper> {
    try {
      await this.deps.files.writePdf(paper.id, bytes)
    } catch (e) {
      if (!(e instanceof UserFacingError)) throw e
      paper.status = 'error'
      paper.error = e.toAppError()
      await this.deps.catalog.put(paper)
      this.deps.changed()
      return paper
    }
    await this.deps.catalog.put(paper)
    this.deps.enqueue({ paperId: paper.id, kind: 'ingest' })
    this.deps.changed()
    return paper
  }

  private newRecord(
    id: string,
    title: string,
    fields: Pick<Paper, 'source' | 'sha256'> & Partial<StoredPaper>
  ): StoredPaper {
    return {
      id,
      title,
      authors: [],
      year: null,
      arxivId: null,
      pages: 0,
      chunks: 0,
      sections: [],
      status: 'pending',
      error: null,
      addedAt: new Date().toISOString(),
      indexedAt: null,
      embedderId: null,
      chunkerId: null,
      ...fields
    }
  }
}

/**
 * Expands files and folders (recursively, `*.pdf` only inside folders) into a sorted file list.
 * @remarks Throws NOT_FOUND naming every path that does not exist or cannot be read, before
 * anything is added.
 */
export async function pdfFilesIn(paths: string[]): Promise<string[]> {
  const files: string[] = []
  const missing: string[] = []
  for (const p of paths) {
    try {
      await access(p, constants.R_OK)
      if ((await stat(p)).isDirectory()) files.push(...(await pdfsUnder(p)))
      else files.push(p)
    } catch {
      missing.push(p)
    }
  }
  if (missing.length) {
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : ''
    throw new UserFacingError(
      'NOT_FOUND',
      `Not found or not readable: ${missing.slice(0, 5).join(', ')}${more}. Check the path.`
    )
  }
  return files
}

function arxivRefOfFileName(name: string): ArxivRef | null {
  const stem = name.replace(/\.pdf$/i, '').replace(/_/g, '/')
  try {
    return parseArxivId(stem)
  } catch {
    return null
  }
}

async function pdfsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile() && /\.pdf$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}
