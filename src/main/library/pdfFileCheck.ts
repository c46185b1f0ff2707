import { createHash } from 'node:crypto'
import { appError } from '../errors'
import { createReadStream } from 'node:fs'
import { lstat, open, readlink, stat } from 'node:fs/promises'
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

/**
 * Checks a file on disk before it is read into memory: that it is there (a link that leads
 * nowhere or in a circle is named as such), not larger than ResearchPal reads, starts like a
 * PDF, and — when large — ends like one. Returns why it cannot be added, or null.
 * @remarks Reads at most the first kilobyte and the last 64 KB, so a huge junk file fails in
 * milliseconds with bounded memory.
 */
export async function checkPdfFile(path: string): Promise<AppError | null> {
  const name = basename(path)
  let size: number
  try {
    const s = await stat(path)
    if (!s.isFile()) return appError('NOT_A_PDF', { key: 'notAFile', params: { name } })
    size = s.size
  } catch (e) {
    return unreachable(path, e)
  }
  if (size > MAX_PDF_BYTES) {
    return appError('PDF_UNREADABLE', {
      key: 'pdfTooLarge',
      params: { name, size: megabytes(size), limit: megabytes(MAX_PDF_BYTES) }
    })
  }
  if (size === 0) {
    return appError('NOT_A_PDF', { key: 'fileEmpty', params: { name } })
  }
  const file = await open(path, 'r')
  try {
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
  } finally {
    await file.close()
  }
  return null
}

/** The sha256 of a file, read as a stream (constant memory, whatever its size). */
export async function sha256OfFile(path: string): Promise<string | null> {
  const hash = createHash('sha256')
  try {
    for await (const part of createReadStream(path)) hash.update(part as Buffer)
  } catch {
    return null
  }
  return hash.digest('hex')
}

async function readAt(
  file: Awaited<ReturnType<typeof open>>,
  position: number,
  length: number
): Promise<Buffer> {
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
