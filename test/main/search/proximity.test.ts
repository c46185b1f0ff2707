import { describe, expect, it } from 'vitest'
import {
  abstractPages,
  asksForQuantity,
  bestWindow,
  firstStatementFirst,
  proximityRerank
} from '../../../src/main/search/proximity'
import { queryTerms, tokenize } from '../../../src/main/search/tokenizer'

const weightsOf = (question: string): Map<string, number> =>
  new Map(queryTerms(question).map((t) => [t, 1]))

describe('proximity re-ranking', () => {
  it('finds the window holding most of the question, each term counted once', () => {
    const weights = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 1]
    ])
    const terms = ['a', 'x', 'x', 'a', 'a', 'b', 'x', 'c', ...Array(12).fill('x'), 'b']
    const w = bestWindow(terms, weights, 4, 10)!
    expect(w.share).toBe(1)
    expect([w.from, w.to]).toEqual([0, 7])
    expect(bestWindow(['x', 'y'], weights, 4)).toBeNull()
    // Terms more than a window apart do not add up.
    expect(bestWindow(['a', ...Array(20).fill('x'), 'b'], weights, 4, 10)!.share).toBe(0.5)
  })

  it('lifts the passage that states the answer over one repeating the words apart', () => {
    const question = 'How many parameters does BERT-LARGE have?'
    const scattered = tokenize(
      'BERT is evaluated on eleven tasks. The parameters of every model are fine-tuned. ' +
        'Training took four days on large pods of accelerators, and results improve with ' +
        'the size of the model across all of the datasets considered in this section.'
    )
    const stated = tokenize('BERT-LARGE (L=24, H=1024, A=16, total parameters = 340M).')
    const texts: Record<string, string[]> = {
      'bert-page-9-chunk-0': scattered,
      'bert-page-3-chunk-1': stated
    }
    const out = proximityRerank(
      [
        { id: 'bert-page-9-chunk-0', score: 10 },
        { id: 'bert-page-3-chunk-1', score: 8 }
      ],
      {
        weights: weightsOf(question),
        quantity: asksForQuantity(question),
        termsOf: (id) => texts[id],
        onAbstract: () => false
      }
    )
    expect(out[0]!.id).toBe('bert-page-3-chunk-1')
  })

  it('keeps a chunk whose text cannot be read as it was ranked', () => {
    const out = proximityRerank(
      [
        { id: 'p-page-1-chunk-0', score: 10 },
        { id: 'p-page-2-chunk-0', score: 9 }
      ],
      {
        weights: weightsOf('coalition dataset'),
        quantity: false,
        termsOf: () => undefined,
        onAbstract: () => false
      }
    )
    expect(out).toEqual([
      { id: 'p-page-1-chunk-0', score: 10 },
      { id: 'p-page-2-chunk-0', score: 9 }
    ])
  })

  it("sends the reader to where a paper first states a finding, not to the conclusion's recap", () => {
    const question = 'Which social network do the analysed comments come from?'
    const stated = tokenize(
      'The comments analysed in this work come from the social network Reddit.'
    )
    const recap = tokenize(
      'In conclusion, the comments analysed from the social network Reddit, the comments ' +
        'of its users and the network of replies show that sarcasm detection works.'
    )
    const place = (id: string) => {
      const m = /^(.+)-page-(\d+)-/u.exec(id)!
      return { paperId: m[1]!, page: Number(m[2]) }
    }
    const input = (texts: Record<string, string[]>) => ({
      weights: weightsOf(question),
      quantity: false,
      termsOf: (id: string) => texts[id],
      onAbstract: () => false,
      placeOf: place
    })
    const ranked = [
      { id: 'tcc-page-51-chunk-0', score: 10 },
      { id: 'other-page-2-chunk-0', score: 9 },
      { id: 'tcc-page-3-chunk-0', score: 9 }
    ]
    const texts = {
      'tcc-page-51-chunk-0': recap,
      'other-page-2-chunk-0': recap,
      'tcc-page-3-chunk-0': stated
    }
    const out = proximityRerank(ranked, input(texts))
    expect(out.map((r) => r.id)).toEqual([
      'tcc-page-3-chunk-0',
      'tcc-page-51-chunk-0',
      'other-page-2-chunk-0'
    ])
    // An earlier page stating less of the question, or scoring far lower, stays behind.
    const partial = tokenize('The comments were collected in 2020.')
    const kept = proximityRerank(ranked, input({ ...texts, 'tcc-page-3-chunk-0': partial }))
    expect(kept[0]!.id).toBe('tcc-page-51-chunk-0')
    const far = firstStatementFirst(
      [
        { id: 'tcc-page-51-chunk-0', score: 10, share: 1 },
        { id: 'tcc-page-3-chunk-0', score: 5, share: 1 }
      ],
      place
    )
    expect(far[0]!.id).toBe('tcc-page-51-chunk-0')
  })

  it('weighs the abstract page of a paper a little more, as a BM25F field', () => {
    const terms = tokenize('The coalition dataset covers 1979 to 2012.')
    const ranked = [
      { id: 'p-page-40-chunk-0', score: 10 },
      { id: 'p-page-4-chunk-0', score: 9 }
    ]
    const out = proximityRerank(ranked, {
      weights: weightsOf('What period does the coalition dataset cover?'),
      quantity: false,
      termsOf: () => terms,
      onAbstract: (id) => id === 'p-page-4-chunk-0'
    })
    expect(out[0]!.id).toBe('p-page-4-chunk-0')
    expect(
      abstractPages([
        { name: 'abstract', startPage: 3, endPage: 30 },
        { name: 'introduction', startPage: 30, endPage: 32 }
      ])
    ).toEqual(new Set([3, 4]))
  })

  it('tells questions that ask for a number, in English and Portuguese', () => {
    for (const q of [
      'How many women gave birth at Sheba Medical Center?',
      'What percentage of failures were caused by error handling?',
      'What R2 values did the best model reach?',
      'Quantas coalizões compõem o banco de dados?',
      'Qual acurácia o algoritmo obteve?',
      'Que percentual das falhas foi causado por erros?',
      'Quão perto do estado da arte o RAG chega?'
    ]) {
      expect(asksForQuantity(q), q).toBe(true)
    }
    for (const q of [
      'Which hospital was the cohort conducted at?',
      'What do the authors call the commitment that joint activity requires?',
      'De qual rede social vêm os comentários?',
      'Qual método é usado para ordenar as alternativas?'
    ]) {
      expect(asksForQuantity(q), q).toBe(false)
    }
  })
})
