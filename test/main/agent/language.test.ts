import { describe, expect, it } from 'vitest'
import { answerLanguage, detectLanguage, mainUiLanguage } from '../../../src/main/agent/language'

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

  it("works out main's UI language from the setting or, for 'system', the locale", () => {
    expect(mainUiLanguage('pt-BR', {})).toBe('pt-BR')
    expect(mainUiLanguage('en', { LANG: 'pt_BR.UTF-8' })).toBe('en')
    expect(mainUiLanguage('system', { LANG: 'pt_BR.UTF-8' })).toBe('pt-BR')
    expect(mainUiLanguage('system', { LC_ALL: 'en_US.UTF-8', LANG: 'pt_BR.UTF-8' })).toBe('en')
    expect(mainUiLanguage('system', {})).toBe('en')
  })
})
