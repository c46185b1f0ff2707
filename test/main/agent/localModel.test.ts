import { afterEach, describe, expect, it } from 'vitest'
import { errorMessage, UserFacingError } from '../../../src/main/errors'
import { AnswerSchema } from '../../../src/shared/types'
import { lastUserContent, shownPassageIds } from '../../fakes/fakeOpenAi'
import { stages } from './agentHarness'
import { closedPort } from '../../fakes/closedPort'
import { localHarness, type LocalHarness } from './localHarness'

const HEADS = '1706.03762-page-5-chunk-0'

let h: LocalHarness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function rejection(p: Promise<unknown>): Promise<UserFacingError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(UserFacingError)
  return error as UserFacingError
}

describe('a local OpenAI-compatible model behind the same agent (real openai client, fake server)', () => {
  it('tools path: searches through a tool call, streams a cited answer, judged, labelled local', async () => {
    h = await localHarness({
      script: {
        tools: {
          toolCalls: [{ name: 'search_documents', arguments: { query: 'attention heads' } }]
        },
        rewrite: { text: 'number of parallel attention heads' },
        synthesis: {
          text: ['The Transformer uses 8 parallel attention heads ', `[[${HEADS}]].`]
        }
      }
    })
    const answer = await h.ask('How many attention heads does the Transformer use?')

    expect(AnswerSchema.parse(answer)).toEqual(answer)
    expect(answer).toMatchObject({
      mode: 'generated',
      verified: true,
      notice: null,
      answer: 'The Transformer uses 8 parallel attention heads [1].',
      answeredBy: { provider: 'local', model: 'qwen2.5:3b', fallback: false }
    })
    expect(answer.citations[0]).toMatchObject({ number: 1, chunkId: HEADS, page: 5 })
    expect(stages(h.events)).toEqual([
      'rewriting: attention heads',
      'searching: "number of parallel attention heads"',
      'drafting: ',
      'checking: '
    ])
    const tokens = h.events.flatMap((e) => (e.type === 'token' ? [e.text] : []))
    expect(tokens).toEqual(['The Transformer uses 8 parallel attention heads ', `[[${HEADS}]].`])

    // The wire: a streamed tool turn that must call a tool, then the call and its result.
    const [tools] = h.server.of('tools')
    expect(tools!.body).toMatchObject({ stream: true, tool_choice: 'required', temperature: 0 })
    expect(tools!.body.stream_options).toEqual({ include_usage: true })
    expect(tools!.body.tools!.map((t) => t.function.name)).toEqual([
      'search_documents',
      'extract_section',
      'list_papers'
    ])
    const [synthesis] = h.server.of('synthesis')
    expect(synthesis!.body.tools).toBeUndefined()
    const assistant = synthesis!.body.messages.find((m) => m.role === 'assistant')!
    const call = assistant.tool_calls![0]!
    expect(call.function).toEqual({
      name: 'search_documents',
      arguments: '{"query":"attention heads"}'
    })
    const result = synthesis!.body.messages.find((m) => m.role === 'tool')!
    expect(result.tool_call_id).toBe(call.id)
    expect(shownPassageIds(synthesis!)).toContain(HEADS)
    // The rewrite and the judge ran on the local model too.
    expect(h.server.of('rewrite')).toHaveLength(1)
    expect(h.server.of('judge')[0]!.body.response_format).toMatchObject({ type: 'json_schema' })
    const usage = h.events.flatMap((e) => (e.type === 'usage' ? [e] : []))
    expect(usage.map((u) => u.call)).toEqual(['tools-1', 'rewrite', 'synthesis', 'judge'])
    expect(answer.usage.inputTokens).toBe(usage.reduce((s, u) => s + u.inputTokens, 0))
    expect(answer.usage.inputTokens).toBeGreaterThan(0)
  })

  it.each([
    ['ignores the tools and answers in prose', 'ignored'],
    ['is refused tools by its server (Ollama: "does not support tools")', 'unsupported'],
    ['emits a tool call whose arguments are broken JSON', 'broken']
  ] as const)('no-tools path: a model that %s gets retrieve-then-answer', async (_what, tools) => {
    h = await localHarness({
      models: { 'gemma3:1b': { tools } },
      script: { rewrite: { text: 'Transformer attention heads' } }
    })
    const answer = await h.ask('How many attention heads does the Transformer use?')

    expect(answer).toMatchObject({ mode: 'generated', verified: true })
    expect(answer.answeredBy).toEqual({ provider: 'local', model: 'gemma3:1b', fallback: false })
    expect(answer.answer).toMatch(/^The papers answer this directly \[1\]\.$/)
    expect(answer.citations).toHaveLength(1)
    // The app searched with the (rewritten) question and put the passages in the prompt.
    expect(h.retriever.searches.map((s) => s.query)).toEqual(['Transformer attention heads'])
    const [synthesis] = h.server.of('synthesis')
    expect(synthesis!.body.messages.some((m) => m.role === 'tool')).toBe(false)
    const asked = synthesis!.body.messages.filter((m) => m.role === 'user').at(-1)!.content
    expect(asked).toMatch(/^How many attention heads.*\?\n\n<passages>\n\{"id":/)
    expect(lastUserContent(synthesis!)).toBe('How many attention heads does the Transformer use?')
    expect(shownPassageIds(synthesis!)).toContain(answer.citations[0]!.chunkId)
    expect(stages(h.events)).toEqual([
      'rewriting: How many attention heads does the Transformer use?',
      'searching: "Transformer attention heads"',
      'drafting: ',
      'checking: '
    ])
  })

  it('judge: JSON-schema output when offered, asked again without it when refused, a fenced reply parsed', async () => {
    h = await localHarness({ models: { strict: { structuredOutput: 'rejected' } } })
    const first = await h.ask('What is scaled dot-product attention?')
    expect(first.verified).toBe(true)
    const judges = h.server.of('judge')
    expect(judges).toHaveLength(2)
    expect(judges[0]!.body.response_format).toBeDefined()
    expect(judges[1]!.body.response_format).toBeUndefined()
    // Learnt: the next answer's judge goes straight to the plain request.
    await h.ask('What is scaled dot-product attention?', 'req-2')
    expect(h.server.of('judge')).toHaveLength(3)
    expect(h.server.of('judge')[2]!.body.response_format).toBeUndefined()
    expect(judges[1]!.body.messages[0]!.content).toContain('JSON Schema')
  })

  it('judge: an unreadable verdict keeps the answer, marked unverified', async () => {
    h = await localHarness({ models: { chatty: { structuredOutput: 'garbage' } } })
    const answer = await h.ask('What is scaled dot-product attention?')
    expect(answer.mode).toBe('generated')
    expect(answer.verified).toBe(false)
    expect(answer.answer).toMatch(/\[1\]/)
    expect(answer.notice?.message).toMatch(/could not be checked.*verdict was unreadable/)
  })

  it('judge: a rejected answer is rewritten once by the local model', async () => {
    const verdict = (coversAllParts: boolean) => ({
      json: { onTopic: true, coversAllParts, saysPapersDoNotSay: false, problem: 'misses BERT' }
    })
    h = await localHarness({ script: { judge: [verdict(false), verdict(true)] } })
    const answer = await h.ask('Compare attention in the Transformer and BERT')
    expect(answer.verified).toBe(true)
    expect(stages(h.events)).toContain('revising: misses BERT')
    expect(h.server.of('synthesis')).toHaveLength(2)
  })

  it('rewrites a Portuguese question into English on the local model before searching', async () => {
    h = await localHarness({
      models: { small: { tools: 'ignored' } },
      settings: { answerLanguage: 'pt-BR' },
      script: { rewrite: { text: 'number of attention heads in the Transformer' } }
    })
    const answer = await h.ask('Quantas cabeças de atenção o Transformer usa?')
    expect(h.server.of('rewrite')[0]!.body.messages.at(-1)!.content).toBe(
      'Quantas cabeças de atenção o Transformer usa?'
    )
    expect(h.retriever.searches[0]!.query).toBe('number of attention heads in the Transformer')
    expect(h.server.of('synthesis')[0]!.body.messages[0]!.content).toContain('Brazilian Portuguese')
    expect(answer.mode).toBe('generated')
  })

  it('a model that is not installed: LOCAL_MODEL_MISSING naming it and the pull command', async () => {
    h = await localHarness({ models: { 'qwen2.5:3b': {} }, model: 'llama3.2:3b' })
    const error = await rejection(h.ask('What is attention?'))
    expect(error.code).toBe('LOCAL_MODEL_MISSING')
    expect(error.message).toContain('"llama3.2:3b"')
    expect(error.message).toContain('ollama pull llama3.2:3b')
  })

  it('no server running: LOCAL_MODEL_UNREACHABLE, "Start Ollama, or check the address in Settings"', async () => {
    const port = await closedPort()
    h = await localHarness({ baseUrl: `http://127.0.0.1:${port}/v1` })
    const error = await rejection(h.ask('What is attention?'))
    expect(error.code).toBe('LOCAL_MODEL_UNREACHABLE')
    expect(error.message).toBe(
      `Nothing answers at http://127.0.0.1:${port}/v1. Start Ollama, or check the address in Settings.`
    )
  })

  it('trims the evidence to a small context window and says so', async () => {
    h = await localHarness({
      contextTokens: 1024,
      script: {
        tools: {
          toolCalls: [
            { name: 'search_documents', arguments: { query: 'attention transformer model' } }
          ]
        }
      }
    })
    const answer = await h.ask('What does the Transformer use attention for?')
    expect(answer.mode).toBe('generated')
    expect(answer.notice?.code).toBe('CONTEXT_TOO_SMALL')
    expect(answer.notice?.message).toMatch(
      /context window \(1,024 tokens\) holds only \d of the \d passages/
    )
    const [synthesis] = h.server.of('synthesis')
    const shown = shownPassageIds(synthesis!)
    const found = shownPassageIds(h.server.of('synthesis')[0]!)
    expect(shown.length).toBeGreaterThan(0)
    expect(JSON.stringify(synthesis!.body.messages).length / 3.5).toBeLessThan(1024)
    expect(found).toEqual(shown)
    for (const c of answer.citations) expect(shown).toContain(c.chunkId)
  })

  it('retries with less evidence when the server reports its smaller window (llama.cpp n_ctx)', async () => {
    h = await localHarness({
      models: { 'llama-server': { contextTokens: 1000 } },
      contextTokens: 32_768,
      script: {
        tools: {
          toolCalls: [
            { name: 'search_documents', arguments: { query: 'attention transformer model' } }
          ]
        }
      }
    })
    const answer = await h.ask('What does the Transformer use attention for?')
    expect(answer.mode).toBe('generated')
    expect(answer.notice?.code).toBe('CONTEXT_TOO_SMALL')
    expect(answer.notice?.message).toContain('(1,000 tokens)')
    expect(h.server.of('synthesis')).toHaveLength(2)
  })

  it('a window too small for even one passage is its own error, CONTEXT_TOO_SMALL', async () => {
    h = await localHarness({ models: { tiny: { tools: 'ignored', contextTokens: 60 } } })
    const error = await rejection(h.ask('What does the Transformer use attention for?'))
    expect(error.code).toBe('CONTEXT_TOO_SMALL')
    expect(error.message).toMatch(/too small for the question and even one passage/)
  })

  it('streams a slow model token by token, and stops it when cancelled', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i} `)
    h = await localHarness({
      timeoutMs: 2000,
      script: { synthesis: { text: words, chunkDelayMs: 50 } }
    })
    const pending = h.ask('What is attention?', 'slow')
    await expect
      .poll(() => h!.events.filter((e) => e.type === 'token').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(3)
    expect(h.agent.cancel('slow')).toBe(true)
    const error = await rejection(pending)
    expect(error.code).toBe('CANCELLED')
    const streamed = h.events.filter((e) => e.type === 'token').length
    expect(streamed).toBeLessThan(words.length)
    await expect.poll(() => h!.server.abandoned).toBe(1)
  })

  it('a model that goes silent longer than the timeout: TIMEOUT that says what to do', async () => {
    h = await localHarness({ timeoutMs: 300, script: { synthesis: { hang: true } } })
    const error = await rejection(h.ask('What is attention?'))
    expect(error.code).toBe('TIMEOUT')
    expect(error.message).toMatch(/sent nothing for 0 s.*raise the request timeout in Settings/)
  })

  it('a model that stops sending in the middle of its reply: TIMEOUT, never a cut-off answer', async () => {
    h = await localHarness({
      timeoutMs: 300,
      script: { synthesis: { text: ['The Transformer uses ', 'eight heads.'], chunkDelayMs: 1000 } }
    })
    const error = await rejection(h.ask('What is attention?'))
    expect(error.code).toBe('TIMEOUT')
  })

  it('Gemini offline: the configured local model answers, and the answer says so', async () => {
    h = await localHarness({ provider: 'gemini' })
    const answer = await h.ask('What is scaled dot-product attention?')
    expect(answer).toMatchObject({ mode: 'generated', verified: true })
    expect(answer.answeredBy).toEqual({ provider: 'local', model: 'qwen2.5:3b', fallback: true })
    expect(h.server.of('tools')).toHaveLength(1)
  })

  it('Gemini offline and the local server down too: evidence only, saying both', async () => {
    h = await localHarness({
      provider: 'gemini',
      baseUrl: `http://127.0.0.1:${await closedPort()}/v1`
    })
    const answer = await h.ask('What is scaled dot-product attention?')
    expect(answer.mode).toBe('evidence')
    expect(answer.notice?.code).toBe('OFFLINE')
    expect(answer.notice?.message).toMatch(
      /Gemini cannot be reached.*local model could not answer either: Nothing answers at/
    )
    // Both are said in a Portuguese UI too, not only the first.
    const pt = errorMessage(answer.notice!, 'pt-BR')
    expect(pt).toMatch(/^Sem conexão com a internet: o Gemini não pode ser alcançado/)
    expect(pt).toContain('O modelo local também não conseguiu responder: Nada responde em http')
    expect(answer.answeredBy).toBeUndefined()
  })
})
