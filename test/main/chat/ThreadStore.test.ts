import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { autoTitle, ThreadStore } from '../../../src/main/chat/ThreadStore'
import {
  parseThreadFile,
  THREAD_FORMAT,
  toThread,
  UnreadableThreadError
} from '../../../src/main/chat/threadFile'
import { answer } from '../../fixtures/chatRecords'

function dir(): string {
  return join(mkdtempSync(join(tmpdir(), 'rp-threads-')), 'threads')
}

async function storeWithOneTurn(path: string) {
  const store = new ThreadStore(path)
  await store.open()
  const t = await store.create({ scope: ['1706.03762'] })
  const turn = await store.beginTurn(t.id, 'What is scaled dot-product attention?')
  await store.finishTurn(t.id, turn.id, { status: 'done', answer: answer(), model: 'gemini-x' })
  return { store, thread: t, turn }
}

describe('ThreadStore', () => {
  it('keeps a thread with its turns across a reopen, titled by its first question', async () => {
    const path = dir()
    const { thread } = await storeWithOneTurn(path)
    const again = new ThreadStore(path)
    await again.open()
    const t = again.get(thread.id)
    expect(t.title).toBe('What is scaled dot-product attention?')
    expect(t.scope).toEqual(['1706.03762'])
    expect(t.turns).toHaveLength(1)
    expect(t.turns[0]).toMatchObject({
      status: 'done',
      mode: 'generated',
      verified: true,
      model: 'gemini-x',
      usage: { inputTokens: 1200, outputTokens: 80 }
    })
    expect(t.turns[0]!.citations.map((c) => [c.number, c.paperId, c.page, c.chunkId])).toEqual([
      [1, '1706.03762', 4, '1706.03762-page-4-chunk-1'],
      [2, '1810.04805', 3, '1706.03762-page-4-chunk-2']
    ])
    const file = JSON.parse(readFileSync(join(path, `${thread.id}.json`), 'utf8'))
    expect(file.version).toBe(THREAD_FORMAT.version)
  })

  it('keeps, across a reopen, the papers outside the scope that a turn said discuss it', async () => {
    const path = dir()
    const store = new ThreadStore(path)
    await store.open()
    const t = await store.create({ scope: ['1706.03762'] })
    const turn = await store.beginTurn(t.id, 'What does RAG retrieve from?')
    const outside = { ...answer(), outsideScope: ['2005.11401'] }
    await store.finishTurn(t.id, turn.id, { status: 'done', answer: outside, model: null })
    const again = new ThreadStore(path)
    await again.open()
    expect(again.get(t.id).turns[0]!.outsideScope).toEqual(['2005.11401'])
    // A turn that had nothing to say has no such field (older files read the same way).
    const { thread } = await storeWithOneTurn(path)
    const reopened = new ThreadStore(path)
    await reopened.open()
    expect(reopened.get(thread.id).turns[0]!.outsideScope).toBeUndefined()
  })

  it('marks a turn left running by a crash as interrupted at the next open', async () => {
    const path = dir()
    const { store, thread } = await storeWithOneTurn(path)
    await store.beginTurn(thread.id, 'And in the decoder?')
    const again = new ThreadStore(path)
    await again.open()
    const turns = again.get(thread.id).turns
    expect(turns.map((t) => t.status)).toEqual(['done', 'interrupted'])
    expect(turns[1]!.error?.message).toMatch(/stopped while this question was being answered/)
    // And the change is saved, not only shown.
    expect(readFileSync(join(path, `${thread.id}.json`), 'utf8')).toContain('"interrupted"')
  })

  it('sets a damaged file aside, leaves a newer one in place, reports both, and opens the rest', async () => {
    const path = dir()
    const { thread } = await storeWithOneTurn(path)
    writeFileSync(join(path, 't-broken-1.json'), '{"version":1,"thread":{"id":"t-broken-1","tit')
    writeFileSync(
      join(path, 't-future-1.json'),
      JSON.stringify({ version: 99, thread: { id: 't-future-1' } })
    )
    const logs: string[] = []
    const again = new ThreadStore(path, (m) => logs.push(m))
    await again.open()
    expect(again.list().map((t) => t.id)).toEqual([thread.id])
    const damaged = again.damaged()
    expect(damaged.map((d) => d.reason).sort()).toEqual([
      expect.stringMatching(/^not valid JSON/),
      expect.stringMatching(/newer ResearchPal \(format 99.*left in place/)
    ])
    const [broken, future] = [...damaged].sort((a, b) => a.file.localeCompare(b.file))
    expect(existsSync(broken!.movedTo)).toBe(true)
    expect(existsSync(broken!.file)).toBe(false)
    // A newer version's conversation stays where that version looks for it, unchanged.
    expect(future!.movedTo).toBe(future!.file)
    expect(JSON.parse(readFileSync(future!.file, 'utf8'))).toEqual({
      version: 99,
      thread: { id: 't-future-1' }
    })
    expect(readdirSync(join(path, 'damaged'))).toHaveLength(1)
    expect(logs.join('\n')).toMatch(/t-broken-1\.json could not be read/)
  })

  it('writes the versioned format and keeps fields a newer build added across its saves', async () => {
    const path = dir()
    const { thread } = await storeWithOneTurn(path)
    const file = join(path, `${thread.id}.json`)
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number
      thread: Record<string, unknown> & { turns: Record<string, unknown>[] }
    }
    expect(doc.version).toBe(THREAD_FORMAT.version)
    doc.thread['pinned'] = true
    doc.thread.turns[0]!['rating'] = 5
    writeFileSync(file, JSON.stringify(doc))
    const again = new ThreadStore(path)
    await again.open()
    await again.rename(thread.id, 'Renamed')
    const saved = JSON.parse(readFileSync(file, 'utf8')) as typeof doc
    expect(saved.thread).toMatchObject({ title: 'Renamed', pinned: true })
    expect(saved.thread.turns[0]).toMatchObject({ rating: 5 })
  })

  it('reports a file that parses but breaks the schema, naming the field', () => {
    const text = JSON.stringify({ version: 1, thread: { id: 't-x', title: 3 } })
    expect(() => parseThreadFile(text)).toThrow(UnreadableThreadError)
    expect(() => parseThreadFile(text)).toThrow(/damaged: thread\.title/)
  })

  it('runs the numbered migrations from an older format before reading', () => {
    const v1 = JSON.stringify({ version: 1, conversation: { id: 't-old', name: 'Old', turns: [] } })
    const { file, migratedFrom } = parseThreadFile(v1, {
      ...THREAD_FORMAT,
      version: 2,
      migrations: {
        1: (f) => {
          const c = f['conversation'] as { id: string; name: string }
          return {
            thread: {
              id: c.id,
              title: c.name,
              createdAt: 'x',
              updatedAt: 'x',
              scope: null,
              turns: []
            }
          }
        }
      }
    })
    expect(migratedFrom).toBe(1)
    expect(file.thread.title).toBe('Old')
    expect(() => parseThreadFile(v1, { ...THREAD_FORMAT, version: 2, migrations: {} })).toThrow(
      /no migration from format 1/
    )
  })

  it('lists newest first, searches titles and questions, renames, scopes, deletes and restores', async () => {
    let clock = Date.parse('2026-12-01T10:00:00Z')
    const store = new ThreadStore(dir(), undefined, () => new Date((clock += 1000)))
    await store.open()
    const a = await store.create()
    await store.beginTurn(a.id, 'How does BERT mask tokens?')
    const b = await store.create({ title: 'RAG notes' })
    expect(store.list().map((t) => t.id)).toEqual([b.id, a.id])
    expect(store.list('mask').map((t) => t.id)).toEqual([a.id])
    expect(store.list('rag').map((t) => t.id)).toEqual([b.id])
    await store.rename(a.id, 'BERT masking')
    await store.setScope(a.id, ['1810.04805'])
    expect(store.list()[0]).toMatchObject({
      id: a.id,
      title: 'BERT masking',
      scope: ['1810.04805']
    })
    await store.delete(a.id)
    expect(store.list().map((t) => t.id)).toEqual([b.id])
    expect(() => store.get(a.id)).toThrow(/There is no conversation/)
    const back = await store.restore(a.id)
    expect(back.title).toBe('BERT masking')
    expect(store.list()).toHaveLength(2)
    await expect(store.restore('t-nothing')).rejects.toThrow(/no deleted conversation/)
  })

  it('marks citations of papers that left the library instead of breaking', async () => {
    const { store, thread } = await storeWithOneTurn(dir())
    const view = toThread(store.get(thread.id), (id) => id === '1706.03762')
    expect(view.turns[0]!.citations.map((c) => c.paperRemoved)).toEqual([undefined, true])
  })

  it('titles a thread from a long first question, cut at a word', () => {
    const q = `${'attention '.repeat(12)}is what?\nsecond line`
    const title = autoTitle(q)
    expect(title.length).toBeLessThanOrEqual(81)
    expect(title.endsWith('attention…')).toBe(true)
  })
})

describe('ThreadStore opened read-only (beside the writing process)', () => {
  it('reads threads without marking, moving or writing anything', async () => {
    const path = dir()
    const { store, thread } = await storeWithOneTurn(path)
    await store.beginTurn(thread.id, 'Still being answered by the app')
    writeFileSync(join(path, 't-broken-2.json'), 'not json')
    const before = readFileSync(join(path, `${thread.id}.json`), 'utf8')
    const reader = new ThreadStore(path, undefined, undefined, true)
    await reader.open()
    expect(reader.get(thread.id).turns.map((t) => t.status)).toEqual(['done', 'running'])
    expect(reader.damaged()).toEqual([
      expect.objectContaining({ file: join(path, 't-broken-2.json'), reason: expect.any(String) })
    ])
    expect(existsSync(join(path, 't-broken-2.json'))).toBe(true)
    expect(readFileSync(join(path, `${thread.id}.json`), 'utf8')).toBe(before)
    await expect(reader.create()).rejects.toThrow(/read-only/)
    const none = new ThreadStore(join(dir(), 'missing'), undefined, undefined, true)
    await none.open()
    expect(none.list()).toEqual([])
  })
})
