import { describe, expect, it } from 'vitest'
import { Discovery } from '../../../src/main/library/Discovery'
import { parseReferences } from '../../../src/main/library/references'
import { bibliographyDefaults, type Paper } from '../../../src/shared/types'
import type { SearchInput } from '../../../src/shared/contract'

const NUMBERED = `7 Conclusion
We are done.
References
[1] Jimmy Lei Ba, Jamie Ryan Kiros, and Geoffrey E Hinton. Layer normalization. arXiv preprint
arXiv:1607.06450, 2016.
[2] Dzmitry Bahdanau, Kyunghyun Cho, and Yoshua Bengio. Neural machine translation by jointly
learning to align and translate. CoRR, abs/1409.0473, 2014.
[3] Ashish Vaswani, Noam Shazeer, and Niki Parmar. Attention is all you need. In NIPS, 2017.
[4] Ada Lovelace. Notes on the analytical engine. J. Fixtures, 10.1234/ada.1843, 1999.
`

const AUTHOR_YEAR = `References
Alan Akbik, Duncan Blythe, and Roland Vollgraf.
2018. Contextual string embeddings for sequence
labeling. In Proceedings of the 27th International
Conference on Computational Linguistics, pages
1638–1649.
Rami Al-Rfou, Dokook Choe, Noah Constant, Mandy
Guo, and Llion Jones. 2018. Character-level language modeling with deeper self-attention. arXiv
preprint arXiv:1808.04444.
Matthew Peters, Mark Neumann, Mohit Iyyer, Matt Gardner, Christopher Clark, Kenton Lee, and Luke Zettlemoyer. 2018a. Deep contextualized word representations. In NAACL.
`

function paper(id: string, title: string, extra: Partial<Paper> = {}): Paper {
  return {
    id,
    title,
    authors: [],
    year: null,
    arxivId: null,
    source: { kind: 'file', fileName: `${id}.pdf` },
    sha256: null,
    pages: 1,
    chunks: 1,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: '2026-01-01T00:00:00Z',
    indexedAt: null,
    embedderId: null,
    ...bibliographyDefaults(),
    ...extra
  }
}

describe('reference lists', () => {
  it('reads numbered entries: titles after the authors, arXiv ids, DOIs and years', () => {
    const refs = parseReferences(NUMBERED)
    expect(refs.map((r) => [r.title, r.arxivId, r.doi, r.year])).toEqual([
      ['Layer normalization', '1607.06450', null, 2016],
      [
        'Neural machine translation by jointly learning to align and translate',
        '1409.0473',
        null,
        2014
      ],
      ['Attention is all you need', null, null, 2017],
      ['Notes on the analytical engine', null, '10.1234/ada.1843', 1999]
    ])
  })

  it('reads author-year entries (ACL style): the title is the sentence after the year', () => {
    const refs = parseReferences(AUTHOR_YEAR)
    expect(refs.map((r) => r.title)).toEqual([
      'Contextual string embeddings for sequence labeling',
      'Character-level language modeling with deeper self-attention',
      'Deep contextualized word representations'
    ])
    expect(refs[1]!.arxivId).toBe('1808.04444')
  })
})

describe('discovery', () => {
  const library = [
    paper('bert', 'BERT: Pre-training of Deep Bidirectional Transformers'),
    paper('1706.03762', 'Attention Is All You Need', { arxivId: '1706.03762' }),
    paper('ln', 'Layer Normalization', { arxivId: '1607.06450' }),
    paper('elmo', 'Deep contextualized word representations')
  ]
  const searches: SearchInput[] = []
  const discovery = new Discovery({
    papers: () => library,
    paperText: async () => ({ paperId: 'bert', pages: [{ page: 1, text: NUMBERED }] }),
    retriever: {
      async search(input) {
        searches.push(input)
        return {
          query: input.query,
          embedder: null,
          results: [
            {
              chunkId: 'e-1',
              paperId: 'elmo',
              title: 'ELMo',
              page: 1,
              section: 'abstract',
              score: 0.9,
              text: 'contextual'
            },
            {
              chunkId: 't-1',
              paperId: '1706.03762',
              title: 'Transformer',
              page: 2,
              section: 'model',
              score: 0.5,
              text: 'attention'
            },
            {
              chunkId: 'e-2',
              paperId: 'elmo',
              title: 'ELMo',
              page: 3,
              section: 'model',
              score: 0.4,
              text: 'biLM'
            }
          ]
        }
      },
      section: () => Promise.reject(new Error('unused')),
      passage: () => Promise.reject(new Error('unused'))
    }
  })

  it('ranks the other papers by their passages, never the paper itself', async () => {
    const r = await discovery.related('bert')
    expect(r.mode).toBe('keywords')
    expect(r.related.map((x) => x.paperId)).toEqual(['elmo', '1706.03762'])
    expect(searches[0]!.paperIds).toEqual(['1706.03762', 'ln', 'elmo'])
    expect(searches[0]!.query).toMatch(/^BERT: Pre-training/)
  })

  it('lists the references the library lacks, matched by arXiv id, DOI or title', async () => {
    const r = await discovery.missingReferences('bert')
    expect(r.total).toBe(4)
    expect(r.missing.map((m) => [m.title, m.add])).toEqual([
      ['Neural machine translation by jointly learning to align and translate', 'arxiv:1409.0473'],
      ['Notes on the analytical engine', 'doi:10.1234/ada.1843']
    ])
  })
})
