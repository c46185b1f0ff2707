import { describe, expect, it } from 'vitest'
import { cognate, englishFor, GLOSSARY_SIZE } from '../../../src/main/search/glossaryPtEn'
import { queryTerms, tokenize } from '../../../src/main/search/tokenizer'

/**
 * Portuguese research words with the English word a paper would use, written apart from the
 * glossary (many are not entries: they must come from the cognate rules or stemming).
 */
const HELD_OUT: [string, string][] = [
  ['hipótese', 'hypothesis'],
  ['metodologia', 'methodology'],
  ['avaliações', 'evaluations'],
  ['probabilidades', 'probabilities'],
  ['estatística', 'statistic'],
  ['significativo', 'significant'],
  ['experimentos', 'experiments'],
  ['conjuntos de dados', 'datasets'],
  ['camadas', 'layers'],
  ['cabeças de atenção', 'attention heads'],
  ['taxa de aprendizado', 'learning rate'],
  ['tamanho do lote', 'batch size'],
  ['épocas', 'epochs'],
  ['vocabulário', 'vocabulary'],
  ['parâmetros', 'parameters'],
  ['codificador', 'encoder'],
  ['decodificador', 'decoder'],
  ['recuperação', 'retrieval'],
  ['representações', 'representations'],
  ['classificação', 'classification'],
  ['regressão', 'regression'],
  ['distribuição', 'distribution'],
  ['eficiência', 'efficiency'],
  ['confiabilidade', 'reliability'],
  ['disponibilidade', 'availability'],
  ['consistência', 'consistency'],
  ['replicação', 'replication'],
  ['latência', 'latency'],
  ['mulheres grávidas', 'pregnant women'],
  ['recém-nascidos', 'newborns'],
  ['vacinação', 'vaccination'],
  ['mortalidade', 'mortality'],
  ['pacientes', 'patients'],
  ['diagnóstico', 'diagnosis'],
  ['tratamento', 'treatment'],
  ['questionário', 'questionnaire'],
  ['entrevistas', 'interviews'],
  ['participantes', 'participants'],
  ['eleições', 'elections'],
  ['governo', 'government'],
  ['emissões', 'emissions'],
  ['temperatura', 'temperature'],
  ['infraestrutura', 'infrastructure'],
  ['algoritmos', 'algorithms'],
  ['computacional', 'computational'],
  ['desempenho', 'performance'],
  ['resultados', 'results'],
  ['limitações', 'limitations'],
  ['contribuições', 'contributions'],
  ['aplicações', 'applications'],
  ['otimização', 'optimization'],
  ['generalização', 'generalization'],
  ['simulações', 'simulations'],
  ['frequência', 'frequency'],
  ['variância', 'variance'],
  ['comparável', 'comparable'],
  ['possível', 'possible'],
  ['automaticamente', 'automatically'],
  ['empírico', 'empiric'],
  ['qualitativo', 'qualitative']
]

/** True when the English side's words are all among the terms the Portuguese side searches. */
function covered(pt: string, en: string): boolean {
  const terms = new Set(tokenize(englishFor(pt).join(' '), 'en'))
  return tokenize(en, 'en').every((t) => terms.has(t))
}

describe('the pt→en glossary', () => {
  it('translates entries by stem, phrases first, and guesses cognates', () => {
    expect(englishFor('Quantas camadas tem o codificador?')).toEqual(
      expect.arrayContaining(['layer', 'encoder'])
    )
    expect(englishFor('o tamanho do lote')).toContain('batch size')
    expect(cognate('identificação')).toBe('identification')
    expect(cognate('catastróficas')).toBe('catastrofic')
    expect(cognate('elegível')).toBe('elegible')
    expect(GLOSSARY_SIZE).toBeGreaterThan(300)
  })

  it('covers at least 80% of a held-out list of research words (coverage printed)', () => {
    const hits = HELD_OUT.filter(([pt, en]) => covered(pt, en))
    const missed = HELD_OUT.filter(([pt, en]) => !covered(pt, en)).map(([pt]) => pt)
    console.log(
      `pt→en glossary coverage: ${hits.length}/${HELD_OUT.length}; missed: ${missed.join(', ')}`
    )
    expect(hits.length / HELD_OUT.length).toBeGreaterThanOrEqual(0.8)
  })

  it('a Portuguese question searches the English words of its terms; English ones do not', () => {
    expect(queryTerms('Qual é a taxa de aprendizado?')).toEqual(
      expect.arrayContaining(tokenize('learning rate', 'en'))
    )
    expect(queryTerms('What is the learning rate?')).toEqual(
      tokenize('What is the learning rate?', 'en')
    )
  })

  it('reads a negated word as English does (un-, non-), and the prothetic e of Portuguese', () => {
    expect(englishFor('tarefas não supervisionadas')).toEqual(
      expect.arrayContaining(['tasks', 'unsupervised'])
    )
    expect(englishFor('memória não paramétrica')).toContain('nonparametric')
    // A phrase entry that starts with "não" still wins.
    expect(englishFor('recém-nascidos não expostos')).toContain('unexposed')
    expect(englishFor('a estrutura estatística')).toEqual(
      expect.arrayContaining(['structure', 'statistic'])
    )
    expect(englishFor('modelos computacionais')).toContain('computational')
    // A short word is not guessed: "são" is a verb, not "sion".
    expect(englishFor('Quais são as camadas?')).not.toContain('sion')
    expect(queryTerms('Quais são as camadas?')).not.toContain('sao')
  })

  it('does not translate a stop word on its own ("dos" is not "dose"), only inside a phrase', () => {
    const en = englishFor('Como ele codifica as posições dos tokens?')
    expect(en).toContain('position')
    expect(en).not.toContain('dose')
    expect(englishFor('Qual banco de dados foi usado?')).toContain('database')
  })
})
