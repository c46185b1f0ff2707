import { createHash } from 'node:crypto'
import { appError } from '../errors'
import { constants, type Stats } from 'node:fs'
import { lstat, open, readlink, stat, type FileHandle } from 'node:fs/promises'
import { basename } from 'node:path'
import { MAX_PDF_BYTES } from '../../shared/contract'
import type { AppError } from '../../shared/errors'

/** How much of the end of a file is searched for the PDF trailer (`startxref` / `%%EOF`). */
const TAIL_BYTES = 64 * 1024
/**
 * Above this size a file without a PDF trailer is refused before it is read.
 * @remarks Without a trailer pdf.js rebuilds the cross-reference table by scanning the whole
 * file; for a small file that rescues a slightly damaged PDF, for a 200 MB one starting with
 * `%PDF` and holding junk it took 27 s and 1.2 GB of memory to say "Invalid PDF structure".
 */
const LARGE_FILE_BYTES = 16 * 1024 * 1024

const megabytes = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`

/** What {@link readPdfFile} found: the file's bytes, or why it cannot be added. */
export type PdfFileRead =
  { bytes: Uint8Array; refused: null } | { bytes: null; refused: AppError; sha256: string | null }

/**
 * Checks a file on disk before it is read into memory: that it is there (a link that leads
 * nowhere or in a circle is named as such), a regular file (not a device, a pipe, a socket or a
 * folder), not larger than ResearchPal reads, starts like a PDF, and — when large — ends like
 * one. Returns why it cannot be added, or null.
 * @remarks Reads at most the first kilobyte and the last 64 KB, so a huge junk file fails in
 * milliseconds with bounded memory.
 */
export async function checkPdfFile(path: string): Promise<AppError | null> {
  const opened = await openRegular(path)
  if ('refused' in opened) return opened.refused
  try {
    return await checkOpened(opened.file, opened.size, basename(path))
  } finally {
    await opened.file.close()
  }
}

/**
 * Reads a PDF to be added, every check of {@link checkPdfFile} first: the one place where a file
 * a person names (ingest, a dropped file, a folder import, a watched folder, a bibliography's
 * attachment) is read.
 * @remarks The checks and the read go through one open handle, so a file swapped for a device
 * or a pipe between them is not read either. A refused regular file comes with its sha256 (it
 * keys the error row); a device, a pipe or a socket is never read at all: reading /dev/zero
 * never ends and opening a pipe waits for a writer.
 */
export async function readPdfFile(path: string): Promise<PdfFileRead> {
  const opened = await openRegular(path)
  if ('refused' in opened) return { bytes: null, refused: opened.refused, sha256: null }
  try {
    const refused = await checkOpened(opened.file, opened.size, basename(path))
    if (refused) return { bytes: null, refused, sha256: await sha256OfHandle(opened.file) }
    return { bytes: new Uint8Array(await readAt(opened.file, 0, opened.size)), refused: null }
  } finally {
    await opened.file.close()
  }
}

/**
 * The sha256 of a file, read as a stream (constant memory, whatever its size); null when it
 * cannot be read or is not a regular file (a device or a pipe is never read).
 */
export async function sha256OfFile(path: string): Promise<string | null> {
  const opened = await openRegular(path)
  if ('refused' in opened) return null
  try {
    return await sha256OfHandle(opened.file)
  } catch {
    return null
  } finally {
    await opened.file.close()
  }
}

/**
 * What a path is, when it is not a regular file: the kind named in the refusal, or null.
 * @remarks Exported for the places that list paths before adding them (see pdfFilesIn).
 */
export function specialKind(s: Stats): 'device' | 'fifo' | 'socket' | 'other' | null {
  if (s.isFile() || s.isDirectory()) return null
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'device'
  if (s.isFIFO()) return 'fifo'
  if (s.isSocket()) return 'socket'
  return 'other'
}

/**
 * The refusal of a path that is not a regular file: a device, a pipe, a socket — or a folder,
 * named as such — or null.
 */
export function notRegularFile(path: string, s: Stats): AppError | null {
  const name = basename(path)
  if (s.isDirectory()) return appError('NOT_A_PDF', { key: 'notAFile', params: { name } })
  const kind = specialKind(s)
  return kind ? appError('NOT_A_PDF', { key: 'specialFile', params: { name, kind } }) : null
}

// Without blocking: opening a named pipe for reading otherwise waits until something writes to
// it. The flag does nothing to a regular file (and is absent on Windows, where there are no
// such pipes in the file system).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/** Opens a path that is a regular file, checked on the open handle; or why it is not one. */
async function openRegular(
  path: string
): Promise<{ file: FileHandle; size: number } | { refused: AppError }> {
  try {
    // Looked at before it is opened: a socket cannot be opened at all, and a device should not.
    const refused = notRegularFile(path, await stat(path))
    if (refused) return { refused }
  } catch (e) {
    return { refused: await unreachable(path, e) }
  }
  let file: FileHandle
  try {
    file = await open(path, OPEN_FLAGS)
  } catch (e) {
    return { refused: await unreachable(path, e) }
  }
  const s = await file.stat()
  const refused = notRegularFile(path, s)
  if (refused) {
    await file.close()
    return { refused }
  }
  return { file, size: s.size }
}

async function checkOpened(file: FileHandle, size: number, name: string): Promise<AppError | null> {
  if (size > MAX_PDF_BYTES) {
    return appError('PDF_UNREADABLE', {
      key: 'pdfTooLarge',
      params: { name, size: megabytes(size), limit: megabytes(MAX_PDF_BYTES) }
    })
  }
  if (size === 0) {
    return appError('NOT_A_PDF', { key: 'fileEmpty', params: { name } })
  }
  const head = await readAt(file, 0, Math.min(1024, size))
  if (!head.toString('latin1').includes('%PDF-')) {
    return appError('NOT_A_PDF', { key: 'notPdf', params: { file: `"${name}"` } })
  }
  if (size > LARGE_FILE_BYTES) {
    const tail = await readAt(file, size - TAIL_BYTES, TAIL_BYTES)
    const text = tail.toString('latin1')
    if (!text.includes('%%EOF') && !text.includes('startxref')) {
      return appError('PDF_UNREADABLE', {
        key: 'pdfCutOff',
        params: { name, size: megabytes(size) }
      })
    }
  }
  return null
}

async function sha256OfHandle(file: FileHandle): Promise<string> {
  const hash = createHash('sha256')
  for await (const part of file.createReadStream({ start: 0, autoClose: false }))
    hash.update(part as Buffer)
  return hash.digest('hex')
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await file.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

async function unreachable(path: string, e: unknown): Promise<AppError> {
  const name = basename(path)
  const code = (e as NodeJS.ErrnoException).code
  const link = await lstat(path).then(
    (s) => s.isSymbolicLink(),
    () => false
  )
  if (link && code === 'ELOOP') {
    return appError('NOT_FOUND', { key: 'linkLoop', params: { name } })
  }
  if (link) {
    const target = await readlink(path).catch(() => '?')
    return appError('NOT_FOUND', { key: 'linkBroken', params: { name, target } })
  }
  return appError('NOT_FOUND', {
    key: 'fileUnreadable',
    params: { name, reason: code ?? String(e) }
  })
}
