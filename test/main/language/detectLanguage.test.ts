import { describe, expect, it } from 'vitest'
import { detectLanguage, dominantLanguage } from '../../../src/main/language/detectLanguage'

const PT_PAGE =
  'Esta dissertação investiga a formação de coalizões nos governos estaduais brasileiros entre 1986 e 2014. ' +
  'Os resultados indicam que a fragmentação partidária e o tamanho da coalizão estão associados à duração dos governos, ' +
  'e que as considerações finais apontam caminhos para pesquisas futuras sobre o presidencialismo de coalizão.'
const EN_PAGE =
  'We propose a new simple network architecture, the Transformer, based solely on attention mechanisms, ' +
  'dispensing with recurrence and convolutions entirely. Experiments on two machine translation tasks show these ' +
  'models to be superior in quality while being more parallelizable and requiring significantly less time to train.'
const ES_PAGE =
  'En esta tesis se analizan los resúmenes de las ponencias presentadas en congresos de la Universidad de Buenos Aires, ' +
  'con el objetivo de describir su estructura retórica y las estrategias que utilizan los autores para presentar sus resultados.'

describe('detectLanguage', () => {
  it('tells Portuguese, English and Spanish pages apart', () => {
    expect(detectLanguage(PT_PAGE)).toBe('pt')
    expect(detectLanguage(EN_PAGE)).toBe('en')
    expect(detectLanguage(ES_PAGE)).toBe('es')
  })

  it('tells short questions apart by their function words', () => {
    expect(detectLanguage('Quantas coalizões compõem o banco de dados?')).toBe('pt')
    expect(detectLanguage('e o BERT?')).toBe('pt')
    expect(detectLanguage('How many parameters does BERT-LARGE have?')).toBe('en')
    expect(detectLanguage('¿Cuál es el objetivo de la tesis?')).toBe('es')
  })

  it('says null when there is nothing to go on', () => {
    expect(detectLanguage('BERT')).toBeNull()
    expect(detectLanguage('000 001 002 003')).toBeNull()
    expect(detectLanguage('')).toBeNull()
  })

  it('takes the language of most of a document, weighted by length', () => {
    expect(dominantLanguage([EN_PAGE, PT_PAGE, PT_PAGE])).toBe('pt')
    expect(dominantLanguage([PT_PAGE.slice(0, 130), EN_PAGE, EN_PAGE])).toBe('en')
    expect(dominantLanguage(['12', ''])).toBeNull()
  })
})
