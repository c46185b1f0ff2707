import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import {
  abstractText,
  introducedNames,
  nameKey,
  questionNameKeys
} from '../../../src/main/search/introducedNames'

const chunk = (paperId: string, page: number, section: string, text: string, i = 0): Chunk => ({
  id: `${paperId}-page-${page}-chunk-${i}`,
  paperId,
  page,
  index: i,
  section,
  text,
  tokens: 40
})

describe('the names a paper introduces', () => {
  it('reads them from the ways abstracts announce them, in English and Portuguese', () => {
    expect(
      introducedNames(
        'We propose a new simple network architecture, the Transformer, based solely on attention.'
      )
    ).toEqual(['Transformer'])
    expect(
      introducedNames('We introduce a new language representation model called BERT, which …')
    ).toEqual(['BERT'])
    expect(introducedNames('We introduce RAG models where the parametric memory is …')).toEqual([
      'RAG'
    ])
    expect(
      introducedNames('Neste trabalho apresentamos o BERTimbau, um modelo para o português.')
    ).toEqual(['BERTimbau'])
    expect(introducedNames('Propomos um corpus anotado, denominado Sarcasmo-BR, com …')).toEqual([
      'Sarcasmo-BR'
    ])
  })

  it('does not take an ordinary capitalised word after a verb for a name', () => {
    expect(introducedNames('We introduce Hierarchical attention over long documents.')).toEqual([])
    expect(introducedNames('We present The results of a cohort of 500 women.')).toEqual([])
    expect(introducedNames('Transformers are used widely. BERT is strong.')).toEqual([])
  })

  it('keys a name and a question the same way, unstemmed', () => {
    expect(nameKey('Sentence-BERT')).toBe('sentencebert')
    expect(questionNameKeys('How is Sentence-BERT trained?')).toContain('sentencebert')
    expect(questionNameKeys('What do Transformers stack?')).toContain('transformer')
    expect(questionNameKeys('Which transformation is applied?')).not.toContain('transformer')
  })

  it('reads only the abstract, on its first page', () => {
    expect(
      abstractText([
        chunk('p', 1, 'abstract', 'We propose X.'),
        chunk('p', 1, 'introduction', 'Intro.', 1),
        chunk('p', 9, 'abstract', 'Mislabelled later text called Story.', 2)
      ])
    ).toBe('We propose X.')
  })
})

describe('the keyword index and introduced names', () => {
  it('finds the paper that introduces a name the question uses, within a scope', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-names-'))
    const keywords = new Bm25KeywordIndex({ dir })
    await keywords.open()
    await keywords.putPaper('vaswani', [
      chunk(
        'vaswani',
        1,
        'abstract',
        'We propose a new simple network architecture, the Transformer, based solely on attention.'
      ),
      chunk('vaswani', 3, 'model', 'The encoder is a stack of 6 identical layers.', 1)
    ])
    await keywords.putPaper('thesis', [
      chunk('thesis', 1, 'abstract', 'Usamos o Transformer para classificar comentários.'),
      chunk('thesis', 20, 'method', 'O Transformer tem um codificador e um decodificador.', 1)
    ])
    const keys = questionNameKeys('How many layers does the Transformer encoder stack?')
    expect([...keywords.papersIntroducing(keys)]).toEqual(['vaswani'])
    expect([...keywords.papersIntroducing(keys, ['thesis'])]).toEqual([])
    expect([...keywords.papersIntroducing(questionNameKeys('What is attention?'))]).toEqual([])
    await keywords.close()
    // The same once the papers are merged into the library-wide pack.
    const packed = new Bm25KeywordIndex({ dir, pack: { minChunks: 1 }, log: () => undefined })
    await packed.open()
    await packed.idle()
    expect(packed.packedCount()).toBe(4)
    expect([...packed.papersIntroducing(keys)]).toEqual(['vaswani'])
    expect([...packed.papersIntroducing(keys, ['thesis'])]).toEqual([])
    await packed.close()
  })
})
