import { mkdir, stat } from 'node:fs/promises'
import { UserFacingError, type ErrorText } from '../errors'
import { DataFolderLock, type AcquireOptions } from './DataFolderLock'
import { releaseReserveIfFull } from './spaceReserve'

/** A data folder made ready to open: its writer lock, if taken, and what a full disk cost. */
export interface OpenedDataFolder {
  /** The writer lock; null for a reader. */
  lock: DataFolderLock | null
  /** The notice to give when the space reserve was used to open on a full disk, else null. */
  reserveUsed: ErrorText | null
}

/**
 * Makes the data folder ready before anything in it is read: a reader only checks it can be
 * opened; a writer creates it, frees the space reserve on a full disk and takes the writer lock.
 * @remarks The lock comes before any read, so a second writer loads the catalog only once the
 * first is done. A missing folder is an empty library for a reader, which creates nothing.
 */
export async function openDataFolder(
  root: string,
  readOnly: boolean,
  lockOptions: AcquireOptions
): Promise<OpenedDataFolder> {
  const shown = root.length > 200 ? `${root.slice(0, 200)}…` : root
  if (readOnly) {
    await stat(root).catch((cause: NodeJS.ErrnoException) => {
      if (cause.code === 'ENOENT') return
      throw new UserFacingError(
        'NOT_FOUND',
        {
          key: 'libraryFolderUnreadable',
          params: { dir: shown, reason: cause.code ?? cause.message }
        },
        { cause }
      )
    })
    return { lock: null, reserveUsed: null }
  }
  await mkdir(root, { recursive: true }).catch((cause: NodeJS.ErrnoException) => {
    throw new UserFacingError(
      'DISK_WRITE_FAILED',
      {
        key: 'libraryFolderUncreatable',
        params: { dir: shown, reason: cause.code ?? cause.message }
      },
      { cause }
    )
  })
  // A full disk: the room kept for this lets the library open and papers be removed.
  const reserveUsed = await releaseReserveIfFull(root)
  const lock = await DataFolderLock.acquire(root, lockOptions)
  return { lock, reserveUsed }
}
