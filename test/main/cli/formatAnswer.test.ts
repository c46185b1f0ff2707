import { describe, expect, it } from 'vitest'
import { formatAnswer } from '../../../src/main/cli/commands'
import type { Answer } from '../../../src/shared/types'

const evidence: Answer = {
  question: 'What is BERT?',
  answer: 'Not a generated answer (no Gemini API key is set). …',
  mode: 'evidence',
  verified: false,
  notice: { code: 'NO_API_KEY', message: 'No Gemini API key is set.' },
  citations: [
    {
      number: 1,
      paperId: '1810.04805',
      title: 'BERT',
      page: 3,
      chunkId: 'c1',
      snippet: 'BERT is bidirectional.'
    }
  ],
  usage: { inputTokens: 0, outputTokens: 0 }
}

describe('the CLI answer text', () => {
  it('labels evidence, tells a CLI user where the key goes, and lists the sources', () => {
    const text = formatAnswer(evidence)
    expect(text).toMatch(/^\[Evidence only — not a generated answer: No Gemini API key is set\.\]/)
    expect(text).toContain('GEMINI_API_KEY environment variable')
    expect(text).toContain('Sources:\n[1] BERT, p. 3 — “BERT is bidirectional.”')
  })

  it('is in Portuguese for a pt-BR user', () => {
    const text = formatAnswer(evidence, 'pt-BR')
    expect(text).toMatch(/^\[Só trechos — não é uma resposta gerada/)
    expect(text).toContain('variável de ambiente GEMINI_API_KEY')
    expect(text).toContain('Fontes:\n[1] BERT, p. 3')
    expect(text).not.toContain('Sources:')
  })

  it('says when the papers of a scoped conversation do not discuss the question, naming those that do', () => {
    const outside = { ...evidence, outsideScope: ['2005.11401', '2004.04906'] }
    expect(formatAnswer(outside)).toContain(
      'do not seem to discuss this; these papers of your library do: 2005.11401, 2004.04906.'
    )
    expect(formatAnswer(outside, 'pt-BR')).toContain('não parecem tratar disso')
    expect(formatAnswer(evidence)).not.toContain('do not seem to discuss')
  })
})
