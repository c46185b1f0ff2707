import { describe, expect, it } from 'vitest'
import {
  abstractPages,
  asksForQuantity,
  bestWindow,
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
