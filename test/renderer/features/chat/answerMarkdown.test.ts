import { describe, expect, it } from 'vitest'
import { answerMarkdown } from '../../../../src/renderer/src/features/chat/answerMarkdown'
import { answer } from '../../fakeApi'

describe('answerMarkdown', () => {
  it('copies the answer with its numbered references', () => {
    const md = answerMarkdown(answer())
    expect(md).toContain('It scales the dot products by 1/sqrt(d_k) [1].')
    expect(md).toContain('**References**')
    expect(md).toContain('[1] Attention Is All You Need, p. 4 — “We call our particular attention')
    expect(md).toContain('[2] BERT, p. 3 — “BERT is bidirectional.”')
  })

  it('says when the answer is evidence only', () => {
    expect(answerMarkdown(answer({ mode: 'evidence', verified: false }))).toContain(
      '_Evidence only'
    )
  })
})
