import { describe, expect, it } from 'vitest'
import { classifyByRules, MessageClassifier } from '../../../src/main/agent/messageKind'
import { labelledMessages, measure } from '../../../bench/messageKinds'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'

describe('the small-talk / off-topic classifier', () => {
  const rows = labelledMessages()

  it('labels the labelled set right at least 9 times in 10, in each language', () => {
    const m = measure(rows)
    expect(Object.keys(m.byLanguage).sort()).toEqual(['en', 'pt-BR'])
    for (const lang of Object.values(m.byLanguage))
      expect(lang.accuracy).toBeGreaterThanOrEqual(0.9)
  })

  it('never takes a question for the papers as small talk or off-topic (that would lose the answer)', () => {
    const papers = rows.filter((r) => r.kind === 'papers')
    expect(papers.length).toBeGreaterThanOrEqual(30)
    expect(papers.filter((r) => classifyByRules(r.text) !== 'papers').map((r) => r.text)).toEqual(
      []
    )
  })

  it('searches when a greeting comes with a question', () => {
    expect(classifyByRules('hi, what is BERT?')).toBe('papers')
    expect(classifyByRules('Obrigado! E o codificador?')).toBe('papers')
    expect(classifyByRules('Thanks!')).toBe('smalltalk')
  })

  it('keeps every question for the papers with an embedder present too', async () => {
    const classifier = new MessageClassifier(async () => new FakeEmbedder())
    expect(await classifier.classify('Compare the results of the two methods.')).toBe('papers')
    for (const r of rows.filter((x) => x.kind === 'papers')) {
      expect(await classifier.classify(r.text)).toBe('papers')
    }
  })
})
