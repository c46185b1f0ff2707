import { describe, expect, it } from 'vitest'
import { MAX_LINK_QUOTE, parseDeepLink, passageLink } from '../../src/shared/deepLink'

describe('researchpal:// passage links', () => {
  it('round-trips a paper, a page and a quote with spaces, accents and symbols', () => {
    const quote = 'Atenção: “scaled dot-product” & softmax(QKᵀ/√d_k) = 100%?'
    const link = passageLink({ paperId: '1706.03762', page: 4, quote })
    expect(link.startsWith('researchpal://paper/1706.03762?page=4&quote=')).toBe(true)
    expect(parseDeepLink(link)).toEqual({
      ok: true,
      link: { paperId: '1706.03762', page: 4, quote }
    })
  })

  it('reads a link a person typed: no quote, no page, upper-case scheme', () => {
    expect(parseDeepLink('researchpal://paper/3f2a9c01b7de')).toEqual({
      ok: true,
      link: { paperId: '3f2a9c01b7de', page: 1, quote: null }
    })
    expect(parseDeepLink('ResearchPal://paper/1810.04805?page=12')).toMatchObject({
      ok: true,
      link: { page: 12 }
    })
  })

  it('refuses what is not a passage link, saying why', () => {
    const cases: [string, string][] = [
      ['https://arxiv.org/abs/1706.03762', 'notALink'],
      ['researchpal://settings', 'unknownTarget'],
      ['researchpal://paper/1706.03762/extra', 'unknownTarget'],
      ['researchpal://paper/', 'unknownTarget'],
      ['researchpal://paper/..%2F..%2Fetc%2Fpasswd', 'badPaperId'],
      ['researchpal://paper/%E0%A4%A', 'badPaperId'],
      ['researchpal://paper/1706.03762?page=0', 'badPage'],
      ['researchpal://paper/1706.03762?page=-3', 'badPage'],
      ['researchpal://paper/1706.03762?page=2.5', 'badPage'],
      ['researchpal://paper/1706.03762?page=abc', 'badPage'],
      [`researchpal://paper/1706.03762?quote=${'x'.repeat(5000)}`, 'notALink']
    ]
    for (const [text, problem] of cases) {
      expect(parseDeepLink(text), text).toEqual({ ok: false, problem })
    }
  })

  it('cuts a long passage at a word, so the link stays short and still matches the page', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ')
    const parsed = parseDeepLink(passageLink({ paperId: '2005.11401', page: 3, quote: words }))
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.link.quote!.length).toBeLessThanOrEqual(MAX_LINK_QUOTE)
    expect(words.startsWith(parsed.link.quote!)).toBe(true)
    expect(parsed.link.quote!.endsWith(' ')).toBe(false)
  })
})
