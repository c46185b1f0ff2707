import { describe, expect, it } from 'vitest'
import { stem, tokenize } from '../../../src/main/search/tokenizer'
import { findAbbreviations } from '../../../src/main/search/abbreviations'

describe('tokenize', () => {
  it('keeps numbers, decimals and model names, drops stop words', () => {
    expect(tokenize('The model reaches 28.4 BLEU with d_model = 512')).toEqual(
      ['model', 'reach', '28.4', 'bleu', 'd', 'model', 'dmodel', '512'].filter((t) => t !== 'd')
    )
    expect(tokenize('BERT-BASE')).toEqual(['bert', 'base', 'bertbas'])
    expect(tokenize('BERTBASE')).toEqual(['bertbas'])
  })

  it('stems inflections to one term', () => {
    expect(new Set(['positional', 'positions', 'position'].map(stem)).size).toBe(1)
    expect(new Set(['encode', 'encoding', 'encoder'].map(stem)).size).toBe(1)
    expect(stem('training')).toBe(stem('trained'))
  })
})

describe('findAbbreviations', () => {
  it('finds acronyms defined in parentheses and ignores capitalized words', () => {
    const found = findAbbreviations(
      'We use Natural Questions (NQ) and Exact Match (EM) with Adam (Adam) optimizer.'
    )
    expect(found.get('nq')).toBe('Natural Questions')
    expect(found.get('em')).toBe('Exact Match')
    expect(found.has('adam')).toBe(false)
  })
})
