import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPdfFile, sha256OfFile } from '../../../src/main/library/pdfFileCheck'
import { runCli } from '../../fixtures/runCli'

// Devices, pipes and sockets exist as such on Linux and macOS only.
const posix = process.platform !== 'win32' && existsSync('/dev/zero')

describe.skipIf(!posix)('a path that is not an ordinary file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-special-'))
  const fifo = join(dir, 'pipe.pdf')
  const socket = join(dir, 'listening.sock')
  let server: Server

  beforeAll(async () => {
    execFileSync('mkfifo', [fifo])
    server = createServer()
    await new Promise<void>((done) => server.listen(socket, done))
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  it('is refused without being read: a pipe is not waited on, /dev/zero not read to its end', async () => {
    const started = Date.now()
    for (const [path, kind] of [
      ['/dev/zero', 'a device'],
      [fifo, 'a named pipe (FIFO)'],
      [socket, 'a socket']
    ]) {
      const read = await readPdfFile(path!)
      expect(read.bytes).toBeNull()
      expect(read.refused?.message).toContain(`is ${kind}, not a file`)
      expect(await sha256OfFile(path!)).toBeNull()
    }
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('`ingest` says what each one is, adds nothing for it, and says so for a folder without a PDF', () => {
    const empty = join(dir, 'empty')
    mkdirSync(empty)
    const withLink = join(dir, 'with-link')
    mkdirSync(withLink)
    // A `.pdf` link inside a folder that leads to a device is refused when it is read.
    symlinkSync('/dev/zero', join(withLink, 'zero.pdf'))
    const data = join(dir, 'data')
    const started = Date.now()
    const r = runCli(['ingest', '/dev/zero', fifo, socket, empty, withLink, '--data-dir', data])
    expect(Date.now() - started).toBeLessThan(60_000)
    expect(r.code, r.stderr).toBe(1)
    const lines = r.stdout.trim().split('\n')
    expect(lines).toEqual([
      expect.stringMatching(/zero\.pdf {2}NOT_A_PDF: "zero\.pdf" is a device, not a file/),
      expect.stringMatching(/^✗ \/dev\/zero {2}NOT_A_PDF: "zero" is a device, not a file/),
      expect.stringMatching(/pipe\.pdf {2}NOT_A_PDF: "pipe\.pdf" is a named pipe \(FIFO\)/),
      expect.stringMatching(/listening\.sock {2}NOT_A_PDF: "listening\.sock" is a socket/),
      expect.stringContaining(`NOT_FOUND: There is no PDF in the folder ${empty}`)
    ])
    expect(r.stderr).not.toMatch(/\n\s+at /)
    // Only the link inside the folder, which the folder listed, is kept as an error row.
    const papers = runCli(['papers', '--json', '--data-dir', data])
    expect(JSON.parse(papers.stdout).papers).toHaveLength(1)
  }, 120_000)
})
