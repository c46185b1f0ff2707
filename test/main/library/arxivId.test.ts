import { describe, expect, it } from 'vitest'
import { arxivPaperId, parseArxivId } from '../../../src/main/library/arxivId'

describe('parseArxivId', () => {
  it.each([
    ['1706.03762', '1706.03762', null],
    ['1706.03762v7', '1706.03762', 'v7'],
    ['arXiv:1810.04805v2', '1810.04805', 'v2'],
    ['  2005.11401 ', '2005.11401', null],
    ['1301.3781', '1301.3781', null],
    ['https://arxiv.org/abs/1706.03762', '1706.03762', null],
    ['https://arxiv.org/abs/1706.03762v5', '1706.03762', 'v5'],
    ['arxiv.org/pdf/1706.03762.pdf', '1706.03762', null],
    ['https://arxiv.org/pdf/1706.03762v7', '1706.03762', 'v7'],
    ['http://export.arxiv.org/abs/2005.11401?context=cs', '2005.11401', null],
    ['hep-th/9901001', 'hep-th/9901001', null],
    ['math.GT/0309136v2', 'math.GT/0309136', 'v2'],
    ['https://arxiv.org/abs/hep-th/9901001', 'hep-th/9901001', null]
  ])('%s', (input, id, version) => {
    expect(parseArxivId(input)).toEqual({ id, version })
  })

  it.each([
    '',
    'attention is all you need',
    '1706.3762',
    '1713.03762',
    '2005.114011',
    '1412.12345',
    'https://example.com/abs/1706.03762',
    'hep-th/99010'
  ])('rejects %j with INVALID_INPUT naming the input', (input) => {
    expect(() => parseArxivId(input)).toThrowError(
      expect.objectContaining({ code: 'INVALID_INPUT' })
    )
    if (input) expect(() => parseArxivId(input)).toThrow(input)
  })

  it('makes file-safe paper ids', () => {
    expect(arxivPaperId('hep-th/9901001')).toBe('hep-th_9901001')
    expect(arxivPaperId('1706.03762')).toBe('1706.03762')
  })
})

describe('arXiv DOIs', () => {
  it('reads arXiv DOIs, bare or as doi.org links, and refuses other DOIs by name', () => {
    expect(parseArxivId('10.48550/arXiv.1706.03762')).toEqual({ id: '1706.03762', version: null })
    expect(parseArxivId('https://doi.org/10.48550/arXiv.2005.11401')).toEqual({
      id: '2005.11401',
      version: null
    })
    expect(() => parseArxivId('10.1038/nature14539')).toThrow(
      /10\.1038\/nature14539 is not an arXiv DOI/
    )
  })
})
