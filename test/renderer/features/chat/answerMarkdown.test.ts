import { describe, expect, it } from 'vitest'
import { answerMarkdown } from '../../../../src/renderer/src/features/chat/answerMarkdown'
import { i18n } from '../../../../src/renderer/src/i18n'
import { answer } from '../../fakeApi'

const t = i18n.getFixedT('en')
const tPt = i18n.getFixedT('pt-BR')

describe('answerMarkdown', () => {
  it('copies the answer with its numbered references', () => {
    const md = answerMarkdown(answer(), t)
    expect(md).toContain('It scales the dot products by 1/sqrt(d_k) [1].')
    expect(md).toContain('**References**')
    expect(md).toContain('[1] Attention Is All You Need, p. 4 — “We call our particular attention')
    expect(md).toContain('[2] BERT, p. 3 — “BERT is bidirectional.”')
  })

  it('says when the answer is evidence only', () => {
    expect(answerMarkdown(answer({ mode: 'evidence', verified: false }), t)).toContain(
      '_Evidence only'
    )
  })

  it('copies in the UI language', () => {
    const md = answerMarkdown(answer({ mode: 'evidence', verified: false }), tPt)
    expect(md).toContain('**Referências**')
    expect(md).toContain('_Só trechos')
    expect(md).not.toContain('References')
  })
})
