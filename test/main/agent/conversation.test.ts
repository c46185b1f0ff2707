import { afterEach, describe, expect, it } from 'vitest'
import type { PriorTurn } from '../../../src/main/agent/history'
import { lastUserText } from '../../fakes/fakeGemini'
import { FakeRetriever, fakePapers, type FakeChunk } from '../../fakes/fakeRetriever'
import { agentHarness, type AgentHarness } from './agentHarness'

let h: AgentHarness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const TRANSFORMER_Q = 'What is the Transformer architecture?'
const TRANSFORMER_A =
  'The Transformer is an encoder-decoder model based solely on attention, with no recurrence [1].'
const FOLLOW_UP = 'How many layers does its decoder have?'

/** The Transformer's decoder passage, and a RAG passage about another decoder's layers. */
const DECODER_CHUNKS: FakeChunk[] = [
  {
    chunkId: '1706.03762-page-3-chunk-1',
    paperId: '1706.03762',
    page: 3,
    section: 'model architecture',
    text: 'The Transformer follows this overall architecture using stacked self-attention for both the encoder and decoder. Decoder: The decoder is also composed of a stack of N = 6 identical layers.'
  },
  {
    chunkId: '2005.11401-page-4-chunk-0',
    paperId: '2005.11401',
    page: 4,
    section: 'methods',
    text: 'We use BART-large as the generator; its decoder has 12 layers.'
  },
  {
    chunkId: '1810.04805-page-3-chunk-0',
    paperId: '1810.04805',
    page: 3,
    section: 'bert',
    text: 'We denote the number of layers (i.e., Transformer blocks) as L. BERT uses only the encoder.'
  }
]

const prior: PriorTurn[] = [{ question: TRANSFORMER_Q, answer: TRANSFORMER_A }]

describe('follow-ups in a thread, over the real Gemini SDK and the scripted server', () => {
  it('sends the earlier turns (questions and final answers, no tool traffic) with a follow-up', async () => {
    h = await agentHarness({ settings: { answerLanguage: 'en' } })
    await h.agent.ask({ question: FOLLOW_UP, requestId: 'r2', history: prior })
    const [tools] = h.gemini.of('tools')
    const contents = tools!.body.contents
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user'])
    expect(contents[0]!.parts).toEqual([{ text: TRANSFORMER_Q }])
    // The answer's [n] markers mean nothing in a new turn, so they are dropped.
    expect(contents[1]!.parts).toEqual([
      {
        text: 'The Transformer is an encoder-decoder model based solely on attention, with no recurrence.'
      }
    ])
    expect(lastUserText(tools!)).toBe(FOLLOW_UP)
    // The synthesis sees the same history before this turn's tool calls.
    const [synthesis] = h.gemini.of('synthesis')
    expect(synthesis!.body.contents[0]!.parts[0]!['text']).toBe(TRANSFORMER_Q)
    expect(JSON.stringify(synthesis!.body.contents)).not.toContain(
      'functionCall":{"name":"search_documents","args":{"query":"What is the Transformer'
    )
    // The judge sees the earlier turn, to judge the follow-up fairly.
    const [judge] = h.gemini.of('judge')
    expect(lastUserText(judge!)).toContain(`<conversation>\nQ: ${TRANSFORMER_Q}`)
    expect(lastUserText(judge!)).toContain(`<question>\n${FOLLOW_UP}\n</question>`)
  })

  it('rewrites "how many layers does its decoder have?" into a standalone query naming the Transformer', async () => {
    h = await agentHarness({
      settings: { answerLanguage: 'en' },
      script: {
        tools: { functionCalls: [{ name: 'search_documents', args: { query: FOLLOW_UP } }] },
        // A scripted rewrite that can only name the Transformer if the conversation reached it.
        rewrite: (request) => {
          const text = lastUserText(request)
          const subject = /<conversation>[\s\S]*Transformer/.test(text) ? 'Transformer ' : ''
          return { text: `number of layers in the ${subject}decoder` }
        }
      }
    })
    await h.agent.ask({ question: FOLLOW_UP, requestId: 'r2', history: prior })
    const [rewrite] = h.gemini.of('rewrite')
    expect(rewrite!.body.systemInstruction?.parts[0]?.text).toMatch(/Resolve every reference/)
    expect(h.retriever.searches.map((s) => s.query)).toEqual([
      'number of layers in the Transformer decoder'
    ])
  })

  it('trims the history to the budget, oldest turns out first', async () => {
    const long = (n: number): PriorTurn => ({
      question: `Question ${n}?`,
      answer: `Answer ${n}: ${'word '.repeat(150)}`
    })
    h = await agentHarness()
    // Each turn is ~190 estimated tokens: a 500-token budget keeps the newest two of four.
    ;(h.agent as unknown as { deps: { historyTokens: number } }).deps.historyTokens = 500
    await h.agent.ask({
      question: FOLLOW_UP,
      requestId: 'r',
      history: [long(1), long(2), long(3), long(4)]
    })
    const questions = h.gemini
      .of('tools')[0]!
      .body.contents.filter((c) => c.role === 'user')
      .map((c) => c.parts[0]!['text'])
    expect(questions).toEqual(['Question 3?', 'Question 4?', FOLLOW_UP])
  })

  it('answers small talk directly: no model call, no tool call, no citations', async () => {
    h = await agentHarness({ settings: { answerLanguage: 'question' } })
    const hi = await h.agent.ask({ question: 'Hi there!', requestId: 'a', history: prior })
    const thanks = await h.agent.ask({ question: 'Muito obrigado!', requestId: 'b' })
    expect(h.gemini.requests).toHaveLength(0)
    expect(h.retriever.searches).toHaveLength(0)
    expect(hi).toMatchObject({ mode: 'smalltalk', citations: [] })
    expect(hi.answer).toMatch(/^Hello!/)
    expect(thanks.answer).toMatch(/^De nada!/)
    const help = await h.agent.ask({ question: 'How do I add a PDF?', requestId: 'c' })
    expect(help.mode).toBe('smalltalk')
    expect(help.answer).toMatch(/Add PDFs or arXiv ids/)
  })

  it('answers an off-topic question as such, without tools, saying it is not from the papers', async () => {
    h = await agentHarness({
      settings: { answerLanguage: 'en' },
      script: { synthesis: { text: 'Try a classic chocolate cake.' } }
    })
    const a = await h.agent.ask({ question: 'Give me a recipe for a cake', requestId: 'x' })
    expect(h.gemini.of('tools')).toHaveLength(0)
    expect(h.retriever.searches).toHaveLength(0)
    expect(a.mode).toBe('offtopic')
    expect(a.citations).toEqual([])
    expect(a.answer).toBe(
      'This is not from the papers in your library:\n\nTry a classic chocolate cake.'
    )
  })

  it('keeps every search of a scoped thread inside its papers', async () => {
    h = await agentHarness({
      script: {
        tools: {
          functionCalls: [
            { name: 'search_documents', args: { query: 'attention' } },
            { name: 'search_documents', args: { query: 'BERT', paperIds: ['1810.04805'] } }
          ]
        }
      }
    })
    await h.agent.ask({ question: 'What is attention?', requestId: 's', paperIds: ['1706.03762'] })
    // The first search is the scope check over the whole library (never evidence); the model's
    // search is inside the scope, and the one outside it was refused with an error it can read.
    const [check, ...searches] = h.retriever.searches
    expect(check!.paperIds).toBeUndefined()
    expect(searches.map((s) => s.paperIds)).toEqual([['1706.03762']])
    const [tools] = h.gemini.of('tools')
    expect(tools!.body.systemInstruction?.parts[0]?.text).toMatch(
      /This conversation is limited to the papers in the <library> block/
    )
    // The library block in the user's turn lists only the thread's papers.
    const library = JSON.stringify(tools!.body.contents.at(-1)!.parts.map((p) => p['text']))
    expect(library).toMatch(/<library>\\n\{\\"id\\":\\"1706\.03762\\"[^<]*<\/library>/)
    expect(library).not.toMatch(/1810\.04805/)
  })
})

describe('follow-ups in evidence-only mode (no key, no model)', () => {
  it('finds the passages of the earlier subject with a keyword standalone query', async () => {
    h = await agentHarness({ noKey: true, papers: fakePapers(DECODER_CHUNKS) })
    const retriever = new FakeRetriever(DECODER_CHUNKS)
    ;(h.agent as unknown as { deps: { retriever: FakeRetriever } }).deps.retriever = retriever

    const alone = await h.agent.ask({ question: FOLLOW_UP, requestId: 'a' })
    expect(alone.citations[0]!.paperId).toBe('2005.11401')

    const followUp = await h.agent.ask({ question: FOLLOW_UP, requestId: 'b', history: prior })
    expect(followUp.mode).toBe('evidence')
    expect(retriever.searches.at(-1)!.query).toBe(`${FOLLOW_UP} transformer`)
    expect(followUp.citations[0]).toMatchObject({ paperId: '1706.03762', page: 3 })
    expect(h.gemini.requests).toHaveLength(0)
  })

  it('searches only the thread scope', async () => {
    h = await agentHarness({ noKey: true })
    const a = await h.agent.ask({
      question: 'attention heads layers',
      requestId: 'a',
      paperIds: ['1810.04805']
    })
    expect(h.retriever.searches.filter((s) => s.paperIds).length).toBeGreaterThan(0)
    expect(h.retriever.searches.every((s) => !s.paperIds || s.paperIds[0] === '1810.04805')).toBe(
      true
    )
    expect(a.citations.every((c) => c.paperId === '1810.04805')).toBe(true)
    expect(a.outsideScope).toBeUndefined()
  })

  it('says when the papers of a scoped thread do not discuss the question, naming those that do', async () => {
    const chunks: FakeChunk[] = [
      ...DECODER_CHUNKS,
      {
        chunkId: '2005.11401-page-3-chunk-0',
        paperId: '2005.11401',
        page: 3,
        section: 'methods',
        text: 'RAG uses a dense vector index of Wikipedia as its non-parametric memory.'
      }
    ]
    h = await agentHarness({ noKey: true, papers: fakePapers(chunks) })
    ;(h.agent as unknown as { deps: { retriever: FakeRetriever } }).deps.retriever =
      new FakeRetriever(chunks)
    const question = 'RAG non-parametric memory: Wikipedia index?'
    const a = await h.agent.ask({ question, requestId: 'o', paperIds: ['1706.03762'] })
    // Still answered inside the scope, as the user asked, but not quietly.
    expect(a.citations.every((c) => c.paperId === '1706.03762')).toBe(true)
    expect(a.outsideScope).toEqual(['2005.11401'])
    // Asked of the paper that discusses it, or of the whole library, there is nothing to say.
    const inScope = await h.agent.ask({ question, requestId: 'p', paperIds: ['2005.11401'] })
    expect(inScope.outsideScope).toBeUndefined()
    expect((await h.agent.ask({ question, requestId: 'q' })).outsideScope).toBeUndefined()
  })
})

describe('the keyword standalone query', () => {
  it('joins the subject of the thread to follow-ups, and leaves a new topic alone', async () => {
    const { keywordStandaloneQuery } = await import('../../../src/main/agent/standaloneQuery')
    const thread: PriorTurn[] = [
      { question: TRANSFORMER_Q, answer: '' },
      { question: FOLLOW_UP, answer: '' }
    ]
    expect(keywordStandaloneQuery('Which optimizer was it trained with?', thread)).toBe(
      'Which optimizer was it trained with? transformer'
    )
    expect(keywordStandaloneQuery('And the encoder?', thread)).toBe(
      'And the encoder? transformer layers decoder'
    )
    expect(keywordStandaloneQuery('Quantas camadas tem o codificador dele?', prior)).toBe(
      'Quantas camadas tem o codificador dele? transformer'
    )
    expect(keywordStandaloneQuery('How is BERT pre-trained on unlabeled text?', thread)).toBe(
      'How is BERT pre-trained on unlabeled text?'
    )
    expect(keywordStandaloneQuery('How is BERT pre-trained?', thread)).toBe(
      'How is BERT pre-trained?'
    )
    expect(keywordStandaloneQuery(FOLLOW_UP, [])).toBe(FOLLOW_UP)
  })
})
