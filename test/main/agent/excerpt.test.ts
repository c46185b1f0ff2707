import { describe, expect, it } from 'vitest'
import { excerptFor, readableText } from '../../../src/main/agent/excerpt'

describe('readableText', () => {
  it('joins words broken by hyphenation and keeps real compounds', () => {
    expect(readableText('trained on Ima-geNet and GoogLe-Net')).toContain('ImageNet')
    expect(readableText('the atten-\ntion layer')).toBe('the attention layer')
    expect(readableText('a state-of-the-art, self-attention model')).toBe(
      'a state-of-the-art, self-attention model'
    )
    expect(readableText('English-to-German  and\n\nBERT-large')).toBe(
      'English-to-German and BERT-large'
    )
  })
})

describe('excerptFor', () => {
  const passage =
    'We describe the setup first. The model is trained on Ima-geNet for 90 epochs. ' +
    'Multi-head attention lets the model attend to information from different representation subspaces at different positions, which one head would average away. ' +
    'Results follow in Section 5.'

  it('picks the sentence that answers the question and keeps the rest around it', () => {
    const x = excerptFor(2, passage, 'What does multi-head attention attend to?')
    expect(x.number).toBe(2)
    expect(x.best).toMatch(/^Multi-head attention lets the model attend/)
    expect(x.before).toContain('ImageNet')
    expect(x.after).toBe('Results follow in Section 5.')
    expect(`${x.before} ${x.best} ${x.after}`).toBe(readableText(passage))
  })

  it('adds the next sentence when the best one is short', () => {
    const x = excerptFor(
      1,
      'Intro text here. ImageNet is used. It has many images of animals.',
      'ImageNet'
    )
    expect(x.best).toBe('ImageNet is used. It has many images of animals.')
  })
})
