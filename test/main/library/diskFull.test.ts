import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
  closeSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchResponse } from '../../../src/shared/types'
import { createServices } from '../../../src/main/services'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedder, FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'

/**
 * A real full disk: the data folder lives on a small tmpfs. Mounting needs root (Linux); where
 * it is not possible the test says so and is skipped (the ENOSPC path of writeFileAtomic is
 * also covered by the VectraStore write-failure test).
 */
const root = mkdtempSync(join(tmpdir(), 'rp-diskfull-'))
const mount = join(root, 'disk')
mkdirSync(mount)
const mounted =
  process.platform === 'linux' &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', mount]).status === 0
if (!mounted) {
  console.warn(`[diskFull.test] skipped: could not mount a small tmpfs (needs root on Linux)`)
}

afterAll(() => {
  if (mounted) spawnSync('umount', [mount])
})

/** Writes until the disk is full; returns the filler file. */
function fillDisk(dir: string): string {
  const file = join(dir, 'filler.bin')
  const fd = openSync(file, 'w')
  const block = Buffer.alloc(4096, 1)
  try {
    for (;;) writeSync(fd, block)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e
  } finally {
    closeSync(fd)
  }
  return file
}

describe.skipIf(!mounted)('a full disk', () => {
  const inputs = join(root, 'in')
  const papers = ['delta', 'echo', 'foxtrot'].map((name, i) => {
    const bytes = makePaperPdf({ title: `The ${name} paper`, pages: 3, seed: i + 11, marker: name })
    return { name, file: join(inputs, `${name}.pdf`), id: sha12(bytes) }
  })

  beforeAll(() => {
    mkdirSync(inputs, { recursive: true })
    papers.forEach((p, i) =>
      writeFileSync(
        p.file,
        makePaperPdf({ title: `The ${p.name} paper`, pages: 3, seed: i + 11, marker: p.name })
      )
    )
  })

  it('fails the ingest with DISK_WRITE_FAILED, and adding the files again recovers every paper', async () => {
    const data = join(mount, 'data')
    const s = await createServices({
      dataDir: data,
      secrets: new EnvSecretStore({}),
      embedder: new FakeEmbedderProvider(new FakeEmbedder()),
      env: {},
      log: () => undefined
    })
    const filler = fillDisk(mount)
    const first = await s.library.addPaths(papers.map((p) => p.file)).catch((e: unknown) => e)
    await s.library.whenIdle().catch(() => undefined)
    const failed = Array.isArray(first)
      ? s.library.list().filter((p) => p.status === 'error')
      : [first]
    expect(failed.length).toBeGreaterThan(0)
    expect(JSON.stringify(failed)).toContain('DISK_WRITE_FAILED')

    rmSync(filler)
    await s.library.addPaths(papers.map((p) => p.file))
    await s.library.whenIdle()
    expect(s.library.list().map((p) => [p.id, p.status])).toEqual(
      papers.map((p) => [p.id, 'indexed'])
    )
    for (const p of papers) {
      const r = await s.router.invoke('search:query', { query: `${p.name}2` })
      expect(r.ok && (r.value as SearchResponse).results[0]?.paperId).toBe(p.id)
    }
    await s.close()
    const temps = readdirSync(data, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))
    expect(temps).toEqual([])
  }, 120_000)

  it('opens a full library with the reserve it keeps, and remove frees space', async () => {
    const data = join(mount, 'full')
    const open = () =>
      createServices({
        dataDir: data,
        secrets: new EnvSecretStore({}),
        embedder: new FakeEmbedderProvider(new FakeEmbedder()),
        env: {},
        log: () => undefined
      })
    const s = await open()
    await s.library.addPaths([papers[0]!.file])
    await s.library.whenIdle()
    await s.close()
    await (await open()).close() // a later open keeps the reserve, now there is room
    expect(readdirSync(data)).toContain('space.reserve')
    const filler = fillDisk(mount)
    try {
      const full = await open()
      const told = full.library.notices().map((n) => n.message)
      expect(told.some((m) => /is full .*used the 1\.0 MB it keeps in reserve/.test(m))).toBe(true)
      await full.library.remove(papers[0]!.id)
      expect(full.library.list()).toEqual([])
      await full.close()
      expect(readdirSync(join(data, 'pdfs'))).toEqual([])
      // With the reserve gone and the disk full again, the message says where and how much.
      fillDisk(mount)
      const refused = await open().catch((e: unknown) => e)
      expect(refused).toMatchObject({ code: 'DISK_WRITE_FAILED' })
      expect(String((refused as Error).message)).toMatch(
        /The disk holding .* is full .*needs about \d+ KB/
      )
    } finally {
      rmSync(filler)
    }
  }, 120_000)
})

function sha12(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12)
}
