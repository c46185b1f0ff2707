import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { watchSyncTargets } from '../../../src/main/sync/watcher'

describe('the sync watcher (chokidar)', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  for (const poll of [false, true])
    it(`calls for a pass only once a new PDF stops growing${poll ? ' (polling)' : ''}`, async () => {
      dir = mkdtempSync(join(tmpdir(), 'rp-watch-'))
      const calls: number[] = []
      const started = Date.now()
      const stop = await watchSyncTargets({
        folders: [{ path: dir, poll }],
        zoteroDir: null,
        stableMs: 600,
        pollMs: 100,
        debounceMs: 100,
        onFolderChange: () => calls.push(Date.now() - started),
        onZoteroChange: () => undefined
      })
      try {
        await sleep(300)
        writeFileSync(join(dir, 'notes.txt'), 'not a paper')
        const file = join(dir, 'download.pdf')
        writeFileSync(file, '%PDF-1.4\n')
        let lastWrite = 0
        for (let i = 0; i < 5; i++) {
          await sleep(200)
          appendFileSync(file, `% part ${i}\n`)
          lastWrite = Date.now() - started
        }
        // Growing the whole time: no pass yet.
        expect(calls).toEqual([])
        await sleep(2000)
        expect(calls).toHaveLength(1)
        expect(calls[0]!).toBeGreaterThanOrEqual(lastWrite + 500)
      } finally {
        await stop()
      }
    }, 15_000)
})
