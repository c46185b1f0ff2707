import { describe, expect, it } from 'vitest'
import { classifyOffline, MessageClassifier } from '../../../src/main/agent/messageKind'
import { heldOutMessages, labelledMessages, measure } from '../../../bench/messageKinds'
import { KIND_TRAINING } from '../../../src/main/agent/messageKindTraining'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'

/** Clear questions for the papers, short follow-ups included, written for this test. */
const CLEAR_PAPER_QUESTIONS = [
  'What is the training objective of ELECTRA?',
  'How many attention heads does the base model use?',
  'Which results does table 4 report?',
  'what about its accuracy on SQuAD?',
  'and the smaller variant?',
  'Why did the authors choose a sample of 300 schools?',
  'Qual o tamanho do corpus de pré-treinamento?',
  'e o XLNet?',
  'e os resultados dela no teste?',
  'Quais foram as conclusões da autora sobre o programa?',
  'Como a amostra foi definida?',
  'Que resultado o modelo obteve no GLUE?'
]

describe('the message-kind classifier (offline naive Bayes)', () => {
  const heldOut = heldOutMessages()
  const team = labelledMessages()

  it('is measured on a held-out set it is not trained on, in both languages', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(100)
    const trained = new Set(Object.values(KIND_TRAINING).flat())
    expect(heldOut.filter((r) => trained.has(r.text)).map((r) => r.text)).toEqual([])
    expect(new Set(heldOut.map((r) => r.lang))).toEqual(new Set(['en', 'pt-BR']))
  })

  it('labels the held-out set right at least 9 times in 10, in each language', () => {
    const m = measure(heldOut)
    expect(m.accuracy).toBeGreaterThanOrEqual(0.9)
    for (const lang of Object.values(m.byLanguage))
      expect(lang.accuracy).toBeGreaterThanOrEqual(0.85)
    expect(measure(team).accuracy).toBeGreaterThanOrEqual(0.9)
  })

  it('recognises casual phrasings no rule listed', () => {
    expect(classifyOffline('Thanks a bunch')).toBe('smalltalk')
    expect(classifyOffline('See ya')).toBe('smalltalk')
    expect(classifyOffline('Will it rain tomorrow?')).toBe('offtopic')
    expect(
      classifyOffline('How do I fix "TypeError: NoneType object is not subscriptable" in Python?')
    ).toBe('offtopic')
  })

  it('never takes a clear question for the papers as casual (that would lose the answer)', () => {
    const papers = [
      ...CLEAR_PAPER_QUESTIONS,
      ...heldOut.filter((r) => r.kind === 'papers').map((r) => r.text),
      ...team.filter((r) => r.kind === 'papers').map((r) => r.text)
    ]
    expect(papers.length).toBeGreaterThanOrEqual(90)
    expect(papers.filter((t) => classifyOffline(t) !== 'papers')).toEqual([])
  })

  it('searches when a greeting comes with a question, and when a message is empty', () => {
    expect(classifyOffline('hi, what is BERT?')).toBe('papers')
    expect(classifyOffline('Obrigado! E o codificador?')).toBe('papers')
    expect(classifyOffline('  ?! ')).toBe('papers')
    expect(classifyOffline('Thanks!')).toBe('smalltalk')
  })

  it('keeps every question for the papers with an embedder present too', async () => {
    const classifier = new MessageClassifier(async () => new FakeEmbedder())
    expect(await classifier.classify('Compare the results of the two methods.')).toBe('papers')
    expect(await classifier.classify('Valeu demais!')).toBe('smalltalk')
    for (const r of team.filter((x) => x.kind === 'papers')) {
      expect(await classifier.classify(r.text)).toBe('papers')
    }
  })
})
