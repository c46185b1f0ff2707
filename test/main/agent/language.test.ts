import { describe, expect, it } from 'vitest'
import { answerLanguage, detectLanguage } from '../../../src/main/agent/language'

describe('answer language', () => {
  it('tells Portuguese from English questions', () => {
    expect(detectLanguage('Qual é a diferença entre o BERT e o Transformer?')).toBe('pt-BR')
    expect(detectLanguage('Como o RAG usa o DPR?')).toBe('pt-BR')
    expect(detectLanguage('What is the difference between BERT and the Transformer?')).toBe('en')
    expect(detectLanguage('BERT?')).toBeNull()
  })

  it('follows the setting, or the question when asked to', () => {
    expect(answerLanguage('pt-BR', 'What is BERT?').texts).toBe('pt-BR')
    expect(answerLanguage('en', 'O que é o BERT?').texts).toBe('en')
    expect(answerLanguage('question', 'O que é o BERT?').texts).toBe('pt-BR')
    expect(answerLanguage('question', 'Welche Aufgaben löst BERT?').instruction).toMatch(
      /same language as the question/
    )
  })

  it('follows the UI language by default, so a screen is in one language', () => {
    expect(answerLanguage('ui', 'What is BERT?', 'pt-BR').texts).toBe('pt-BR')
    expect(answerLanguage('ui', 'O que é o BERT?', 'en').texts).toBe('en')
    expect(answerLanguage('ui', 'O que é o BERT?', 'pt-BR').instruction).toMatch(/Brazilian/)
  })
})
