import { readFile } from 'node:fs/promises'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { TesseractRecognizer } from '../../../src/main/ocr/TesseractRecognizer'
import { functionResponses, IMAGE_TOKENS, inlineImages } from '../../fakes/fakeGemini'
import { agentHarness, type AgentHarness } from './agentHarness'
import { corpusFile } from '../../fixtures/sharedCorpus'

const source = corpusFile('1706.03762.pdf', 'view_page on the Transformer paper')
const WIDTH = 400

let h: AgentHarness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

describe.skipIf(!source)('view_page: Gemini looks at a page (real SDK, fake server)', () => {
  const pages = new TesseractRecognizer()
  afterAll(() => pages.close())
  const render = async (page: number): Promise<Uint8Array> =>
    pages.pagePng(new Uint8Array(await readFile(source!)), page, WIDTH)

  it('sends the rendered page as an inline PNG in the function response, counted in usage', async () => {
    const asked: number[] = []
    h = await agentHarness({
      settings: { answerLanguage: 'en' },
      pageImage: async (paperId, page) => {
        expect(paperId).toBe('1706.03762')
        asked.push(page)
        return render(page)
      },
      script: {
        tools: {
          functionCalls: [{ name: 'view_page', args: { paperId: '1706.03762', page: 3 } }]
        },
        synthesis: {
          text: 'Figure 1 shows an encoder and a decoder stack [[1706.03762-page-3-image]].'
        }
      }
    })
    const answer = await h.ask('What does Figure 1 of the Transformer paper show?')
    expect(asked).toEqual([3])

    const synthesis = h.gemini.of('synthesis')[0]!
    const [response] = functionResponses(synthesis)
    expect(response).toMatchObject({ name: 'view_page', response: { result: { page: 3 } } })
    const images = inlineImages(synthesis)
    expect(images).toHaveLength(1)
    expect(images[0]!.mimeType).toBe('image/png')
    const sent = Buffer.from(images[0]!.data, 'base64')
    // The right page: byte for byte page 3 as drawn, not page 2.
    expect(sent.equals(Buffer.from(await render(3)))).toBe(true)
    expect(sent.equals(Buffer.from(await render(2)))).toBe(false)
    expect(sent.subarray(1, 4).toString()).toBe('PNG')
    expect(sent.readUInt32BE(16)).toBe(WIDTH)

    // The image's tokens are in the usage of the call that carried it, and in the answer's.
    const synthesisUsage = h.events.find((e) => e.type === 'usage' && e.call === 'synthesis')
    expect(
      synthesisUsage && 'inputTokens' in synthesisUsage && synthesisUsage.inputTokens
    ).toBeGreaterThan(IMAGE_TOKENS)
    expect(answer.usage.inputTokens).toBeGreaterThan(IMAGE_TOKENS)

    // What the model read on the page is citable, and the citation highlights the whole page.
    expect(answer.citations[0]).toMatchObject({
      chunkId: '1706.03762-page-3-image',
      page: 3,
      kind: 'figure',
      region: { x: 0, y: 0, width: 1, height: 1 }
    })
  }, 60_000)

  it('answers a bad page number with an error the model can read', async () => {
    // Two rounds: the model reads the error in the second. (A round that gathers no passage
    // ends in a search for the question instead, so synthesis never sees the error.)
    h = await agentHarness({
      settings: { answerLanguage: 'en', toolRounds: 2 },
      pageImage: (_paperId, page) => render(page),
      script: {
        tools: {
          functionCalls: [{ name: 'view_page', args: { paperId: '1706.03762', page: 999 } }]
        }
      }
    })
    await h.ask('What is on page 999?')
    const second = h.gemini.of('tools')[1]!
    const [response] = functionResponses(second)
    expect(String(response!.response['error'])).toMatch(/there is no page 999/)
    expect(inlineImages(second)).toHaveLength(0)
  }, 60_000)

  it('is not offered when the model cannot see images, and evidence answers say so', async () => {
    h = await agentHarness({ settings: { answerLanguage: 'en' } })
    await h.ask('What does Figure 1 show?')
    const declared = h.gemini
      .of('tools')[0]!
      .body.tools![0]!.functionDeclarations!.map((d) => d.name)
    expect(declared).not.toContain('view_page')
    expect(h.gemini.of('tools')[0]!.body.systemInstruction!.parts[0]!.text).toMatch(
      /the figure itself was not read/
    )
  }, 60_000)
})
