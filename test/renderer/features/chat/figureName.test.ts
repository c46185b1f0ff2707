import { afterEach, describe, expect, it } from 'vitest'
import { figureName } from '../../../../src/renderer/src/features/chat/figureName'
import { i18n, setUiLanguage } from '../../../../src/renderer/src/i18n'

afterEach(() => setUiLanguage('en'))

describe('a cited figure’s name', () => {
  it('keeps the paper’s number and says the word in the UI language', () => {
    setUiLanguage('pt-BR')
    expect(figureName('Figure 2: The Transformer', 'figure', i18n.t)).toBe('Figura 2')
    expect(figureName('Fig. 3. Attention heads', 'figure', i18n.t)).toBe('Figura 3')
    expect(figureName('Table 1: Maximum path lengths', 'table', i18n.t)).toBe('Tabela 1')
    setUiLanguage('en')
    expect(figureName('Fig. 3. Attention heads', 'figure', i18n.t)).toBe('Figure 3')
  })

  it('names an unlabelled one by its kind, never by the raw kind code', () => {
    setUiLanguage('pt-BR')
    expect(figureName('BLEU scores by model size', 'table', i18n.t)).toBe('Tabela')
    setUiLanguage('en')
    expect(figureName('A plot of loss', 'figure', i18n.t)).toBe('Figure')
  })
})
