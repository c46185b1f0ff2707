import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DataFolderLock,
  LOCK_FILE,
  processStartTime,
  type LockHolder
} from '../../../src/main/storage/DataFolderLock'

const folder = (): string => mkdtempSync(join(tmpdir(), 'rp-lock-'))

function holder(extra: Partial<LockHolder>): LockHolder {
  return {
    version: 1,
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: hostname(),
    purpose: 'a test holder',
    acquiredAt: '2026-12-01T00:00:00.000Z',
    ...extra
  }
}

const sleepers: ReturnType<typeof spawn>[] = []
afterEach(() => {
  for (const s of sleepers.splice(0)) s.kill('SIGKILL')
})

/** A live process that is not this one. */
function liveProcess(): number {
  const child = spawn('sleep', ['60'])
  sleepers.push(child)
  return child.pid!
}

describe('DataFolderLock', () => {
  it('lets one holder in at a time and hands over on release', async () => {
    const dir = folder()
    const first = await DataFolderLock.acquire(dir, { purpose: 'first' })
    const messages: string[] = []
    const second = DataFolderLock.acquire(dir, {
      purpose: 'second',
      waitMs: 30_000,
      pollMs: 10,
      onWait: (_h, m) => messages.push(m)
    })
    await expect.poll(() => messages.length).toBe(1)
    expect(messages[0]).toContain('Waiting for first (pid')
    await first.release()
    const got = await second
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      purpose: 'second',
      pid: process.pid
    })
    await got.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('refuses with DATA_FOLDER_BUSY naming a live holder once the wait is over', async () => {
    const dir = folder()
    const pid = liveProcess()
    await expect.poll(() => processStartTime(pid)).not.toBeNull()
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify(holder({ pid, startTime: processStartTime(pid), purpose: 'the app' }))
    )
    await expect(
      DataFolderLock.acquire(dir, { purpose: 'cli', waitMs: 50, pollMs: 10 })
    ).rejects.toMatchObject({
      code: 'DATA_FOLDER_BUSY',
      message: expect.stringContaining(`the app (pid ${pid}`)
    })
  })

  it('takes over the lock of a process that died', async () => {
    const dir = folder()
    const dead = spawnSync('true').pid!
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder({ pid: dead, startTime: '1' })))
    const lock = await DataFolderLock.acquire(dir, { purpose: 'after a crash' })
    expect(lock.holder.purpose).toBe('after a crash')
    await lock.release()
  })

  it('takes over when the pid now names another process (its start time differs)', async () => {
    const dir = folder()
    const pid = liveProcess()
    await expect.poll(() => processStartTime(pid)).not.toBeNull()
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder({ pid, startTime: '12345' })))
    const lock = await DataFolderLock.acquire(dir, { purpose: 'reused pid' })
    await lock.release()
  })

  it('never presumes a holder on another host gone', async () => {
    const dir = folder()
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify(holder({ pid: 1, hostname: 'another-laptop', startTime: null }))
    )
    await expect(DataFolderLock.acquire(dir, { purpose: 'x' })).rejects.toMatchObject({
      code: 'DATA_FOLDER_BUSY',
      message: expect.stringContaining('on another-laptop')
    })
  })

  it('release leaves a lock taken over by someone else alone', async () => {
    const dir = folder()
    const lock = await DataFolderLock.acquire(dir, { purpose: 'mine' })
    const theirs = JSON.stringify(holder({ pid: liveProcess(), purpose: 'theirs' }))
    writeFileSync(join(dir, LOCK_FILE), theirs)
    await lock.release()
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(theirs)
  })
})
