import { describe, expect, it } from 'vitest'
import {
  cleanLine,
  cleanPage,
  composeAccents,
  isBrokenWord
} from '../../../src/main/ingest/cleanup'

const line = (text: string) => ({ text, fontSize: 10, x: 0, y: 0, end: 0 })

describe('cleanLine', () => {
  it('expands ligatures and drops invisible characters', () => {
    expect(cleanLine('the \uFB01rst e\uFB03cient \uFB02ow')).toBe('the first efficient flow')
    expect(cleanLine('soft\u00ADhyphen zero\u200Bwidth')).toBe('softhyphen zerowidth')
  })

  it('collapses every kind of space', () => {
    expect(cleanLine('  a\u00A0\u2009b\t\tc  ')).toBe('a b c')
  })

  it("joins TeX's separate accent glyphs and decomposed accents to their letters", () => {
    // Old TeX fonts draw the accent before the letter, the cedilla after it.
    expect(cleanLine('1 Introducci\u00B4on')).toBe('1 Introducción')
    expect(cleanLine('4 Metodolog\u00B4\u0131a')).toBe('4 Metodología')
    expect(cleanLine('Introduc\u00B8\u02DCao e Conclus\u02DCao')).toBe('Introdução e Conclusão')
    expect(composeAccents('CONSIDERAC\u0327O\u0303ES FINAIS')).toBe('CONSIDERAÇÕES FINAIS')
    // An acute accent that is not on a letter stays.
    expect(cleanLine('5\u00B4 of arc')).toBe('5\u00B4 of arc')
  })
})

describe('isBrokenWord', () => {
  it('re-joins words split by hyphenation', () => {
    expect(isBrokenWord('deploying indepen-', 'dent instances')).toBe(true)
    expect(isBrokenWord('the number of trainable pa-', 'rameters for')).toBe(true)
  })

  it('keeps real compounds and capitalised heads', () => {
    expect(isBrokenWord('the WMT 2014 English-', 'to-German task')).toBe(false)
    expect(isBrokenWord('fine-', 'tuned models')).toBe(false)
    expect(isBrokenWord('Transformer-', 'based models')).toBe(false)
    expect(isBrokenWord('see Rad-', 'ford et al.')).toBe(false)
    expect(isBrokenWord('a dash --', 'here')).toBe(false)
    expect(isBrokenWord('ends with word-', 'Capital next')).toBe(false)
  })
})

describe('cleanPage', () => {
  it('joins lines with newlines, re-joins hyphenated words and records line offsets', () => {
    const page = cleanPage([
      line('1 Introduction'),
      line('We deploy indepen-'),
      line('dent  models.'),
      line('   ')
    ])
    expect(page.text).toBe('1 Introduction\nWe deploy independent models.')
    expect(page.lineOffsets).toEqual([0, 15, 32, -1])
    expect(page.text.slice(15)).toMatch(/^We deploy/)
  })
})

describe('cleanPage compounds', () => {
  it('keeps a compound split at its hyphen as one word instead of "pre- trained"', () => {
    const page = cleanPage([
      line('the model is first initialized with the pre-'),
      line('trained parameters')
    ])
    expect(page.text).toBe('the model is first initialized with the pre-trained parameters')
    expect(page.lineOffsets).toEqual([0, 'the model is first initialized with the pre-'.length])
  })

  it('does not glue a dash before a capitalised line', () => {
    const page = cleanPage([line('results for English-'), line('German are')])
    expect(page.text).toBe('results for English-\nGerman are')
  })
})
