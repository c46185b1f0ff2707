import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ComparisonSchema, type Comparison } from '../../../src/shared/compare'
import { cellPassageIds, lastUserText, type RecordedRequest } from '../../fakes/fakeGemini'
import {
  answerChunk,
  compareHarness,
  gridChunks,
  PAPERS,
  QUESTIONS,
  SILENT_PAPER,
  type CompareHarness
} from './compareHarness'

let h: CompareHarness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const textOf = (id: string): string => gridChunks().find((c) => c.chunkId === id)!.text
const cell = (c: Comparison, paperId: string, q: number) =>
  c.cells.find((x) => x.paperId === paperId && x.columnId === c.columns[q]!.id)!
/** The paper a cell request is about, from the chunk ids it was shown. */
const paperOf = (r: RecordedRequest): string => cellPassageIds(r)[0]!.split('-page-')[0]!

describe('CompareService over the real Gemini SDK and the scripted server', () => {
  it('fills 5 papers × 3 questions, each cell from its own paper, with a "does not say" cell', async () => {
    h = await compareHarness({
      script: {
        cell: (r) =>
          paperOf(r) === SILENT_PAPER && lastUserText(r).includes(QUESTIONS[1]!)
            ? {
                json: {
                  status: 'not_stated',
                  answer: 'The paper does not give the model size.',
                  passageIds: []
                }
              }
            : {
                json: {
                  status: 'answered',
                  answer: textOf(cellPassageIds(r)[0]!).split(',')[0],
                  passageIds: [cellPassageIds(r)[0]]
                }
              }
      }
    })
    const created = await h.service.create({ paperIds: PAPERS, questions: QUESTIONS })
    expect(created.cells.every((c) => c.status === 'pending')).toBe(true)
    const filled = await h.service.run(created.id)

    expect(ComparisonSchema.parse(filled)).toEqual(filled)
    expect(filled.cells).toHaveLength(15)
    for (const paperId of PAPERS) {
      for (let q = 0; q < 3; q++) {
        const c = cell(filled, paperId, q)
        if (paperId === SILENT_PAPER && q === 1) {
          expect(c).toMatchObject({ status: 'not-stated', citations: [] })
          expect(c.answer).toMatch(/does not give/)
          continue
        }
        expect(c.status).toBe('answered')
        expect(c.citations).toHaveLength(1)
        const [cite] = c.citations
        // Its own paper, the right passage and page, and a quote that is on that page.
        expect(cite).toMatchObject({ paperId, chunkId: answerChunk(paperId, q) })
        expect(cite!.page).toBe([3, 5, 7][q])
        expect(textOf(cite!.chunkId)).toContain(cite!.snippet)
        expect(c.usage.inputTokens).toBeGreaterThan(0)
      }
    }
    // Each model call saw only that paper's passages: no cell could cite another paper.
    for (const r of h.gemini.of('cell')) {
      const ids = cellPassageIds(r)
      expect(new Set(ids.map((id) => id.split('-page-')[0])).size).toBe(1)
    }
    expect(h.gemini.of('cell')).toHaveLength(15)
    // Answered cells were judged; the "does not say" cell needs no check.
    expect(h.gemini.of('judge')).toHaveLength(14)
    const last = h.progress.at(-1)!
    expect(last).toMatchObject({ comparisonId: created.id, state: 'done', done: 15, total: 15 })
    expect(h.progress.filter((p) => p.cell).map((p) => p.done)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1)
    )
  })

  it('drops a citation of another paper: the cell is left unverified, never mis-sourced', async () => {
    h = await compareHarness({
      script: {
        cell: {
          json: {
            status: 'answered',
            answer: 'Corpus1A.',
            passageIds: [answerChunk(PAPERS[0]!, 0)]
          }
        }
      }
    })
    const c = await h.service.create({ paperIds: [PAPERS[1]!], questions: [QUESTIONS[0]!] })
    const filled = await h.service.run(c.id)
    expect(filled.cells[0]).toMatchObject({ status: 'unverified', citations: [] })
    expect(filled.cells[0]!.problem).toMatch(/cites no passage of this paper/)
  })

  it('pauses on a 429 mid-table, waits the Retry-After, resumes and fills every cell', async () => {
    let calls = 0
    h = await compareHarness({
      concurrency: 2,
      script: {
        cell: (r) => {
          calls += 1
          if (calls === 4)
            return { error: { status: 429, message: 'Quota exceeded', retryAfter: '7' } }
          const id = cellPassageIds(r)[0]!
          return { json: { status: 'answered', answer: 'Stated.', passageIds: [id] } }
        }
      }
    })
    const c = await h.service.create({ paperIds: PAPERS, questions: QUESTIONS })
    const filled = await h.service.run(c.id)

    expect(filled.cells.every((x) => x.status === 'answered')).toBe(true)
    expect(h.waits).toEqual([7])
    const states = h.progress.map((p) => p.state)
    const paused = states.indexOf('paused')
    expect(paused).toBeGreaterThan(0)
    expect(h.progress[paused]!.retryAfterSeconds).toBe(7)
    expect(h.progress[paused]!.done).toBeLessThan(15)
    expect(states.slice(paused + 1)).toContain('running')
    expect(states.at(-1)).toBe('done')
    // The rate-limited cell was asked again: 15 cells + 1 retry.
    expect(h.gemini.of('cell')).toHaveLength(16)
  })

  it('says which papers contradict a claim, with the quote, checked by the judge', async () => {
    const contradicting = PAPERS[2]!
    h = await compareHarness({
      script: {
        cell: (r) => {
          const id = cellPassageIds(r)[0]!
          if (paperOf(r) === contradicting) {
            return {
              json: { verdict: 'contradicts', answer: 'Its SQuAD F1 is lower.', passageIds: [id] }
            }
          }
          if (paperOf(r) === PAPERS[3]) {
            return {
              json: { verdict: 'does_not_address', answer: 'Not discussed.', passageIds: [] }
            }
          }
          return { json: { verdict: 'supports', answer: 'Better SQuAD result.', passageIds: [id] } }
        },
        // Paper 5's quote (its own SQuAD F1, 84.4) is judged not to show the verdict.
        check: (r) =>
          lastUserText(r).includes('F1 of 84.4')
            ? { json: { quoteSupportsVerdict: false, problem: 'The quote does not compare.' } }
            : { json: { quoteSupportsVerdict: true, problem: '' } }
      }
    })
    const claim = 'The main result on SQuAD is better than the previous result'
    const c = await h.service.create({ paperIds: PAPERS, questions: [], claims: [claim] })
    const filled = await h.service.run(c.id)
    const byPaper = (id: string) => filled.cells.find((x) => x.paperId === id)!

    expect(byPaper(contradicting)).toMatchObject({ status: 'answered', verdict: 'contradicts' })
    const quote = byPaper(contradicting).citations[0]!
    expect(quote).toMatchObject({ paperId: contradicting, page: 7 })
    expect(textOf(quote.chunkId)).toContain(quote.snippet)
    expect(byPaper(PAPERS[0]!)).toMatchObject({ status: 'answered', verdict: 'supports' })
    expect(byPaper(PAPERS[3]!)).toMatchObject({ status: 'not-stated', verdict: 'does-not-address' })
    // The check rejected paper 5's verdict against its quote: shown, but unverified.
    expect(byPaper(PAPERS[4]!)).toMatchObject({ status: 'unverified', verdict: 'supports' })
    expect(byPaper(PAPERS[4]!).problem).toBe('The quote does not compare.')
    // Every verdict with a quote was checked against that quote (not the does-not-address one).
    expect(h.gemini.of('check')).toHaveLength(4)
    for (const r of h.gemini.of('check')) expect(lastUserText(r)).toMatch(/Quoted passages:\n> /)
  })

  it('marks a cell unverified, not failed, when its check cannot run', async () => {
    h = await compareHarness({
      script: { judge: { error: { status: 503, message: 'overloaded' } } }
    })
    const c = await h.service.create({ paperIds: [PAPERS[0]!], questions: [QUESTIONS[2]!] })
    const filled = await h.service.run(c.id)
    expect(filled.cells[0]).toMatchObject({ status: 'unverified', problem: null })
    expect(filled.cells[0]!.notice?.message).toMatch(/could not be checked/)
    expect(filled.cells[0]!.citations[0]!.chunkId).toBe(answerChunk(PAPERS[0]!, 2))
  })

  it('without a key fills the same grid with each paper’s best passages, labelled evidence', async () => {
    h = await compareHarness({ noKey: true })
    const c = await h.service.create({ paperIds: PAPERS, questions: QUESTIONS })
    const filled = await h.service.run(c.id)
    expect(h.gemini.requests).toHaveLength(0)
    for (const paperId of PAPERS) {
      for (let q = 0; q < 3; q++) {
        const x = cell(filled, paperId, q)
        expect(x).toMatchObject({ status: 'evidence', answer: '', notice: { code: 'NO_API_KEY' } })
        expect(x.citations.every((ci) => ci.paperId === paperId)).toBe(true)
        // The best passage for the question comes first.
        expect(x.citations[0]!.chunkId).toBe(answerChunk(paperId, q))
      }
    }
  })

  it('offline (the model unreachable) gives evidence cells too, saying it is offline', async () => {
    const port = await freePort()
    h = await compareHarness({ baseUrl: `http://127.0.0.1:${port}` })
    const c = await h.service.create({ paperIds: PAPERS.slice(0, 2), questions: QUESTIONS })
    const filled = await h.service.run(c.id)
    for (const x of filled.cells) {
      expect(x).toMatchObject({ status: 'evidence', notice: { code: 'OFFLINE' } })
      expect(x.citations[0]!.paperId).toBe(x.paperId)
    }
  })

  it('adding a paper and a question re-runs only the new cells, and the table reopens after a restart', async () => {
    h = await compareHarness()
    const c = await h.service.create({
      paperIds: PAPERS.slice(0, 2),
      questions: QUESTIONS.slice(0, 2)
    })
    await h.service.run(c.id)
    expect(h.gemini.of('cell')).toHaveLength(4)
    const wider = await h.service.update(c.id, {
      addPaperIds: [PAPERS[2]!],
      addQuestions: [QUESTIONS[2]!]
    })
    expect(wider.cells.filter((x) => x.status === 'pending')).toHaveLength(5)
    const filled = await h.service.run(c.id)
    expect(h.gemini.of('cell')).toHaveLength(9)
    expect(filled.cells.every((x) => x.status === 'answered')).toBe(true)

    // Saved: a new store over the same folder (a restart) reads the same table.
    const again = await h.reopen()
    expect(again.get(c.id)).toEqual(filled)
    expect(again.setAside()).toEqual([])
  })

  it('cancel stops filling; running again fills only the rest', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let seen = 0
    h = await compareHarness({
      concurrency: 1,
      script: {
        cell: async (r) => {
          seen += 1
          if (seen === 2) await gate
          const id = cellPassageIds(r)[0]!
          return { json: { status: 'answered', answer: 'Stated.', passageIds: [id] } }
        }
      }
    })
    const c = await h.service.create({ paperIds: PAPERS.slice(0, 2), questions: QUESTIONS })
    const running = h.service.run(c.id)
    await expect.poll(() => seen).toBe(2)
    expect(h.service.cancel(c.id)).toBe(true)
    release()
    const stopped = await running
    expect(h.progress.at(-1)!.state).toBe('cancelled')
    const filledBefore = stopped.cells.filter((x) => x.status === 'answered').length
    expect(filledBefore).toBe(1)
    const done = await h.service.run(c.id)
    expect(done.cells.every((x) => x.status === 'answered')).toBe(true)
    expect(h.gemini.of('cell').length).toBe(seen)
    expect(seen).toBe(2 + 5)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}
