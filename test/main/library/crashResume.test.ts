import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { catalogOnDisk } from '../../fixtures/catalogOnDisk'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'

const ROOT = resolve(__dirname, '../../..')
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-crash-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Starts the ingest child and kills it (SIGKILL: no cleanup) once `when` sees an event. */
function ingestUntilKilled(
  dataDir: string,
  folder: string,
  when: (line: { event: string; payload?: { stage?: string; paperId?: string } }) => boolean
) {
  return new Promise<{ killed: boolean; lines: string[] }>((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        join(ROOT, 'test/fixtures/ingestChild.ts'),
        dataDir,
        folder,
        // Slow enough per batch that the kill lands while the second paper is embedded, even on a
        // loaded machine (its pages may already be read, so its embedding is all that is left).
        '300'
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    const lines: string[] = []
    let buf = ''
    let killed = false
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString()
      let i: number
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 1)
        lines.push(line)
        if (!killed && when(JSON.parse(line))) {
          killed = true
          child.kill('SIGKILL')
        }
      }
    })
    child.on('error', fail)
    child.on('exit', (code) => {
      if (!killed && code !== 0) fail(new Error(`child exited ${code}: ${stderr}`))
      else done({ killed, lines })
    })
  })
}

describe('crash safety', () => {
  it('a process killed mid-ingest leaves nothing read as complete, and the next start resumes it', async () => {
    const folder = join(dir, 'in')
    mkdirSync(folder)
    const pdfs = [1, 2, 3].map((i) =>
      makePaperPdf({ title: `Crash Paper ${i}`, pages: 3, seed: 20 + i })
    )
    pdfs.forEach((b, i) => writeFileSync(join(folder, `paper${i + 1}.pdf`), b))
    const dataDir = join(dir, 'data')

    // Kill it while the second paper is being embedded: the first is done, the third not yet
    // (queued, or being read ahead of the embedder).
    let indexed = 0
    const run = await ingestUntilKilled(dataDir, folder, (l) => {
      if (l.event === 'ingest:progress' && l.payload?.stage === 'indexed') indexed++
      return indexed === 1 && l.event === 'ingest:progress' && l.payload?.stage === 'embedding'
    })
    expect(run.killed).toBe(true)

    // As the next start reads it: library.json and the changes journaled since.
    const statuses = (await catalogOnDisk(join(dataDir, 'library.json'))).map((p) => p.status)
    expect(statuses).toHaveLength(3)
    expect(statuses.filter((s) => s === 'indexed')).toHaveLength(1)
    expect(statuses.filter((s) => ['pending', 'extracting', 'embedding'].includes(s))).toHaveLength(
      2
    )

    // Next start: open() resumes the two unfinished papers; the indexes end up whole.
    const lib = buildLibrary(dataDir)
    await lib.service.open()
    await lib.service.whenIdle()
    const papers = lib.service.list()
    expect(papers.map((p) => [p.title, p.status, p.pages])).toEqual(
      [1, 2, 3].map((i) => [`Crash Paper ${i}`, 'indexed', 3])
    )
    const total = papers.reduce((n, p) => n + p.chunks, 0)
    expect(lib.keywords.count()).toBe(total)
    expect(lib.vectors.count()).toBe(total)
    for (const p of papers) {
      const ids = lib.keywords.paperChunks(p.id).map((c) => c.id)
      expect(new Set(ids).size).toBe(p.chunks)
      expect((await lib.service.paperText(p.id)).pages).toHaveLength(3)
    }
  }, 60_000)
})
