import { open, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomicWrite'
import type { PaperText } from '../domain'
import { UserFacingError } from '../errors'
import type { DataPaths } from '../paths'
import { PAGES_FORMAT, pagesDocument, pagesOf } from '../storage/pagesFormat'
import { parseVersioned } from '../storage/versionedFile'

/** A paper's stored file exists but cannot be read: damaged, or from a newer version. */
export class DamagedFileError extends Error {
  constructor(
    readonly paperId: string,
    readonly file: string,
    readonly reason: string
  ) {
    super(`${file} of paper ${paperId} cannot be read: ${reason}`)
    this.name = 'DamagedFileError'
  }
}

/**
 * A paper's files on disk: `pdfs/<id>.pdf` and `pages/<id>.json`.
 * @remarks Both are written atomically, so a file that exists is complete.
 */
export class PaperFiles {
  constructor(private readonly paths: DataPaths) {}

  pdfPath(id: string): string {
    return join(this.paths.pdfs, `${id}.pdf`)
  }

  pagesPath(id: string): string {
    return join(this.paths.pages, `${id}.json`)
  }

  async writePdf(id: string, bytes: Uint8Array): Promise<void> {
    await writeFileAtomic(this.pdfPath(id), bytes)
  }

  /** The stored PDF, or null when it is not there (not downloaded yet, or removed). */
  async readPdf(id: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pdfPath(id)))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw e
    }
  }

  /** True when the PDF is in the library folder. */
  async hasPdf(id: string): Promise<boolean> {
    try {
      return (await stat(this.pdfPath(id))).isFile()
    } catch {
      return false
    }
  }

  async writePages(text: PaperText): Promise<void> {
    await writeFileAtomic(this.pagesPath(text.paperId), JSON.stringify(pagesDocument(text)))
  }

  /**
   * The stored page text (read through its format, migrating older files), or null when there
   * is none; throws {@link DamagedFileError} when the file is there but cannot be read.
   */
  async readPages(id: string): Promise<PaperText | null> {
    const file = this.pagesPath(id)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw new DamagedFileError(id, file, String((e as NodeJS.ErrnoException).code))
    }
    const read = parseVersioned(text, PAGES_FORMAT)
    if (read.state === 'ok' && read.data.paperId === id) {
      return { paperId: id, pages: pagesOf(read.data) }
    }
    const reason =
      read.state === 'ok'
        ? `it holds the text of paper ${read.data.paperId}`
        : read.state === 'newer'
          ? `written by a newer ResearchPal (format ${read.version})`
          : read.state === 'unreadable'
            ? read.reason
            : 'missing'
    throw new DamagedFileError(id, file, reason)
  }

  /**
   * True when the page text file is there and ends as a whole one does, without reading it all.
   * @remarks Opening a library checks every paper; reading and parsing every page file for
   * that cost a 1,000-paper library about 50 MB of reads and JSON parsing on the main thread.
   * The file is written atomically, but something else (a sync tool, a failing disk, a full
   * disk on a file system that does not order writes) can still cut it: its last bytes, which
   * close the page list and the document (`]}`), are read to find that, and only a file that
   * ends otherwise is read whole to decide.
   */
  async hasPages(id: string): Promise<boolean> {
    let whole: boolean
    const fh = await open(this.pagesPath(id), 'r').catch(() => null)
    if (!fh) return false
    try {
      const s = await fh.stat()
      if (!s.isFile() || s.size === 0) return false
      const tail = Buffer.alloc(Math.min(16, s.size))
      await fh.read(tail, 0, tail.length, s.size - tail.length)
      whole = /\]\s*\}\s*$/.test(tail.toString('latin1'))
    } catch {
      return false
    } finally {
      await fh.close()
    }
    if (whole) return true
    return this.readPages(id).then(
      (text) => text !== null,
      () => false
    )
  }

  /** Removes both files; missing files are fine. */
  async remove(id: string): Promise<void> {
    try {
      await rm(this.pdfPath(id), { force: true })
      await rm(this.pagesPath(id), { force: true })
    } catch (cause) {
      throw new UserFacingError(
        'DISK_WRITE_FAILED',
        { key: 'deleteFilesFailed', params: { id } },
        { cause }
      )
    }
  }
}
