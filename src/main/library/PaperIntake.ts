import { access, constants, readdir, readFile, realpath, stat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { basename, join } from 'node:path'
import type { AppError } from '../../shared/errors'
import { bibliographyDefaults, type Paper } from '../../shared/types'
import type { StoredPaper } from '../storage/catalogFormat'
import { appError, toAppError, UserFacingError } from '../errors'
import { hasPdfSignature } from '../pdf/PdfReader'
import { arxivPaperId, parseArxivId, type ArxivRef } from './arxivId'
import type { Catalog } from './Catalog'
import { sha256Hex } from '../ingest/ingestIds'
import type { Job } from '../ingest/IngestLine'
import type { PaperFiles } from './PaperFiles'
import { specialKind } from './pdfFileCheck'

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
    if (!hasPdfSignature(bytes)) {
      return this.addBadFile(
        name,
        name,
        sha,
        bytes.length === 0
          ? appError('NOT_A_PDF', { key: 'fileEmpty', params: { name } })
          : appError('NOT_A_PDF', { key: 'notPdf', params: { file: `"${name}"` } })
      )
    }
    const twin = this.deps.catalog.findBySha(sha)
    if (twin) return { paper: await this.restorePdf(twin, bytes), duplicate: true }
    // A file saved from arXiv ("1706.03762v7.pdf") is that arXiv paper.
    const ref = arxivRefOfFileName(name)
    if (ref) return this.addArxiv(ref, bytes, name)
    const paper = this.newRecord(sha.slice(0, 12), name.replace(/\.pdf$/i, ''), {
      source: { kind: 'file', fileName: name },
      sha256: sha
    })
    return { paper: await this.store(paper, bytes), duplicate: false }
  }

  /**
   * Records a file that cannot be added (not a PDF, empty, too large, a broken link) as an
   * error row of its own.
   * @remarks The row is keyed by `key` (the file's path, or its name for dropped bytes) and its
   * content, not by content alone: five different empty files are five rows, each naming its
   * file, while adding the same bad file again finds its row instead of adding another.
   */
  async addBadFile(name: string, key: string, sha: string | null, error: AppError): Promise<Added> {
    const id = sha256Hex(new TextEncoder().encode(`${sha ?? ''}\0${key}`)).slice(0, 12)
    const known = this.deps.catalog.get(id)
    if (known) return { paper: known, duplicate: true }
    const paper = this.newRecord(id, name.replace(/\.pdf$/i, ''), {
      source: { kind: 'file', fileName: name },
      sha256: sha
    })
    paper.status = 'error'
    paper.error = error
    await this.deps.catalog.put(paper)
    this.deps.changed()
    return { paper, duplicate: false }
  }

  /** Adds arXiv papers by id, each from `<dir>/<id>.pdf` when that copy is there, else downloaded. */
  async addDefaults(ids: readonly string[], dir: string | null | undefined): Promise<Paper[]> {
    const out: Paper[] = []
    for (const id of ids) {
      const bytes = dir ? await readFile(join(dir, `${id}.pdf`)).catch(() => null) : null
      out.push((await this.addArxiv({ id, version: null }, bytes && new Uint8Array(bytes))).paper)
    }
    return out
  }

  /**
   * Adds an arXiv paper: from the given bytes, or queued for download when there are none.
   * @remarks An explicit version (`1706.03762v5`) is kept and downloaded as asked — never
   * silently replaced by the latest. The library holds one version of a paper, so asking for a
   * version other than the one it has is refused, saying which one it has.
   */
  async addArxiv(ref: ArxivRef, bytes: Uint8Array | null, fileName?: string): Promise<Added> {
    const id = arxivPaperId(ref.id)
    const existing =
      this.deps.catalog.get(id) ??
      this.deps.catalog.findByArxivId(ref.id) ??
      (bytes && this.deps.catalog.findBySha(sha256Hex(bytes)))
    // A reference imported without its PDF gets it from arXiv, keeping its id and edits.
    if (existing?.status === 'metadata') {
      return {
        paper: bytes
          ? await this.attachPdf(existing.id, fileName ?? `${ref.id}.pdf`, bytes)
          : await this.fetchFromArxiv(existing.id, ref.id),
        duplicate: true
      }
    }
    if (existing) {
      if (!bytes && ref.version) refuseOtherVersion(existing, ref)
      return { paper: bytes ? await this.restorePdf(existing, bytes) : existing, duplicate: true }
    }
    const asked = `${ref.id}${bytes ? '' : (ref.version ?? '')}`
    const paper = this.newRecord(id, `arXiv ${asked}`, {
      arxivId: ref.id,
      source: fileName
        ? { kind: 'file', fileName }
        : { kind: 'arxiv', arxivId: asked, url: `https://arxiv.org/abs/${asked}` },
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
   * Stores a reference without a PDF (a bibliography entry, a Zotero item) as a metadata-only
   * paper: status `metadata`, listed and citable, not searched until a PDF arrives.
   * @remarks Its id is `ref-` and 12 hex of a hash of what identifies it (DOI, arXiv id, else
   * title + year + key), so importing the same file twice finds the same record.
   */
  async addReference(
    fields: Pick<Paper, 'title' | 'arxivId'> & Partial<StoredPaper>,
    from: string,
    identity: string
  ): Promise<StoredPaper> {
    const id = `ref-${sha256Hex(new TextEncoder().encode(identity)).slice(0, 12)}`
    const known = this.deps.catalog.get(id)
    if (known) return known
    const paper = this.newRecord(id, fields.title, {
      ...fields,
      source: { kind: 'reference', from },
      sha256: null,
      status: 'metadata'
    })
    await this.deps.catalog.put(paper)
    this.deps.changed()
    return paper
  }

  /**
   * Puts a PDF into a metadata-only paper and queues it for indexing: the record keeps its id,
   * edits, tags, collections and notes (no second paper).
   * @remarks Refused (INVALID_INPUT) when the paper already has a PDF or the bytes are not a
   * PDF; DUPLICATE when the same PDF is already another paper.
   */
  async attachPdf(paperId: string, name: string, bytes: Uint8Array): Promise<StoredPaper> {
    const paper = this.metadataOnly(paperId)
    if (!hasPdfSignature(bytes))
      throw new UserFacingError('NOT_A_PDF', { key: 'notPdf', params: { file: `"${name}"` } })
    const sha = sha256Hex(bytes)
    const twin = this.deps.catalog.findBySha(sha)
    if (twin)
      throw new UserFacingError('DUPLICATE', {
        key: 'attachSamePdf',
        params: { title: twin.title, twinId: twin.id }
      })
    await this.deps.files.writePdf(paper.id, bytes)
    const updated = await this.deps.catalog.update(paper.id, {
      status: 'pending',
      error: null,
      sha256: sha,
      source: { kind: 'file', fileName: name }
    })
    this.deps.enqueue({ paperId: paper.id, kind: 'ingest' })
    this.deps.changed()
    return updated
  }

  /** Queues a metadata-only paper's PDF for download from arXiv (the pipeline fetches it). */
  async fetchFromArxiv(paperId: string, arxivId: string): Promise<StoredPaper> {
    this.metadataOnly(paperId)
    const updated = await this.deps.catalog.update(paperId, {
      status: 'pending',
      error: null,
      arxivId,
      source: { kind: 'arxiv', arxivId, url: `https://arxiv.org/abs/${arxivId}` }
    })
    this.deps.enqueue({ paperId, kind: 'ingest' })
    this.deps.changed()
    return updated
  }

  private metadataOnly(paperId: string): StoredPaper {
    const paper = this.deps.catalog.get(paperId)
    if (!paper)
      throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id: paperId } })
    if (paper.status !== 'metadata')
      throw new UserFacingError('INVALID_INPUT', {
        key: 'alreadyHasPdf',
        params: { title: paper.title }
      })
    return paper
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
      paper.error = toAppError(e)
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
      ...bibliographyDefaults(),
      chunkerId: null,
      ...fields
    }
  }
}

/**
 * Expands files and folders (recursively, `*.pdf` only inside folders) into a sorted file list.
 * @remarks Throws NOT_FOUND naming every path that does not exist or cannot be read, and
 * NOT_A_PDF for a device, a pipe or a socket, before anything is added. A `.pdf` link inside a
 * folder that leads to one is listed: reading it refuses it (see readPdfFile).
 */
export async function pdfFilesIn(paths: string[]): Promise<string[]> {
  const files: string[] = []
  const missing: string[] = []
  for (const p of paths) {
    let info: Stats
    try {
      await access(p, constants.R_OK)
      info = await stat(p)
    } catch {
      missing.push(p)
      continue
    }
    // A device, a pipe or a socket named on its own is refused before anything reads it or a
    // row is kept for it: reading /dev/zero never ends, opening a pipe waits for a writer.
    const kind = specialKind(info)
    if (kind)
      throw new UserFacingError('NOT_A_PDF', {
        key: 'specialFile',
        params: { name: basename(p), kind }
      })
    if (info.isDirectory()) files.push(...(await pdfsUnder(p)))
    else files.push(p)
  }
  if (missing.length) {
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : ''
    throw new UserFacingError('NOT_FOUND', {
      key: 'pathsNotFound',
      params: { paths: `${missing.slice(0, 5).join(', ')}${more}` }
    })
  }
  return files
}

/** Throws DUPLICATE when the library holds another version of the arXiv paper `ref` asks for. */
function refuseOtherVersion(existing: Paper, ref: ArxivRef): void {
  const held =
    existing.source.kind === 'arxiv' ? safeParseArxiv(existing.source.arxivId)?.version : null
  if (held === ref.version) return
  const which = held ? 'version' : existing.source.kind === 'arxiv' ? 'latest' : 'file'
  throw new UserFacingError('DUPLICATE', {
    key: 'arxivDuplicate',
    params: {
      id: ref.id,
      version: ref.version ?? '',
      existing: existing.id,
      which,
      held: held ?? '',
      fileName: existing.source.kind === 'file' ? existing.source.fileName : ''
    }
  })
}

function safeParseArxiv(id: string): ArxivRef | null {
  try {
    return parseArxivId(id)
  } catch {
    return null
  }
}

function arxivRefOfFileName(name: string): ArxivRef | null {
  const stem = name.replace(/\.pdf$/i, '').replace(/_/g, '/')
  try {
    return parseArxivId(stem)
  } catch {
    return null
  }
}

/**
 * The `*.pdf` files under a folder, following symbolic links to files and folders.
 * @remarks A folder reached twice (a link back to a parent, or two links to one folder) is read
 * once, so link loops end. A `.pdf` link that leads nowhere is still listed, so adding it
 * reports it (see checkPdfFile) instead of skipping it silently.
 */
async function pdfsUnder(dir: string, seen = new Set<string>()): Promise<string[]> {
  const real = await realpath(dir)
  if (seen.has(real)) return []
  seen.add(real)
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    const isPdf = /\.pdf$/i.test(e.name)
    if (e.isDirectory()) out.push(...(await pdfsUnder(path, seen)))
    else if (e.isFile() && isPdf) out.push(path)
    else if (e.isSymbolicLink()) {
      const target = await stat(path).catch(() => null)
      if (target?.isDirectory()) out.push(...(await pdfsUnder(path, seen)))
      else if (isPdf) out.push(path)
    }
  }
  return out.sort()
}
