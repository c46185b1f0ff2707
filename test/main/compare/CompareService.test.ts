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
  describe('the retrieval query of a column', () => {
    const PT = 'Quais conjuntos de dados são usados no treino?'
    const answerFirst = {
      cell: (r: RecordedRequest) => ({
        json: { status: 'answered', answer: 'Stated.', passageIds: [cellPassageIds(r)[0]] }
      })
    }

    it('rewrites a Portuguese question once per column into the English query each paper is searched with', async () => {
      h = await compareHarness({
        script: {
          ...answerFirst,
          rewrite: (r) => ({
            text: lastUserText(r).includes('conjuntos') ? 'datasets used for training' : 'x'
          })
        }
      })
      const c = await h.service.create({ paperIds: PAPERS, questions: [PT] })
      const filled = await h.service.run(c.id)
      // One rewrite for the column, not one per paper.
      expect(h.gemini.of('rewrite')).toHaveLength(1)
      expect(h.retriever.searches.map((x) => x.query)).toEqual(
        PAPERS.map(() => 'datasets used for training')
      )
      for (const paperId of PAPERS) {
        const x = filled.cells.find((y) => y.paperId === paperId)!
        expect(x).toMatchObject({ status: 'answered' })
        expect(x.citations[0]!.chunkId).toBe(answerChunk(paperId, 0))
      }
      // The model is still asked the question as the user wrote it.
      for (const r of h.gemini.of('cell')) expect(lastUserText(r)).toContain(`Question: ${PT}`)
    })

    it('falls back to the question as typed when the rewrite fails (and finds nothing in English papers)', async () => {
      h = await compareHarness({
        script: { ...answerFirst, rewrite: { error: { status: 503, message: 'overloaded' } } }
      })
      const c = await h.service.create({ paperIds: PAPERS.slice(0, 2), questions: [PT] })
      const filled = await h.service.run(c.id)
      expect(h.retriever.searches.every((x) => x.query === PT)).toBe(true)
      expect(filled.cells.every((x) => x.status === 'not-stated')).toBe(true)
      expect(h.gemini.of('cell')).toHaveLength(0)
    })

    it('waits out a rate-limited rewrite like a rate-limited cell, then rewrites', async () => {
      h = await compareHarness({
        script: {
          ...answerFirst,
          rewrite: [
            { error: { status: 429, message: 'Quota exceeded', retryAfter: '3' } },
            { text: 'datasets used for training' }
          ]
        }
      })
      const c = await h.service.create({ paperIds: PAPERS.slice(0, 2), questions: [PT] })
      const filled = await h.service.run(c.id)
      expect(h.waits).toEqual([3])
      expect(filled.cells.every((x) => x.status === 'answered')).toBe(true)
      expect(h.retriever.searches.every((x) => x.query === 'datasets used for training')).toBe(true)
    })
  })

  describe('where the papers come from', () => {
    it('starts from a collection: its papers become the rows, and the table remembers the collection', async () => {
      h = await compareHarness({ noKey: true })
      h.collections.set('col-1', { name: 'Reading group', paperIds: [PAPERS[3]!, PAPERS[1]!] })
      const c = await h.service.create({ collectionId: 'col-1', questions: [QUESTIONS[0]!] })
      expect(c).toMatchObject({
        paperIds: [PAPERS[3], PAPERS[1]],
        collection: { id: 'col-1', name: 'Reading group' },
        threadId: null
      })
      const filled = await h.service.run(c.id)
      expect(filled.cells.map((x) => x.citations[0]!.chunkId)).toEqual([
        answerChunk(PAPERS[3]!, 0),
        answerChunk(PAPERS[1]!, 0)
      ])
      h.collections.set('col-empty', { name: 'Empty', paperIds: [] })
      await expect(
        h.service.create({ collectionId: 'col-empty', questions: [QUESTIONS[0]!] })
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: /Collection "Empty" has no indexed papers/
      })
      await expect(
        h.service.create({ collectionId: 'col-gone', questions: [QUESTIONS[0]!] })
      ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    })

    it("starts from a conversation's papers and is saved with that conversation across a restart", async () => {
      h = await compareHarness({ noKey: true })
      h.threads.set('t-scoped', [PAPERS[0]!, PAPERS[2]!])
      h.threads.set('t-all', null)
      h.threads.set('t-other', null)
      const scoped = await h.service.create({ threadId: 't-scoped', questions: [QUESTIONS[1]!] })
      expect(scoped).toMatchObject({ paperIds: [PAPERS[0], PAPERS[2]], threadId: 't-scoped' })
      // A conversation over the whole library compares every indexed paper.
      const all = await h.service.create({ threadId: 't-all', questions: [QUESTIONS[1]!] })
      expect(all.paperIds).toEqual(PAPERS)
      // Chosen papers are limited to the conversation's, as its questions are.
      const narrowed = await h.service.create({
        threadId: 't-scoped',
        paperIds: [PAPERS[2]!, PAPERS[4]!],
        questions: [QUESTIONS[2]!]
      })
      expect(narrowed.paperIds).toEqual([PAPERS[2]])
      await expect(
        h.service.create({ threadId: 't-scoped', paperIds: [PAPERS[4]!], questions: ['Q?'] })
      ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: /outside this conversation/ })
      await expect(
        h.service.create({ threadId: 't-missing', questions: ['Q?'] })
      ).rejects.toMatchObject({ code: 'NOT_FOUND' })

      expect(
        h.service
          .list('t-scoped')
          .map((x) => x.id)
          .sort()
      ).toEqual([scoped.id, narrowed.id].sort())
      expect(h.service.list('t-other')).toEqual([])
      const again = await h.reopen()
      expect(again.get(scoped.id).threadId).toBe('t-scoped')
      expect(again.get(all.id).threadId).toBe('t-all')
    })

    it('refuses a comparison with no papers, naming the ways to give them', async () => {
      h = await compareHarness({ noKey: true })
      await expect(h.service.create({ questions: ['Q?'] })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: /choose some, a collection, or a conversation/
      })
    })
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
