import { readFileSync } from 'node:fs'
import { open, readFile, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { diskWriteFailed } from '../atomicWrite'
import { UserFacingError, type ErrorText } from '../errors'

/** The lock file's name inside a data folder. */
export const LOCK_FILE = 'writer.lock'

/** Who holds a data folder's writer lock, as written in the lock file (format version 1). */
const HolderSchema = z.object({
  version: z.literal(1),
  pid: z.number().int(),
  /** The process's start time (`/proc/<pid>/stat` field 22), or null where there is no /proc. */
  startTime: z.string().nullable(),
  hostname: z.string(),
  /** What the holder is doing, for the waiting process's message: "the app", "cli ingest". */
  purpose: z.string(),
  acquiredAt: z.string()
})
/** Who holds a data folder's writer lock. */
export type LockHolder = z.infer<typeof HolderSchema>

/** How {@link DataFolderLock.acquire} behaves when another process holds the lock. */
export interface AcquireOptions {
  /** Shown to a process that waits for this one: "the app", "cli ingest". */
  purpose: string
  /** How long to wait for the holder to finish; 0 refuses at once. */
  waitMs?: number
  /**
   * Called once when the lock is held by another process and this one starts waiting, with the
   * message in English and as a catalog text (to say it in the user's language).
   */
  onWait?: (holder: LockHolder, message: string, text: ErrorText) => void
  /** Poll interval while waiting. */
  pollMs?: number
}

/** Thrown when another live process writes the data folder and the wait ran out. */
export class DataFolderBusyError extends UserFacingError {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
    waitedMs: number
  ) {
    super(
      'DATA_FOLDER_BUSY',
      waitedMs > 0
        ? {
            key: 'dataFolderBusyWaited',
            params: { ...holderParams(holder), lockFile, seconds: Math.round(waitedMs / 1000) }
          }
        : { key: 'dataFolderBusy', params: { ...holderParams(holder), lockFile } }
    )
    this.name = 'DataFolderBusyError'
  }
}

/**
 * Who holds the lock, as values for the catalog's busy message. The purposes are names
 * ("ResearchPal", "ResearchPal CLI (ingest)"), the same in every language.
 */
function holderParams(h: LockHolder): Record<string, string | number> {
  const where = h.hostname === hostname() ? 'here' : 'elsewhere'
  return { holder: h.purpose, pid: h.pid, where, host: h.hostname, since: h.acquiredAt }
}

/** "cli ingest (pid 123 on host, since 10:02:03Z)". */
export function describeHolder(h: LockHolder): string {
  const host = h.hostname === hostname() ? '' : ` on ${h.hostname}`
  return `${h.purpose} (pid ${h.pid}${host}, since ${h.acquiredAt})`
}

/**
 * The start time of a process as the kernel records it, or null where it cannot be read.
 * @remarks Field 22 of `/proc/<pid>/stat` (clock ticks since boot). With the pid it names one
 * process for good: a pid reused after a crash has another start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * True when the holder is certainly gone: on this host, its pid is dead or now names another
 * process (another start time). A holder on another host is never presumed gone.
 */
export function isStale(h: LockHolder): boolean {
  if (h.hostname !== hostname()) return false
  if (h.pid === process.pid) return h.startTime !== processStartTime(process.pid)
  if (!isAlive(h.pid)) return true
  const now = processStartTime(h.pid)
  return h.startTime !== null && now !== null && now !== h.startTime
}

/**
 * One writer per data folder: the app, the CLI, the MCP server and the bench take this lock
 * before they open a library for writing; readers never take it.
 * @remarks The lock is `writer.lock` created with O_EXCL (`wx`), holding pid, process start time
 * and hostname. A lock whose holder has died (or whose pid now names another process) is stale
 * and taken over, so a crash never leaves the folder stuck. Breaking a stale lock is itself
 * guarded by a short-lived `writer.lock.break` file, so two waiters cannot both break it and
 * one then delete the other's fresh lock.
 */
export class DataFolderLock {
  private released = false

  private constructor(
    readonly file: string,
    readonly holder: LockHolder
  ) {}

  /** Takes the lock on `root`, waiting up to `waitMs` for another writer; throws DATA_FOLDER_BUSY. */
  static async acquire(root: string, options: AcquireOptions): Promise<DataFolderLock> {
    const file = join(root, LOCK_FILE)
    const me: LockHolder = {
      version: 1,
      pid: process.pid,
      startTime: processStartTime(process.pid),
      hostname: hostname(),
      purpose: options.purpose,
      acquiredAt: new Date().toISOString()
    }
    const started = Date.now()
    const waitMs = options.waitMs ?? 0
    let told = false
    for (;;) {
      if (await tryCreate(file, me)) return new DataFolderLock(file, me)
      const holder = await readHolder(file)
      if (holder === 'gone') continue
      if (holder === 'unreadable' || isStale(holder)) {
        // A torn lock file (a crash between create and write) or a dead holder.
        await breakStale(file, holder)
        continue
      }
      const waited = Date.now() - started
      if (waited >= waitMs) throw new DataFolderBusyError(holder, file, waited)
      if (!told) {
        told = true
        options.onWait?.(
          holder,
          `Waiting for ${describeHolder(holder)} to finish writing to the data folder…`,
          { key: 'waitingForWriter', params: holderParams(holder) }
        )
      }
      await sleep(Math.min(options.pollMs ?? 200, Math.max(1, waitMs - waited)))
    }
  }

  /** Gives the lock up (idempotent); only removes the file if it is still this process's. */
  async release(): Promise<void> {
    if (this.released) return
    this.released = true
    const holder = await readHolder(this.file)
    if (typeof holder === 'object' && sameHolder(holder, this.holder)) {
      await rm(this.file, { force: true })
    }
  }
}

async function tryCreate(file: string, me: LockHolder): Promise<boolean> {
  let fh
  try {
    fh = await open(file, 'wx')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw new UserFacingError(
      'DISK_WRITE_FAILED',
      {
        key: 'lockCreateFailed',
        params: { file, reason: (e as NodeJS.ErrnoException).code ?? 'unknown' }
      },
      { cause: e }
    )
  }
  const text = JSON.stringify(me)
  try {
    await fh.writeFile(text)
    await fh.sync()
  } catch (e) {
    // Never leave a torn lock behind (a full disk): the next writer would wait for it.
    await fh.close()
    await rm(file, { force: true })
    throw diskWriteFailed(file, e, text.length)
  }
  await fh.close()
  return true
}

/** Who holds the lock file now (`gone`: nobody; `unreadable`: a torn or foreign file). */
export async function readHolder(file: string): Promise<LockHolder | 'gone' | 'unreadable'> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
    throw e
  }
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : 'unreadable'
  } catch {
    return 'unreadable'
  }
}

function sameHolder(a: LockHolder, b: LockHolder): boolean {
  return (
    a.pid === b.pid &&
    a.startTime === b.startTime &&
    a.hostname === b.hostname &&
    a.acquiredAt === b.acquiredAt
  )
}

/** How long an unreadable lock file or a break marker may exist before it counts as abandoned. */
const ABANDONED_MS = 5000

async function breakStale(file: string, seen: LockHolder | 'unreadable'): Promise<void> {
  const marker = `${file}.break`
  let fh
  try {
    fh = await open(marker, 'wx')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    // Someone else is breaking it; a marker left by a crash mid-break is old.
    const age = await ageMs(marker)
    if (age !== null && age > ABANDONED_MS) await rm(marker, { force: true })
    else await sleep(20)
    return
  }
  try {
    await fh.close()
    const now = await readHolder(file)
    if (now === 'gone') return
    if (now === 'unreadable') {
      // A holder may be between creating the file and writing it: only an old one is torn.
      const age = await ageMs(file)
      if (seen === 'unreadable' && age !== null && age > ABANDONED_MS)
        await rm(file, { force: true })
      else await sleep(20)
      return
    }
    // Still the same dead holder (not a fresh lock taken meanwhile): remove it.
    if (seen !== 'unreadable' && sameHolder(now, seen) && isStale(now))
      await rm(file, { force: true })
  } finally {
    await rm(marker, { force: true })
  }
}

async function ageMs(file: string): Promise<number | null> {
  try {
    return Date.now() - (await stat(file)).mtimeMs
  } catch {
    return null
  }
}
