import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMPARISON_FORMAT_VERSION } from '../../../src/main/compare/comparisonFile'
import { ComparisonStore } from '../../../src/main/compare/ComparisonStore'
import type { Comparison } from '../../../src/shared/compare'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rp-cmpstore-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const sample = (id: string): Comparison => ({
  id,
  title: 'Datasets',
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  threadId: null,
  collection: null,
  paperIds: ['1706.03762'],
  columns: [{ id: 'q1', kind: 'question', text: 'Which datasets?' }],
  cells: [
    {
      paperId: '1706.03762',
      columnId: 'q1',
      status: 'answered',
      answer: 'WMT 2014.',
      verdict: null,
      citations: [
        {
          number: 1,
          paperId: '1706.03762',
          title: 'Attention Is All You Need',
          page: 8,
          chunkId: '1706.03762-page-8-chunk-0',
          snippet: 'On the WMT 2014 English-to-German translation task'
        }
      ],
      notice: null,
      problem: null,
      usage: { inputTokens: 10, outputTokens: 5 }
    }
  ]
})

describe('ComparisonStore', () => {
  it('saves with a format version and reads the comparison back after a restart', async () => {
    const store = new ComparisonStore(dir, () => undefined)
    await store.open()
    await store.save(sample('cmp-a'))
    const raw = JSON.parse(await readFile(join(dir, 'cmp-a.json'), 'utf8'))
    expect(raw.version).toBe(COMPARISON_FORMAT_VERSION)
    const again = new ComparisonStore(dir, () => undefined)
    await again.open()
    expect(again.get('cmp-a')).toEqual(sample('cmp-a'))
    // No temp file is left behind by the atomic write.
    expect(await readdir(dir)).toEqual(['cmp-a.json'])
  })

  it('opens a version-1 file (before comparisons were saved with conversations) and upgrades it', async () => {
    // Written by the first release of comparisons: no threadId, no collection.
    const { threadId: _t, collection: _c, ...v1 } = sample('cmp-old')
    await writeFile(join(dir, 'cmp-old.json'), JSON.stringify({ version: 1, comparison: v1 }))
    const store = new ComparisonStore(dir, () => undefined)
    await store.open()
    expect(store.setAside()).toEqual([])
    // Every cell, citation and column is kept; it belongs to no conversation or collection.
    expect(store.get('cmp-old')).toEqual(sample('cmp-old'))
    const raw = JSON.parse(await readFile(join(dir, 'cmp-old.json'), 'utf8'))
    expect(raw.version).toBe(2)
    expect(raw.comparison).toMatchObject({ threadId: null, collection: null })
    expect(raw.comparison.cells[0].citations[0].page).toBe(8)
  })

  it('keeps what a citation points at (a table and its region) across a restart', async () => {
    const c = sample('cmp-table')
    const table = {
      ...c.cells[0]!.citations[0]!,
      kind: 'table' as const,
      region: { x: 0.1, y: 0.2, width: 0.8, height: 0.3 }
    }
    const withTable = { ...c, cells: [{ ...c.cells[0]!, citations: [table] }] }
    const store = new ComparisonStore(dir, () => undefined)
    await store.open()
    await store.save(withTable)
    const again = new ComparisonStore(dir, () => undefined)
    await again.open()
    expect(again.get('cmp-table').cells[0]!.citations[0]).toEqual(table)
  })

  it('keeps a damaged file aside, reports it, and still opens the good ones', async () => {
    const store = new ComparisonStore(dir, () => undefined)
    await store.open()
    await store.save(sample('cmp-good'))
    await writeFile(join(dir, 'cmp-torn.json'), '{"version":1,"comparison":{"id":"cmp-t')
    const logged: string[] = []
    const again = new ComparisonStore(dir, (m) => logged.push(m))
    await again.open()
    expect(again.list().map((c) => c.id)).toEqual(['cmp-good'])
    const [aside] = again.setAside()
    expect(aside!.reason).toMatch(/not valid JSON/)
    expect(await readFile(aside!.movedTo, 'utf8')).toContain('cmp-t')
    expect(logged[0]).toMatch(/cmp-torn\.json could not be read/)
  })

  it('keeps aside a file from a newer version instead of dropping or overwriting it', async () => {
    await mkdir(dir, { recursive: true })
    const newer = JSON.stringify({ version: COMPARISON_FORMAT_VERSION + 1, comparison: {} })
    await writeFile(join(dir, 'cmp-new.json'), newer)
    const store = new ComparisonStore(dir, () => undefined)
    await store.open()
    expect(store.list()).toEqual([])
    expect(store.setAside()[0]!.reason).toMatch(/newer ResearchPal/)
    expect(await readFile(store.setAside()[0]!.movedTo, 'utf8')).toBe(newer)
  })

  it('keeps aside a file that does not match the format, naming the field', async () => {
    const bad = { version: 1, comparison: { ...sample('cmp-x'), cells: [{ status: 'odd' }] } }
    await writeFile(join(dir, 'cmp-x.json'), JSON.stringify(bad))
    const store = new ComparisonStore(dir, () => undefined)
    await store.open()
    expect(store.setAside()[0]!.reason).toMatch(/comparison\.cells\.0/)
  })
})
