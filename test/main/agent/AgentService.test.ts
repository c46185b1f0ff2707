import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ANSWER_TEXTS } from '../../../src/main/agent/language'
import { UserFacingError } from '../../../src/main/errors'
import { AnswerSchema } from '../../../src/shared/types'
import { functionResponses, lastUserText } from '../../fakes/fakeGemini'
import { DEFAULT_CHUNKS, fakePapers } from '../../fakes/fakeRetriever'
import { agentHarness, stages, verdict, type AgentHarness } from './agentHarness'

const HEADS = '1706.03762-page-5-chunk-0'
const SCALED = '1706.03762-page-4-chunk-1'
const textOf = (id: string): string => DEFAULT_CHUNKS.find((c) => c.chunkId === id)!.text

let h: AgentHarness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

describe('AgentService over the real Gemini SDK and a fake Gemini server', () => {
  it('searches, streams a cited answer, has it judged and returns numbered citations', async () => {
    h = await agentHarness({
      settings: { answerLanguage: 'en' },
      script: {
        tools: {
          functionCalls: [{ name: 'search_documents', args: { query: 'attention heads' } }]
        },
        rewrite: { text: 'number of parallel attention heads in the Transformer' },
        synthesis: {
          text: [
            `The Transformer uses h = 8 parallel attention heads [[${HEADS}]], `,
            `each of dimension 64 [[${HEADS}]].`
          ]
        }
      }
    })
    const answer = await h.ask('How many attention heads does the Transformer use?')

    expect(AnswerSchema.parse(answer)).toEqual(answer)
    expect(answer).toMatchObject({
      mode: 'generated',
      verified: true,
      notice: null,
      answer: 'The Transformer uses h = 8 parallel attention heads [1], each of dimension 64 [1].'
    })
    expect(answer.citations).toHaveLength(1)
    const [c] = answer.citations
    expect(c).toMatchObject({ number: 1, paperId: '1706.03762', page: 5, chunkId: HEADS })
    expect(c!.title).toBe('Attention Is All You Need')
    expect(textOf(HEADS)).toContain(c!.snippet)
    expect(c!.snippet).toMatch(/8 parallel attention layers/)

    expect(stages(h.events)).toEqual([
      'rewriting: attention heads',
      'searching: "number of parallel attention heads in the Transformer"',
      'drafting: ',
      'checking: '
    ])
    const tokens = h.events.flatMap((e) => (e.type === 'token' ? [e.text] : []))
    expect(tokens).toEqual([
      `The Transformer uses h = 8 parallel attention heads [[${HEADS}]], `,
      `each of dimension 64 [[${HEADS}]].`
    ])
    const usage = h.events.flatMap((e) => (e.type === 'usage' ? [e] : []))
    expect(usage.map((u) => u.call)).toEqual(['tools-1', 'rewrite', 'synthesis', 'judge'])
    expect(answer.usage.inputTokens).toBe(usage.reduce((s, u) => s + u.inputTokens, 0))
    expect(answer.usage.outputTokens).toBe(usage.reduce((s, u) => s + u.outputTokens, 0))
    expect(answer.usage.inputTokens).toBeGreaterThan(0)
    expect(h.events.every((e) => e.requestId === 'req-1')).toBe(true)
  })

  it('sends the model turn back exactly as it came, thought signature included', async () => {
    h = await agentHarness({
      script: {
        tools: {
          functionCalls: [
            { name: 'search_documents', args: { query: 'heads' }, id: 'call-1' },
            { name: 'search_documents', args: { query: 'BLEU', paperIds: ['1706.03762'] } }
          ],
          text: 'Let me search.'
        }
      }
    })
    await h.ask('How many heads, and what BLEU score?')
    const [tools] = h.gemini.of('tools')
    const [synthesis] = h.gemini.of('synthesis')
    expect(tools!.body.toolConfig?.functionCallingConfig?.mode).toBe('ANY')
    const modelTurn = synthesis!.body.contents.find((c) => c.role === 'model')!
    expect(modelTurn.parts).toEqual([
      { text: 'Let me search.' },
      {
        functionCall: { name: 'search_documents', args: { query: 'heads' }, id: 'call-1' },
        thoughtSignature: h.gemini.signatures[0]
      },
      {
        functionCall: {
          name: 'search_documents',
          args: { query: 'BLEU', paperIds: ['1706.03762'] }
        }
      }
    ])
    // Both calls ran, and their results came back in one turn, in order, with the call's id.
    expect(h.retriever.searches.map((s) => s.paperIds)).toEqual([undefined, ['1706.03762']])
    const responses = functionResponses(synthesis!)
    expect(responses.map((r) => [r.name, r.id])).toEqual([
      ['search_documents', 'call-1'],
      ['search_documents', undefined]
    ])
    expect(synthesis!.body.generationConfig?.['temperature']).toBe(0)
    expect(synthesis!.apiKey).toBe('test-key')
  })

  it('declares the three tools with JSON Schemas generated from their zod schemas', async () => {
    h = await agentHarness()
    await h.ask('What is BERT?')
    const declarations = h.gemini.of('tools')[0]!.body.tools![0]!.functionDeclarations!
    expect(declarations.map((d) => d.name)).toEqual([
      'search_documents',
      'extract_section',
      'list_papers'
    ])
    expect(declarations[0]!.parametersJsonSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: { limit: { type: 'integer', maximum: 10 }, paperIds: { type: 'array' } }
    })
  })

  it('gives the judge only the question and the answer, never the passages', async () => {
    h = await agentHarness({
      script: { synthesis: { text: `Eight heads [[${HEADS}]].` } }
    })
    await h.ask('How many attention heads?')
    const [judge] = h.gemini.of('judge')
    expect(judge!.body.generationConfig).toMatchObject({ responseMimeType: 'application/json' })
    expect(judge!.body.generationConfig?.['responseJsonSchema']).toBeTruthy()
    expect(judge!.body.tools).toBeUndefined()
    const sent = JSON.stringify(judge!.body.contents)
    expect(sent).toContain('How many attention heads?')
    expect(sent).toContain('Eight heads [1].')
    expect(sent).not.toContain('parallel attention layers')
  })

  it('rewrites once when the judge rejects the draft, and keeps the rewrite that passes', async () => {
    h = await agentHarness({
      script: {
        synthesis: [
          { text: `BERT is a model [[${HEADS}]].` },
          { text: `Attention uses 8 heads [[${HEADS}]] and scaled dot products [[${SCALED}]].` }
        ],
        tools: {
          functionCalls: [{ name: 'search_documents', args: { query: 'heads scaled dot-product' } }]
        },
        judge: [verdict(false, 'It talks about BERT, not the Transformer.'), verdict(true)]
      }
    })
    const answer = await h.ask('How does the Transformer attend?')
    expect(answer.verified).toBe(true)
    expect(answer.answer).toBe('Attention uses 8 heads [1] and scaled dot products [2].')
    expect(answer.citations.map((c) => c.chunkId)).toEqual([HEADS, SCALED])
    expect(stages(h.events)).toContain('revising: It talks about BERT, not the Transformer.')
    const [, revision] = h.gemini.of('synthesis')
    const contents = revision!.body.contents
    expect(contents.at(-2)).toEqual({
      role: 'model',
      parts: [{ text: `BERT is a model [[${HEADS}]].` }]
    })
    expect(lastUserText(revision!)).toContain('It talks about BERT, not the Transformer.')
    expect(
      h.events.filter((e) => e.type === 'usage').map((e) => (e as { call: string }).call)
    ).toEqual(['tools-1', 'rewrite', 'synthesis', 'judge', 'revision', 'judge-2'])
  })

  it('gives the fixed honest fallback in the answer language (the UI language by default) after two rejections', async () => {
    h = await agentHarness({ script: { judge: verdict(false, 'Off topic.') } })
    const answer = await h.ask('Qual é a pontuação BLEU do Transformer?', 'req-1', 'pt-BR')
    expect(answer.answer).toBe(ANSWER_TEXTS['pt-BR'].fallback)
    // Rejected twice is not "could not be checked": the UI says the checker did not confirm it.
    expect(answer).toMatchObject({ verified: false, check: 'rejected', notice: null })
    expect(answer.verified).toBe(false)
    expect(answer.mode).toBe('generated')
    expect(answer.citations.length).toBeGreaterThan(0)
    expect(answer.citations.map((c) => c.number)).toEqual(answer.citations.map((_, i) => i + 1))
    expect(h.gemini.of('synthesis')).toHaveLength(2)
    expect(h.gemini.of('judge')).toHaveLength(2)
  })

  it('lets an honest "the papers do not say" pass', async () => {
    h = await agentHarness({
      script: {
        synthesis: { text: 'The papers in the library do not say how much the training cost.' },
        judge: {
          json: { onTopic: true, coversAllParts: false, saysPapersDoNotSay: true, problem: '' }
        }
      }
    })
    const answer = await h.ask('How much did training BERT cost in dollars?')
    expect(answer.verified).toBe(true)
    expect(answer.answer).toBe('The papers in the library do not say how much the training cost.')
    expect(h.gemini.of('synthesis')).toHaveLength(1)
  })

  it('strips unknown and malformed citation markers and numbers the rest', async () => {
    h = await agentHarness({
      script: {
        tools: {
          functionCalls: [{ name: 'search_documents', args: { query: 'scaled dot-product heads' } }]
        },
        synthesis: {
          text: `Scaled dot products [[${SCALED}]]. Eight heads [[1706.03762-page-99-chunk-7]] [[not an id!]]. Both [[${HEADS}, ${SCALED}]]. Done [[]] [[${HEADS}`
        }
      }
    })
    const answer = await h.ask('How does attention work?')
    expect(answer.answer).toBe('Scaled dot products [1]. Eight heads. Both [2][1]. Done')
    expect(answer.citations.map((c) => [c.number, c.chunkId])).toEqual([
      [1, SCALED],
      [2, HEADS]
    ])
  })

  it('cites the retrieved passages when the model cited nothing', async () => {
    h = await agentHarness({
      script: {
        tools: {
          functionCalls: [{ name: 'search_documents', args: { query: 'masked LM tokens' } }]
        },
        synthesis: { text: 'BERT masks 15% of the tokens.' }
      }
    })
    const answer = await h.ask('What does BERT mask?')
    expect(answer.answer).toBe('BERT masks 15% of the tokens.')
    expect(answer.citations.length).toBeGreaterThan(0)
    expect(answer.citations[0]).toMatchObject({ number: 1, chunkId: '1810.04805-page-4-chunk-2' })
    for (const c of answer.citations) expect(textOf(c.chunkId)).toContain(c.snippet)
  })

  it('reads a section and cites it with a snippet from its text', async () => {
    h = await agentHarness({
      script: {
        tools: {
          functionCalls: [
            { name: 'extract_section', args: { paperId: '1810.04805', section: 'bert' } }
          ]
        },
        synthesis: { text: 'BERT uses a masked LM [[1810.04805-section-bert]].' }
      }
    })
    const answer = await h.ask('How is BERT pre-trained?')
    expect(stages(h.events)).toContain(
      'reading: bert — BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding'
    )
    expect(answer.citations).toEqual([
      expect.objectContaining({ number: 1, paperId: '1810.04805', page: 4 })
    ])
    const sectionText = `${textOf('1810.04805-page-4-chunk-2')}\n${textOf('1810.04805-page-4-chunk-3')}`
    expect(sectionText).toContain(answer.citations[0]!.snippet)
    expect(answer.citations[0]!.snippet).toMatch(/masked LM/)
  })

  it('answers a malformed tool call with an error the model reads, then uses its corrected call', async () => {
    h = await agentHarness({
      settings: { toolRounds: 2 },
      script: {
        tools: [
          { functionCalls: [{ name: 'search_documents', args: { query: 42, limit: 99 } }] },
          { functionCalls: [{ name: 'search_documents', args: { query: 'BLEU score' } }] }
        ]
      }
    })
    const answer = await h.ask('What BLEU score did the Transformer reach?')
    expect(h.retriever.searches.map((s) => s.query)).toEqual(['BLEU score'])
    const [, second] = h.gemini.of('tools')
    expect(second!.body.toolConfig?.functionCallingConfig?.mode).toBe('AUTO')
    const [bad] = functionResponses(second!)
    expect(bad!.response['error']).toMatch(/Invalid arguments for search_documents/)
    expect(bad!.response['error']).toMatch(/query/)
    expect(bad!.response['error']).toMatch(/limit/)
    expect(answer.citations[0]?.chunkId).toBe('1706.03762-page-8-chunk-0')
  })

  it('answers an unknown tool with an error result the model can read in the next round', async () => {
    h = await agentHarness({
      settings: { toolRounds: 2 },
      script: {
        tools: [
          { functionCalls: [{ name: 'delete_library', args: {} }] },
          { functionCalls: [{ name: 'search_documents', args: { query: 'attention' } }] }
        ]
      }
    })
    const answer = await h.ask('Delete everything')
    const [, second] = h.gemini.of('tools')
    expect(functionResponses(second!)[0]!.response['error']).toMatch(
      /no tool named "delete_library".*search_documents, extract_section, list_papers/
    )
    expect(answer.mode).toBe('generated')
  })

  it('searches with the question itself when no tool call brought back a passage', async () => {
    h = await agentHarness({
      script: { tools: { functionCalls: [{ name: 'delete_library', args: {} }] } }
    })
    const answer = await h.ask('What is scaled dot-product attention?')
    expect(h.retriever.searches.map((s) => s.query)).toEqual([
      'What is scaled dot-product attention?'
    ])
    const [synthesis] = h.gemini.of('synthesis')
    expect(functionResponses(synthesis!)).toEqual([])
    const [question, block] = synthesis!.body.contents[0]!.parts.map((p) => p.text)
    expect(question).toBe('What is scaled dot-product attention?')
    expect(block).toMatch(/^<passages>\n\{"id":"1706\.03762-page-4-chunk-1"/)
    expect(answer).toMatchObject({ mode: 'generated', verified: true })
    expect(answer.citations[0]?.chunkId).toBe('1706.03762-page-4-chunk-1')
  })

  it('rejects unknown paper ids in a search with a readable error', async () => {
    h = await agentHarness({
      settings: { toolRounds: 2 },
      script: {
        tools: [
          {
            functionCalls: [
              { name: 'search_documents', args: { query: 'x', paperIds: ['9999.99999'] } }
            ]
          },
          { text: 'Done.' }
        ]
      }
    })
    await h.ask('Anything?')
    const [, second] = h.gemini.of('tools')
    expect(functionResponses(second!)[0]!.response['error']).toMatch(/9999\.99999.*list_papers/)
    // The call was refused before any search; with no passage, the app searched the question.
    expect(h.retriever.searches.map((s) => s.query)).toEqual(['Anything?'])
  })

  it('rewrites a Portuguese question into an English query and answers in pt-BR', async () => {
    h = await agentHarness({
      script: { rewrite: { text: '"number of attention heads in the Transformer"' } }
    })
    await h.ask('Quantas cabeças de atenção o Transformer usa?', 'req-1', 'pt-BR')
    expect(lastUserText(h.gemini.of('rewrite')[0]!)).toBe(
      'Quantas cabeças de atenção o Transformer usa?'
    )
    expect(h.retriever.searches[0]!.query).toBe('number of attention heads in the Transformer')
    const system = JSON.stringify(h.gemini.of('synthesis')[0]!.body.systemInstruction)
    expect(system).toContain('Brazilian Portuguese')
  })

  it('answers an English question in English when the setting follows the question', async () => {
    h = await agentHarness({
      settings: { answerLanguage: 'question' },
      script: { judge: verdict(false, 'Incomplete.') }
    })
    const answer = await h.ask('What does the paper say about the number of heads?')
    expect(JSON.stringify(h.gemini.of('synthesis')[0]!.body.systemInstruction)).toContain(
      'Write the answer in English.'
    )
    expect(answer.answer).toBe(ANSWER_TEXTS.en.fallback)
  })

  it('searches with the original query when the rewrite fails', async () => {
    h = await agentHarness({
      script: {
        tools: { functionCalls: [{ name: 'search_documents', args: { query: 'masked LM' } }] },
        rewrite: { error: { status: 503, message: 'The model is overloaded.' } }
      }
    })
    const answer = await h.ask('What is a masked LM?')
    expect(h.retriever.searches[0]!.query).toBe('masked LM')
    expect(answer).toMatchObject({ verified: true, check: 'passed' })
  })

  it('keeps the answer, unverified and saying why, when the judge call fails', async () => {
    h = await agentHarness({
      script: {
        synthesis: { text: `Eight heads [[${HEADS}]].` },
        tools: { functionCalls: [{ name: 'search_documents', args: { query: 'heads' } }] },
        judge: { error: { status: 429, retryAfter: '20' } }
      }
    })
    const answer = await h.ask('How many heads?')
    expect(answer).toMatchObject({
      answer: 'Eight heads [1].',
      verified: false,
      check: 'unchecked',
      mode: 'generated'
    })
    expect(answer.notice).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 20 })
    expect(answer.notice!.message).toMatch(/could not be checked/)
  })

  it('keeps the first answer, unverified, when its rewrite fails', async () => {
    h = await agentHarness({
      script: {
        synthesis: [{ text: 'A draft.' }, { error: { status: 503 } }],
        judge: verdict(false, 'Incomplete.')
      }
    })
    const answer = await h.ask('What is attention?')
    expect(answer).toMatchObject({ answer: 'A draft.', verified: false, check: 'rejected' })
    expect(answer.notice).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect(answer.notice!.message).toMatch(/flagged by the check \(Incomplete\.\)/)
  })

  it('reports a 429 as RATE_LIMITED with the retry-after, not as missing evidence', async () => {
    h = await agentHarness({
      script: { tools: { error: { status: 429, retryAfter: '30', message: 'Quota exceeded.' } } }
    })
    const error = await h.ask('What is BERT?').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserFacingError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 30 })
    expect((error as Error).message).toMatch(/30 s/)
  })

  it('reports a 503 during the answer as UPSTREAM_UNAVAILABLE', async () => {
    h = await agentHarness({ script: { synthesis: { error: { status: 503 } } } })
    await expect(h.ask('What is BERT?')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
  })

  it('reports a response slower than the timeout as TIMEOUT, promptly', async () => {
    h = await agentHarness({ timeoutMs: 300, script: { tools: { delayMs: 5000, text: 'late' } } })
    const started = Date.now()
    await expect(h.ask('What is BERT?')).rejects.toMatchObject({ code: 'TIMEOUT' })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('falls back to the evidence-only answer when Gemini cannot be reached', async () => {
    const closedPort = await freePort()
    h = await agentHarness({ baseUrl: `http://127.0.0.1:${closedPort}` })
    const answer = await h.ask('How many attention heads does the Transformer use?', 'r', 'pt-BR')
    expect(answer.mode).toBe('evidence')
    expect(answer.verified).toBe(false)
    expect(answer.notice?.code).toBe('OFFLINE')
    expect(answer.notice?.message).toMatch(/^No internet connection/)
    expect(answer.notice?.message).not.toMatch(/E[A-Z]{4,}/)
    expect(answer.answer).toMatch(/^Resposta não gerada \(sem conexão com a internet/)
    expect(answer.citations.length).toBeGreaterThan(0)
  })

  it('falls back to the evidence-only answer when the key is rejected', async () => {
    h = await agentHarness({
      script: {
        tools: {
          error: { status: 400, message: 'API key not valid. Please pass a valid API key.' }
        }
      }
    })
    const answer = await h.ask('What is BERT?', 'req-1', 'pt-BR')
    expect(answer.mode).toBe('evidence')
    expect(answer.notice?.code).toBe('NO_API_KEY')
    expect(answer.notice?.message).toMatch(/rejected the API key/)
    expect(answer.notice?.message).not.toContain('GEMINI_API_KEY')
    expect(answer.answer).toMatch(/^Resposta não gerada \(o Gemini recusou a chave da API\)/)
  })

  it('labels evidence in the UI language even when answers are set to another language', async () => {
    h = await agentHarness({ noKey: true, settings: { answerLanguage: 'pt-BR' } })
    const answer = await h.ask('How many parallel heads does multi-head attention use?', 'r', 'en')
    expect(answer.answer).toMatch(/^Not a generated answer \(no Gemini API key is set\)/)
    expect(answer.notice?.message).not.toContain('GEMINI_API_KEY')
    await h.close()
    h = await agentHarness({ noKey: true, settings: { uiLanguage: 'pt-BR' } })
    // No language from a renderer (the CLI): main's own UI-language setting.
    const cli = await h.ask('How many parallel heads does multi-head attention use?')
    expect(cli.answer).toMatch(/^Resposta não gerada \(nenhuma chave da API Gemini configurada\)/)
  })

  it('answers with labelled evidence only when there is no API key', async () => {
    h = await agentHarness({ noKey: true, settings: { answerLanguage: 'en' } })
    const question = 'How many parallel heads does multi-head attention use?'
    const answer = await h.ask(question)
    expect(AnswerSchema.parse(answer)).toEqual(answer)
    expect(answer).toMatchObject({ mode: 'evidence', verified: false })
    expect(answer.notice?.code).toBe('NO_API_KEY')
    expect(answer.answer.startsWith('Not a generated answer (no Gemini API key is set).')).toBe(
      true
    )
    expect(answer.citations[0]).toMatchObject({ number: 1, chunkId: HEADS, page: 5 })
    expect(answer.answer).toContain('[1] Attention Is All You Need, p. 5:')
    for (const c of answer.citations) expect(textOf(c.chunkId)).toContain(c.snippet)
    expect(h.retriever.searches[0]!.query).toBe(question)
    expect(h.gemini.requests).toHaveLength(0)
    expect(answer.usage).toEqual({ inputTokens: 0, outputTokens: 0 })
  })

  it('says there is nothing to answer from while no paper is indexed', async () => {
    const pending = fakePapers().map((p) => ({ ...p, status: 'embedding' as const }))
    h = await agentHarness({ papers: pending })
    await expect(h.ask('What is BERT?')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(h.gemini.requests).toHaveLength(0)
  })

  it('stops when cancelled and says so', async () => {
    h = await agentHarness({ script: { tools: { hang: true } } })
    const pending = h.ask('What is BERT?', 'to-cancel')
    // Cancelled once the model call is in flight (the fake never answers it).
    await expect.poll(() => h!.gemini.requests.length, { timeout: 10_000 }).toBe(1)
    expect(h.agent.cancel('to-cancel')).toBe(true)
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(h.agent.cancel('to-cancel')).toBe(false)
  })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise<void>((r) => server.close(() => r()))
  return port
}
