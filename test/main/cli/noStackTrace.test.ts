import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  commandLog,
  lastResortText,
  serverLog,
  withoutStack
} from '../../../src/main/cli/diagnostics'
import { DataFolderLock } from '../../../src/main/storage/DataFolderLock'
import { runCli } from '../../fixtures/runCli'

const STACK = /\n\s+at /

describe('a second writer facing a held lock', () => {
  const data = join(mkdtempSync(join(tmpdir(), 'rp-nostack-')), 'data')
  let lock: DataFolderLock

  beforeAll(async () => {
    mkdirSync(data, { recursive: true })
    lock = await DataFolderLock.acquire(data, { purpose: 'ResearchPal (the app)' })
  })
  afterAll(() => lock.release())

  // The CLI's own writers, the MCP server with --allow-add and the local API server.
  for (const args of [
    ['remove', 'abc123', '--wait', '0'],
    ['mcp', '--allow-add'],
    ['serve', '--port', '0', '--allow-add']
  ]) {
    it(`\`${args[0]}\` is told who holds it, in one line and without a stack trace`, () => {
      const r = runCli([...args, '--data-dir', data])
      expect(r.code, r.stderr).toBe(1)
      expect(r.stderr).toContain('ResearchPal (the app)')
      expect(r.stderr).toMatch(/Error \([A-Z_]+\): /)
      expect(r.stderr).not.toMatch(STACK)
      expect(r.stdout).toBe('')
    }, 60_000)
  }
})

describe('what the CLI prints of an error', () => {
  const bug = new TypeError('reading "x" of undefined')

  it('keeps the message of a server log line and drops its frames unless --debug', () => {
    const line = `[mcp] tool search failed: ${bug.stack}`
    expect(bug.stack).toMatch(STACK)
    expect(withoutStack(line)).toBe('[mcp] tool search failed: TypeError: reading "x" of undefined')
    const written: string[] = []
    const write = process.stderr.write.bind(process.stderr)
    process.stderr.write = ((s: string) => written.push(s) > 0) as typeof process.stderr.write
    try {
      serverLog(false)(line)
      serverLog(true)(line)
      commandLog(false)('opened the library in 12 ms')
      commandLog(true)('opened the library in 12 ms')
    } finally {
      process.stderr.write = write
    }
    expect(written[0]).not.toMatch(STACK)
    expect(written[1]).toMatch(STACK)
    // A one-shot command's log is silent unless --debug: its notices are printed as `! …`.
    expect(written.slice(2)).toEqual(['opened the library in 12 ms\n'])
  })

  it('names an escaped error and says how to see the details', () => {
    expect(lastResortText(bug, false)).toBe(
      'TypeError: reading "x" of undefined (run again with --debug for details)'
    )
    expect(lastResortText(bug, true)).toMatch(STACK)
  })
})
