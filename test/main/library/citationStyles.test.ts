import { describe, expect, it } from 'vitest'
import { formatReferences, papersToRis } from '../../../src/main/library/citationStyles'
import csl from '../../../src/main/library/csl/styles.json'
import { CITATION_STYLES, defaultCitationStyle } from '../../../src/shared/citationStyles'
import { LANGUAGES } from '../../../src/shared/languages'

const transformer = {
  id: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'],
  year: 2017,
  arxivId: '1706.03762'
}
const thesis = {
  id: 'ab12cd34ef56',
  title: 'Aprendizado de máquina na agricultura',
  authors: ['Maria Souza', 'Pedro Lima'],
  year: 2021,
  arxivId: null,
  venue: 'Revista Brasileira de Computação Aplicada'
}

describe('formatReferences (CSL styles shipped in the app)', () => {
  it('writes each style as its guide does', () => {
    const [apa, chicago, ieee, vancouver, abnt] = CITATION_STYLES.map(
      (style) => formatReferences([transformer], style)[0]
    )
    expect(apa).toBe(
      'Vaswani, A., Shazeer, N., & Parmar, N. (2017). Attention Is All You Need. arXiv Preprint arXiv:1706.03762. https://doi.org/10.48550/arXiv.1706.03762'
    )
    expect(chicago).toMatch(/^Vaswani, Ashish, Noam Shazeer, and Niki Parmar\. 2017\. “Attention/)
    expect(ieee).toMatch(/^A\. Vaswani, N\. Shazeer, and N\. Parmar, “Attention Is All You Need,”/)
    expect(vancouver).toBe(
      'Vaswani A, Shazeer N, Parmar N. Attention Is All You Need [Internet]. arXiv; 2017. Available from: https://arxiv.org/abs/1706.03762'
    )
    expect(abnt).toMatch(/^VASWANI, A\.; SHAZEER, N\.; PARMAR, N\. Attention Is All You Need\./)
  })

  it('writes the words of the reference in Portuguese for a pt-BR window', () => {
    const [chicago] = formatReferences([thesis], 'chicago', 'pt-BR')
    expect(chicago).toMatch(/^Souza, Maria, e Pedro Lima\. 2021\./)
    const [vancouver] = formatReferences([transformer], 'vancouver', 'pt-BR')
    expect(vancouver).toContain('Disponível em: https://arxiv.org/abs/1706.03762')
    expect(formatReferences([thesis], 'abnt', 'pt-BR')[0]).toBe(
      'SOUZA, M.; LIMA, P. Aprendizado de máquina na agricultura. Revista Brasileira de Computação Aplicada, 2021.'
    )
  })

  it('gives one reference per paper, in order, numbered styles without their number', () => {
    const refs = formatReferences([transformer, thesis], 'ieee')
    expect(refs).toHaveLength(2)
    expect(refs[0]).toMatch(/^A\. Vaswani/)
    expect(refs[1]).toMatch(/^M\. Souza and P\. Lima/)
  })

  it('formats a paper with no authors or year without failing', () => {
    const bare = { id: 'x', title: 'Untitled notes', authors: [], year: null, arxivId: null }
    for (const style of CITATION_STYLES)
      expect(formatReferences([bare], style)[0], style).toMatch(/Untitled notes/i)
  })

  it("ships every UI language's CSL locale, so its references are not silently in English", () => {
    for (const row of LANGUAGES) expect(Object.keys(csl.locales), row.code).toContain(row.cslLocale)
  })

  it('defaults to ABNT in Portuguese and APA in English', () => {
    expect(defaultCitationStyle('pt-BR')).toBe('abnt')
    expect(defaultCitationStyle('en')).toBe('apa')
  })

  it('files "João da Silva" under Silva, and keeps a Dutch "van der" with the family name', () => {
    const silva = { ...thesis, authors: ['João da Silva', 'María de la Cruz'] }
    const [abnt] = formatReferences([silva], 'abnt', 'pt-BR')
    expect(abnt).toMatch(/^SILVA, J\. DA; CRUZ, M\. DE LA\. /)
    const [apa] = formatReferences([silva], 'apa')
    expect(apa).toMatch(/^Silva, J\. da, & Cruz, M\. de la\. \(2021\)/)
    const berg = { ...thesis, authors: ['Anna van der Berg'] }
    expect(formatReferences([berg], 'apa')[0]).toMatch(/^van der Berg, A\. \(2021\)/)
  })

  it('writes RIS with each paper as a record, its particle kept in the family name', () => {
    const ris = papersToRis([transformer, { ...thesis, authors: ['João da Silva'] }])
    expect(ris.match(/^TY {2}- /gm)).toHaveLength(2)
    expect(ris.match(/^ER {2}- /gm)).toHaveLength(2)
    expect(ris).toContain('AU  - Vaswani, Ashish')
    expect(ris).toContain('AU  - da Silva, João')
    expect(ris).toContain('TI  - Aprendizado de máquina na agricultura')
    expect(ris).toContain('DO  - 10.48550/arXiv.1706.03762')
    expect(papersToRis([])).toBe('')
  })
})
