import { describe, expect, it } from 'vitest'
import { exportThread } from '../../../src/main/chat/exportThread'
import { bibtexKeys, toBibtex } from '../../../src/main/library/bibtex'
import type { Thread } from '../../../src/shared/threads'
import { parseDeepLink } from '../../../src/shared/deepLink'
import { answer, citation, paper } from '../../fixtures/chatRecords'

const BERT = paper({
  id: '1810.04805',
  arxivId: '1810.04805',
  title: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
  authors: ['Jacob Devlin', 'Ming-Wei Chang', 'Kenton Lee', 'Kristina Toutanova'],
  year: 2018
})
const TRANSFORMER = paper()

function turn(id: string, question: string, a = answer()): Thread['turns'][number] {
  return {
    id,
    question,
    status: 'done',
    answer: a.answer,
    mode: a.mode,
    verified: a.verified,
    notice: a.notice,
    citations: a.citations,
    usage: a.usage,
    model: 'gemini-x',
    askedAt: '2026-12-01T10:00:00Z',
    finishedAt: '2026-12-01T10:00:05Z',
    error: null
  }
}

const thread: Thread = {
  id: 't-1-a',
  title: 'Attention, and BERT',
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-01T10:01:00Z',
  scope: null,
  turns: [
    turn('u1', 'What is scaled dot-product attention?'),
    turn(
      'u2',
      'And BERT?',
      answer({
        answer: 'BERT is bidirectional [1] and uses attention [2].',
        citations: [citation(1, { paperId: '1810.04805', title: 'BERT', page: 3 }), citation(2)]
      })
    ),
    { ...turn('u3', 'What about RAG?'), status: 'interrupted', answer: '', citations: [] }
  ]
}

describe('exporting a thread', () => {
  it('writes Markdown with one numbered reference list, numbers meaning the same page everywhere', () => {
    const out = exportThread(thread, [TRANSFORMER, BERT], 'md')
    expect(out.fileName).toBe('attention-and-bert.md')
    const md = out.content
    expect(md).toMatch(/^# Attention, and BERT\n/)
    expect(md).toContain('## 1. What is scaled dot-product attention?')
    expect(md).toContain('It scales the dot products by 1/sqrt(d_k) [1]. BERT uses it too [2].')
    // In the second answer, [1] was BERT p. 3 (reference 2) and [2] the Transformer p. 4 (1).
    expect(md).toContain('BERT is bidirectional [2] and uses attention [1].')
    expect(md).toContain('_(no answer: the app stopped while answering)_')
    const refs = md.slice(md.indexOf('## References'))
    expect(refs).toContain(
      '[1] Ashish Vaswani, Noam Shazeer, Niki Parmar (2017). *Attention Is All You Need*. arXiv:1706.03762 (doi:10.48550/arXiv.1706.03762), [p. 4](researchpal://paper/1706.03762?page=4&quote='
    )
    // The page opens the cited passage in the app: the link reads back to the same passage.
    const link = /\[p\. 4\]\((researchpal:[^)]+)\)\. BibTeX: `vaswani2017attention`/.exec(refs)![1]!
    expect(parseDeepLink(link)).toEqual({
      ok: true,
      link: {
        paperId: '1706.03762',
        page: 4,
        quote: thread.turns[0]!.citations[0]!.snippet.replace(/\s+/g, ' ').trim()
      }
    })
    expect(refs).toContain(
      '[2] Jacob Devlin, Ming-Wei Chang, Kenton Lee et al. (2018). *BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding*. arXiv:1810.04805'
    )
    expect(refs.match(/^\[\d+\]/gm)).toEqual(['[1]', '[2]'])
  })

  it('exports one answer alone, and lists a removed paper from what its citation kept', () => {
    const out = exportThread(thread, [TRANSFORMER], 'md', 'u2')
    expect(out.fileName).toBe('attention-and-bert-u2.md')
    expect(out.content).not.toContain('scaled dot-product')
    expect(out.content).toContain('BERT is bidirectional [1] and uses attention [2].')
    expect(out.content).toMatch(
      /\[1\] \*BERT\*\. arXiv:1810\.04805 .*, p\. 3\. .*\(removed from the library\)/
    )
  })

  it("writes the document's own words in the UI language (Portuguese), the answers as they are", () => {
    const md = exportThread(thread, [TRANSFORMER], 'md', undefined, 'pt-BR').content
    expect(md).toMatch(
      /\n_Exportado do ResearchPal em \d{1,2} de \p{L}+ de \d{4}; todos os artigos/u
    )
    expect(md).toContain('_(sem resposta: o app foi fechado durante a resposta)_')
    expect(md).toContain('## Referências')
    expect(md).toContain('(removido da biblioteca)')
    expect(md).toContain('It scales the dot products by 1/sqrt(d_k) [1].')
    expect(md).not.toMatch(/Exported from|References|removed from the library|no answer/)
  })

  it('writes the references in a citation style (ABNT in Portuguese), each with its page link', () => {
    const md = exportThread(thread, [TRANSFORMER, BERT], 'md', undefined, 'pt-BR', 'abnt').content
    const refs = md.slice(md.indexOf('## Referências'))
    expect(refs).toMatch(
      /^\[1\] VASWANI, A\.; SHAZEER, N\.; PARMAR, N\. Attention Is All You Need\..* \[p\. 4\]\(researchpal:\/\/paper\/1706\.03762\?page=4&quote=/m
    )
    expect(refs).toMatch(/^\[2\] DEVLIN, J\. et al\.|^\[2\] DEVLIN, J\.; CHANG, M\.-W\./m)
    expect(refs).not.toContain('BibTeX:')
    // The answers are as stored.
    expect(md).toContain('BERT is bidirectional [2] and uses attention [1].')
    const ieee = exportThread(thread, [TRANSFORMER], 'md', 'u2', 'en', 'ieee').content
    expect(ieee).toMatch(
      /^\[2\] A\. Vaswani, N\. Shazeer, and N\. Parmar, “Attention Is All You Need,”/m
    )
    expect(ieee).toMatch(/^\[1\] .*BERT.* p\. 3\. \(removed from the library\)$/m)
  })

  it('writes BibTeX for the cited papers with authorYEARword keys', () => {
    const bib = exportThread(thread, [TRANSFORMER, BERT], 'bib').content
    expect(bib.match(/^@\w+\{[^,]+,/gm)).toEqual([
      '@article{vaswani2017attention,',
      '@article{devlin2018bert,'
    ])
    expect(bib).toContain('doi = {10.48550/arXiv.1810.04805}')
    expect(bib).toContain(
      'author = {Devlin, Jacob and Chang, Ming-Wei and Lee, Kenton and Toutanova, Kristina}'
    )
  })

  it('keeps keys stable and unique when two papers would share one', () => {
    const other = paper({ id: 'abc', arxivId: null, title: 'Attention on graphs' })
    const keys = bibtexKeys([TRANSFORMER, other]).map((e) => e.key)
    expect(keys).toEqual(['vaswani2017attention', 'vaswani2017attentiona'])
    expect(toBibtex([TRANSFORMER, other]).bibtex).toMatch(/@misc\{vaswani2017attentiona,/)
    const unknown = paper({ id: 'x1', authors: [], year: 2018, title: 'BERT: Pre-training' })
    expect(bibtexKeys([unknown])[0]!.key).toBe('anon2018bert')
    expect(exportThread({ ...thread, turns: [] }, [], 'bib').content).toBe('')
  })
})
