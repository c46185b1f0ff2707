import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AskInput } from '../../../src/main/agent/AgentService'
import { ConversationService } from '../../../src/main/chat/ConversationService'
import { ThreadStore } from '../../../src/main/chat/ThreadStore'
import { CancelledError, UserFacingError } from '../../../src/main/errors'
import type { Answer } from '../../../src/shared/types'
import { answer, citation, paper } from '../../fixtures/chatRecords'

/** An agent that records what it was asked and answers from a script. */
function scripted(replies: ((input: AskInput) => Promise<Answer>)[]) {
  const asked: AskInput[] = []
  return {
    asked,
    agent: {
      ask: (input: AskInput) => {
        asked.push(input)
        return replies.shift()!(input)
      }
    }
  }
}

async function setup(replies: ((input: AskInput) => Promise<Answer>)[]) {
  const store = new ThreadStore(join(mkdtempSync(join(tmpdir(), 'rp-conv-')), 'threads'))
  await store.open()
  const { asked, agent } = scripted(replies)
  const service = new ConversationService({
    store,
    agent,
    papers: () => [paper()],
    modelName: () => 'gemini-test'
  })
  return { store, service, asked }
}

describe('ConversationService', () => {
  it('saves the turn as running before the agent starts, then with its answer and model', async () => {
    let seen: string[] = []
    const { service, store, asked } = await setup([
      async () => answer(),
      async () => {
        seen = store.get(thread.id).turns.map((t) => t.status)
        return answer({ question: 'And BERT?' })
      }
    ])
    const thread = await service.create({ scope: ['1706.03762'] })
    const first = await service.ask({
      question: 'What is attention?',
      requestId: 'r1',
      threadId: thread.id
    })
    expect(first).toMatchObject({ threadId: thread.id, turnId: expect.stringMatching(/^u-/) })
    await service.ask({ question: 'And BERT?', requestId: 'r2', threadId: thread.id })
    expect(seen).toEqual(['done', 'running'])
    // The second question got the first turn as history, and the thread's scope.
    expect(asked[1]).toMatchObject({
      history: [{ question: 'What is attention?', answer: answer().answer }],
      paperIds: ['1706.03762']
    })
    const saved = service.get(thread.id)
    expect(saved.turns.map((t) => [t.status, t.model])).toEqual([
      ['done', 'gemini-test'],
      ['done', 'gemini-test']
    ])
  })

  it('records a failure and a stop on their turn, and keeps them out of the history', async () => {
    const { service, asked } = await setup([
      async () => {
        throw new UserFacingError('RATE_LIMITED', 'Quota reached.')
      },
      async () => {
        throw new CancelledError({ key: 'cancelledAnswer' })
      },
      async () => answer()
    ])
    const { id } = await service.create({})
    await expect(service.ask({ question: 'one', requestId: 'a', threadId: id })).rejects.toThrow(
      'Quota reached.'
    )
    await expect(service.ask({ question: 'two', requestId: 'b', threadId: id })).rejects.toThrow(
      /cancelled/
    )
    await service.ask({ question: 'three', requestId: 'c', threadId: id })
    const turns = service.get(id).turns
    expect(turns.map((t) => [t.status, t.error?.code ?? null])).toEqual([
      ['failed', 'RATE_LIMITED'],
      ['stopped', 'CANCELLED'],
      ['done', null]
    ])
    expect(asked[2]!.history).toEqual([])
  })

  it('answers outside a thread without saving, and refuses a scope of unknown papers', async () => {
    const { service, store } = await setup([async () => answer()])
    const a = await service.ask({ question: 'alone', requestId: 'x' })
    expect(a).toMatchObject({ threadId: null, turnId: null })
    expect(store.list()).toEqual([])
    await expect(service.create({ scope: ['nope'] })).rejects.toThrow(/No paper with id nope/)
  })

  it("narrows a thread's papers by the papers a caller asks for, and refuses others", async () => {
    const { service, asked } = await setup([async () => answer()])
    const { id } = await service.create({ scope: ['1706.03762'] })
    await service.ask({ question: 'q', requestId: 'a', threadId: id, paperIds: ['1706.03762'] })
    expect(asked[0]!.paperIds).toEqual(['1706.03762'])
    await expect(
      service.ask({ question: 'q', requestId: 'b', threadId: id, paperIds: ['1810.04805'] })
    ).rejects.toThrow(/outside this conversation's papers/)
  })

  it('draws the figure of a turn saved without its region again, from the paper', async () => {
    const store = new ThreadStore(join(mkdtempSync(join(tmpdir(), 'rp-conv-')), 'threads'))
    await store.open()
    const t = await store.create()
    const turn = await store.beginTurn(t.id, 'What does Figure 1 show?')
    // As format 1 saved it: the figure's chunk id, but no kind and no region.
    const old = answer({ citations: [citation(1, { chunkId: '1706.03762-page-3-figure-1' })] })
    await store.finishTurn(t.id, turn.id, { status: 'done', answer: old, model: null })
    const region = { x: 0.3, y: 0.07, width: 0.4, height: 0.45 }
    const service = new ConversationService({
      store,
      agent: scripted([]).agent,
      papers: () => [paper()],
      modelName: () => 'gemini-test',
      chunks: (ids) =>
        ids.map((id) => ({
          id,
          paperId: '1706.03762',
          page: 3,
          index: 0,
          section: 'body',
          text: 'Figure 1: The Transformer - model architecture.',
          tokens: 9,
          kind: 'figure' as const,
          region
        }))
    })
    expect(service.get(t.id).turns[0]!.citations[0]).toMatchObject({ kind: 'figure', region })
  })
})
