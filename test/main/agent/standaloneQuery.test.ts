import { describe, expect, it } from 'vitest'
import type { PriorTurn } from '../../../src/main/agent/history'
import { keywordStandaloneQuery } from '../../../src/main/agent/standaloneQuery'

const turns = (...questions: string[]): PriorTurn[] =>
  questions.map((question) => ({ question, answer: '' }))

describe('the keyword standalone query for follow-ups, without a model', () => {
  it('resolves English reference words to the previous subject', () => {
    const bert = turns('What are the sizes of the BERT models?')
    expect(keywordStandaloneQuery('How many parameters does the larger one have?', bert)).toBe(
      'How many parameters does the larger one have? bert'
    )
    expect(keywordStandaloneQuery('What about its results?', turns('What is RAG?'))).toBe(
      'What about its results? rag'
    )
    expect(
      keywordStandaloneQuery('Which optimizer did they use?', turns('How is T5 pre-trained?'))
    ).toBe('Which optimizer did they use? t5')
  })

  it('carries the topic nouns of the previous turn to a bare follow-up, not only its names', () => {
    expect(
      keywordStandaloneQuery('And for how many steps?', turns('How is BERT pre-trained?'))
    ).toBe('And for how many steps? bert pre-trained')
    expect(
      keywordStandaloneQuery('e dele?', turns('Qual é o tamanho do vocabulário do BERT?'))
    ).toBe('e dele? bert tamanho vocabulário')
  })

  it('resolves Portuguese reference words (ele/ela, dele/dela, o maior)', () => {
    const bert = turns('Qual é o tamanho do vocabulário do BERT?')
    expect(keywordStandaloneQuery('E quantos parâmetros ele tem?', bert)).toBe(
      'E quantos parâmetros ele tem? bert'
    )
    expect(
      keywordStandaloneQuery('Quantas camadas tem a maior?', turns('Quais são as versões do BERT?'))
    ).toBe('Quantas camadas tem a maior? bert')
    expect(
      keywordStandaloneQuery('Quais os resultados dela?', turns('Como funciona a arquitetura RAG?'))
    ).toBe('Quais os resultados dela? rag')
  })

  it('lets a newly named subject replace the old one and keep the topic ("e o BERT?")', () => {
    expect(keywordStandaloneQuery('e o BERT?', turns('Quantas camadas tem o Transformer?'))).toBe(
      'e o BERT? camadas'
    )
    expect(
      keywordStandaloneQuery('And for ALBERT?', turns('How many layers does the Transformer have?'))
    ).toBe('And for ALBERT? layers')
    // The new subject is what a later pronoun points to.
    expect(
      keywordStandaloneQuery(
        'Quantos parâmetros ele tem?',
        turns('Quantas camadas tem o Transformer?', 'e o BERT?')
      )
    ).toBe('Quantos parâmetros ele tem? bert')
  })

  it('leaves a question that stands on its own alone', () => {
    const thread = turns('How is BERT pre-trained?')
    expect(keywordStandaloneQuery('How does ALBERT reduce parameters?', thread)).toBe(
      'How does ALBERT reduce parameters?'
    )
    expect(keywordStandaloneQuery('Qual a metodologia da tese sobre evasão escolar?', thread)).toBe(
      'Qual a metodologia da tese sobre evasão escolar?'
    )
  })
})
