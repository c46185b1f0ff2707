import { describe, expect, it } from 'vitest'
import { isFigureOrTable, referenceOnlyPages, rerank } from '../../../src/main/search/rerank'
import { queryTerms } from '../../../src/main/search/tokenizer'

const titles: Record<string, string> = {
  bert: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
  albert: 'ALBERT: A Lite BERT for Self-Supervised Learning of Language Representations',
  rag: 'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks',
  transformer: 'Attention Is All You Need'
}
const paperOf = (id: string): string => id.slice(0, id.indexOf('-page-'))

describe('rerank', () => {
  it('puts the paper the question names first (BERT-LARGE → BERT before ALBERT)', () => {
    const ranked = [
      { id: 'albert-page-3-chunk-0', score: 10 },
      { id: 'albert-page-4-chunk-1', score: 9.5 },
      { id: 'bert-page-5-chunk-2', score: 8 }
    ]
    const out = rerank(
      ranked,
      queryTerms('How many parameters does BERT-LARGE have?'),
      paperOf,
      (id) => titles[id]
    )
    expect(out[0]!.id).toBe('bert-page-5-chunk-2')
  })

  it('a figure caption does not displace a text passage that scores close to it', () => {
    const ranked = [
      { id: 'rag-page-2-figure-1', score: 10 },
      { id: 'rag-page-3-chunk-1', score: 8 }
    ]
    const out = rerank(
      ranked,
      queryTerms('How does RAG retrieve documents?'),
      paperOf,
      (id) => titles[id]
    )
    expect(out.map((r) => r.id)).toEqual(['rag-page-3-chunk-1', 'rag-page-2-figure-1'])
    // A caption far better than any text still comes first.
    const clear = rerank(
      [
        { id: 'rag-page-2-figure-1', score: 20 },
        { id: 'rag-page-3-chunk-1', score: 8 }
      ],
      [],
      paperOf,
      () => undefined
    )
    expect(clear[0]!.id).toBe('rag-page-2-figure-1')
    expect(isFigureOrTable('rag-page-2-table-3')).toBe(true)
    expect(isFigureOrTable('rag-page-2-chunk-3')).toBe(false)
  })

  it('does not favour a paper because a question word is somewhere in its title', () => {
    // BERT's title says "Bidirectional Transformers"; the Transformer's is "Attention Is All...".
    const ranked = [
      { id: 'transformer-page-3-chunk-0', score: 10 },
      { id: 'bert-page-3-chunk-1', score: 9 }
    ]
    const out = rerank(
      ranked,
      queryTerms('What is the Transformer architecture?'),
      paperOf,
      (id) => titles[id]
    )
    expect(out[0]!.id).toBe('transformer-page-3-chunk-0')
  })

  it('keeps a figure first when the question asks for the figure, in either language', () => {
    const ranked = [
      { id: 'transformer-page-3-figure-1', score: 10 },
      { id: 'transformer-page-3-chunk-0', score: 8 }
    ]
    for (const q of [
      'What does the Transformer architecture figure show?',
      'O que mostra a figura da arquitetura do Transformer?',
      'Qual tabela compara os modelos?'
    ])
      expect(rerank(ranked, queryTerms(q), paperOf, (id) => titles[id])[0]!.id, q).toBe(
        'transformer-page-3-figure-1'
      )
  })

  it('a page of the reference list does not outrank the passage, unless references are asked for', () => {
    const sections = [
      { name: 'experiments', startPage: 5, endPage: 12 },
      { name: 'references', startPage: 12, endPage: 15 },
      { name: 'appendix', startPage: 15, endPage: 18 }
    ]
    // Page 12 ends the experiments and page 15 starts the appendix: both stay text.
    expect([...referenceOnlyPages(sections)]).toEqual([13, 14])
    expect([...referenceOnlyPages([{ name: 'Referências', startPage: 40, endPage: 41 }])]).toEqual([
      40, 41
    ])
    const ranked = [
      { id: 'bert-page-13-chunk-0', score: 10 },
      { id: 'bert-page-7-chunk-1', score: 7 }
    ]
    const pages = (id: string): Set<number> =>
      id === 'bert' ? referenceOnlyPages(sections) : new Set()
    const asked = (q: string): string[] =>
      rerank(ranked, queryTerms(q), paperOf, (id) => titles[id], pages).map((r) => r.id)
    expect(asked('Which learning rates were used for fine-tuning?')).toEqual([
      'bert-page-7-chunk-1',
      'bert-page-13-chunk-0'
    ])
    expect(asked('Which papers on fine-tuning does it cite?')[0]).toBe('bert-page-13-chunk-0')
    expect(asked('Quais referências sobre ajuste fino?')[0]).toBe('bert-page-13-chunk-0')
  })
})
