import { describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { BoundedQueue } from '../../../src/main/ingest/BoundedQueue'
import { ChunkFeed } from '../../../src/main/ingest/ChunkFeed'
import {
  IngestLine,
  READ_AHEAD,
  type StageWork,
  type Ticket
} from '../../../src/main/ingest/IngestLine'

/**
 * Resolves once every promise that can run has run. The line's stages here are promises only (no
 * timers, no I/O), so afterwards the line is waiting on the test's own gates: what has not
 * happened yet will not happen until the test releases something.
 */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('BoundedQueue', () => {
  it('holds a producer back while full and a consumer while empty, in order', async () => {
    const q = new BoundedQueue<number>(2)
    await q.push(1)
    await q.push(2)
    let third = false
    const pushing = q.push(3).then(() => (third = true))
    await settled()
    expect(third).toBe(false) // no room: the producer waits
    expect(q.size).toBe(2)
    expect(await q.take()).toBe(1)
    await pushing
    expect(third).toBe(true)
    expect([await q.take(), await q.take()]).toEqual([2, 3])
    const waiting = q.take()
    await q.push(4)
    expect(await waiting).toBe(4)
  })

  it('refuses a queue without room', () => {
    expect(() => new BoundedQueue(0)).toThrow(/at least one/)
  })
})

/** Stage work that records what each stage did and lets the test hold the embed stage. */
function scripted(options: { failRead?: string; failAfterPass?: string } = {}) {
  const log: string[] = []
  const failed: string[] = []
  const release = new Map<string, () => void>()
  let holdEmbed = true
  const work: StageWork<string, string> = {
    async read({ job }, pass) {
      if (job.paperId === options.failRead) throw new Error(`cannot read ${job.paperId}`)
      await pass(job.paperId)
      log.push(`read ${job.paperId}`)
      if (job.paperId === options.failAfterPass) throw new Error(`broke late ${job.paperId}`)
    },
    async embed({ job, signal }, item, pass) {
      log.push(`embed ${item}`)
      if (holdEmbed)
        await new Promise<void>((resolve, reject) => {
          release.set(job.paperId, resolve)
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
        })
      if (job.paperId === options.failAfterPass) await settled()
      await pass(item)
    },
    async write(_t, item) {
      log.push(`write ${item}`)
    },
    async fail({ job }: Ticket, e) {
      failed.push(`${job.paperId}: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  return {
    work,
    log,
    failed,
    release,
    letGo: () => {
      holdEmbed = false
      for (const r of release.values()) r()
    }
  }
}

describe('IngestLine', () => {
  it(`reads at most ${READ_AHEAD} papers ahead of the embedder, then waits for it`, async () => {
    const s = scripted()
    const line = new IngestLine(s.work)
    for (const id of ['a', 'b', 'c', 'd', 'e']) line.add({ paperId: id, kind: 'ingest' })
    await settled()
    // a is in the embedder; b and c wait for it, read; d is held back by the full queue.
    expect(s.log.filter((l) => l.startsWith('read'))).toEqual(['read a', 'read b', 'read c'])
    expect(s.log.filter((l) => l.startsWith('embed'))).toEqual(['embed a'])
    s.release.get('a')!()
    await settled()
    expect(s.log).toContain('write a')
    expect(s.log.filter((l) => l.startsWith('read'))).toEqual([
      'read a',
      'read b',
      'read c',
      'read d'
    ])
    s.letGo()
    await line.idle()
    expect(s.log.filter((l) => l.startsWith('write'))).toEqual([
      'write a',
      'write b',
      'write c',
      'write d',
      'write e'
    ])
    expect(line.overall()).toEqual({ done: 5, total: 5 })
    expect(line.has('e')).toBe(false)
  })

  it('cancels a paper wherever it is; it ends once, through fail, and the others go on', async () => {
    const s = scripted()
    const line = new IngestLine(s.work)
    for (const id of ['a', 'b', 'c']) line.add({ paperId: id, kind: 'ingest' })
    await settled()
    expect(line.has('b')).toBe(true)
    const { dropped, aborted } = line.cancel('b') // read, waiting in the queue for the embedder
    expect(dropped).toEqual([])
    expect(aborted).toEqual([{ paperId: 'b', kind: 'ingest' }])
    const late = line.cancel('a') // in the embed stage
    expect(late.aborted).toEqual([{ paperId: 'a', kind: 'ingest' }])
    s.letGo()
    await line.idle()
    expect(s.failed).toEqual([
      expect.stringMatching(/^a: .*cancelled/i),
      expect.stringMatching(/^b: .*cancelled/i)
    ])
    expect(s.log).not.toContain('write a')
    expect(s.log).not.toContain('embed b')
    expect(s.log).toContain('write c')
  })

  it('drops papers not yet read without running them', async () => {
    const s = scripted()
    const line = new IngestLine(s.work)
    for (const id of ['a', 'b', 'c', 'd', 'e']) line.add({ paperId: id, kind: 'ingest' })
    await settled()
    const { dropped } = line.cancel('e')
    expect(dropped).toEqual([{ paperId: 'e', kind: 'ingest' }])
    s.letGo()
    await line.idle()
    expect(s.log.join(' ')).not.toMatch(/ e\b/)
    expect(s.failed).toEqual([])
    expect(line.overall()).toEqual({ done: 4, total: 4 })
  })

  it('fails a paper once when reading breaks after its first pages went to the embedder', async () => {
    const s = scripted({ failRead: 'a', failAfterPass: 'b' })
    const line = new IngestLine(s.work)
    s.letGo()
    for (const id of ['a', 'b', 'c']) line.add({ paperId: id, kind: 'ingest' })
    await line.idle()
    expect(s.failed).toEqual(['a: cannot read a', 'b: broke late b'])
    expect(s.log.filter((l) => l.startsWith('write'))).toEqual(['write c'])
  })

  it('never runs two jobs of one paper at once, and skips a job already queued', async () => {
    const s = scripted()
    const line = new IngestLine(s.work)
    expect(line.add({ paperId: 'a', kind: 'ingest' })).toBe(true)
    expect(line.add({ paperId: 'a', kind: 'ingest' })).toBe(false)
    expect(line.add({ paperId: 'a', kind: 'embed' })).toBe(true)
    await settled()
    expect(s.log).toEqual(['embed a', 'read a']) // the embed job waits for the ingest job
    s.letGo()
    await line.idle()
    expect(s.log).toEqual(['embed a', 'read a', 'write a', 'embed a', 'read a', 'write a'])
  })
})

describe('ChunkFeed', () => {
  const chunk = (page: number, index: number): Chunk => ({
    id: `p-page-${page}-chunk-${index}`,
    paperId: 'p',
    page,
    index,
    section: 'body',
    text: `page ${page} chunk ${index}`,
    tokens: 4
  })

  it('gives full batches as pages arrive and nothing once reading ends', async () => {
    const feed = new ChunkFeed()
    const first = feed.next(4)
    feed.feed([chunk(1, 0), chunk(1, 1), chunk(1, 2)])
    feed.feed([chunk(1, 0)]) // sent again after a worker crash: skipped
    feed.feed([chunk(2, 0), chunk(2, 1)])
    expect((await first)!.map((c) => c.id)).toEqual([
      'p-page-1-chunk-0',
      'p-page-1-chunk-1',
      'p-page-1-chunk-2',
      'p-page-2-chunk-0'
    ])
    const rest = feed.next(4)
    feed.end()
    expect(await rest).toBeNull() // the remainder is for the final pass
  })
})
