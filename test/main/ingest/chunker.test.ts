import { describe, expect, it } from 'vitest'
import { chunkPages, cl100k, countTokens } from '../../../src/main/ingest/chunker'
import type { SectionMark } from '../../../src/main/ingest/sections'
import { proseLines } from '../../fixtures/fixturePapers'

const opts = { chunkTokens: 256, chunkOverlap: 32 }
const pageText = (seed: number, lines = 60): string => proseLines(lines, seed).join('\n')

describe('countTokens', () => {
  it('counts exactly what cl100k_base encodes, across words, numbers, contractions, symbols and whitespace', () => {
    const texts = [
      pageText(3),
      "We don't use I'LL or she'd; 1234567 tokens, 3.14159 and 2e-5 (Vaswani et al., 2017).",
      'Self-attention\n\n  costs O(n²·d)  per layer —   ∑ᵢ αᵢ vᵢ, ≤ 512 positions\r\n\tend',
      'Atenção é tudo de que você precisa: 注意力 🚀 naïve façade ﬁne-tuning'
    ]
    for (const t of texts) expect(countTokens(t)).toBe(cl100k().encode(t).length)
  })

  it('counts a paper that quotes a special token such as <|endoftext|> as plain text', () => {
    const text = 'GPT-2 separates documents with <|endoftext|> during training.'
    expect(() => cl100k().encode(text)).toThrow() // js-tiktoken's own default refuses it
    expect(countTokens(text)).toBe(cl100k().encode(text, [], []).length)
    const chunks = chunkPages('gpt', [{ page: 1, text }], [], opts)
    expect(chunks.map((c) => c.text)).toEqual([text])
  })
})

describe('chunkPages', () => {
  it('cuts each page into windows of at most 256 tokens whose text is an exact slice of the page', () => {
    const pages = [1, 2, 3].map((page) => ({ page, text: pageText(page) }))
    const chunks = chunkPages('p1', pages, [], opts)
    expect(chunks.length).toBeGreaterThan(3)
    for (const c of chunks) {
      expect(c.tokens).toBe(countTokens(c.text))
      expect(c.tokens).toBeLessThanOrEqual(256)
      expect(pages[c.page - 1]!.text).toContain(c.text)
      expect(c.id).toBe(`p1-page-${c.page}-chunk-${c.index}`)
      expect(c.text).toBe(c.text.trim())
    }
    // Most windows are full: the budget is used, not wasted.
    expect(chunks.filter((c) => c.tokens > 200).length).toBeGreaterThan(chunks.length / 2)
  })

  it('overlaps consecutive windows of a page by about 32 tokens and covers the whole page', () => {
    const text = pageText(7, 80)
    const chunks = chunkPages('p', [{ page: 1, text }], [], opts)
    expect(chunks.length).toBeGreaterThan(2)
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!.text
      const head = chunks[i]!.text.slice(0, 40)
      expect(prev).toContain(head.split(' ').slice(0, 4).join(' '))
    }
    expect(text.startsWith(chunks[0]!.text)).toBe(true)
    expect(text.endsWith(chunks.at(-1)!.text)).toBe(true)
  })

  it('never crosses a page and skips empty pages', () => {
    const chunks = chunkPages(
      'p',
      [
        { page: 1, text: 'short first page' },
        { page: 2, text: '' },
        { page: 3, text: 'third' }
      ],
      [],
      opts
    )
    expect(chunks.map((c) => [c.page, c.text])).toEqual([
      [1, 'short first page'],
      [3, 'third']
    ])
  })

  it('splits a word longer than the window instead of dropping or truncating it', () => {
    const blob = 'x'.repeat(3000)
    const chunks = chunkPages('p', [{ page: 1, text: `before ${blob} after` }], [], opts)
    expect(chunks.map((c) => c.text).join('')).toContain('after')
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(256)
    expect(
      chunks
        .map((c) => c.text.replace(/\s/g, ''))
        .join('')
        .replace(/[^x]/g, '').length
    ).toBeGreaterThanOrEqual(3000)
  })

  it('labels each chunk with the section it starts in', () => {
    const p1 = `T\nAbstract\n${pageText(1, 20)}\n1 Introduction\n${pageText(2, 40)}`
    const marks: SectionMark[] = [
      { name: 'abstract', heading: 'Abstract', page: 1, offset: 2 },
      {
        name: 'introduction',
        heading: '1 Introduction',
        page: 1,
        offset: p1.indexOf('1 Introduction')
      }
    ]
    const chunks = chunkPages(
      'p',
      [
        { page: 1, text: p1 },
        { page: 2, text: pageText(3) }
      ],
      marks,
      opts
    )
    expect(chunks[0]!.section).toBe('abstract')
    expect(chunks.at(-1)!.section).toBe('introduction')
    expect(chunks.some((c) => c.section === 'body')).toBe(false)
  })

  it('follows the chunk size setting', () => {
    const pages = [{ page: 1, text: pageText(5, 100) }]
    const small = chunkPages('p', pages, [], { chunkTokens: 64, chunkOverlap: 8 })
    const big = chunkPages('p', pages, [], opts)
    expect(small.length).toBeGreaterThan(big.length * 3)
    for (const c of small) expect(c.tokens).toBeLessThanOrEqual(64)
  })
})
