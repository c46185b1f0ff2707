import { describe, expect, it } from 'vitest'
import { toCsv, toMarkdown } from '../../../src/main/compare/exportTable'
import type { Comparison } from '../../../src/shared/compare'
import { fakePapers } from '../../fakes/fakeRetriever'

const cite = (paperId: string, page: number, snippet: string) => ({
  number: 1,
  paperId,
  title: 't',
  page,
  chunkId: `${paperId}-page-${page}-chunk-0`,
  snippet
})
const base = {
  verdict: null,
  notice: null,
  problem: null,
  usage: { inputTokens: 0, outputTokens: 0 }
}

const table: Comparison = {
  id: 'cmp-x',
  title: 'Heads | layers',
  createdAt: '',
  updatedAt: '',
  threadId: null,
  collection: null,
  paperIds: ['1706.03762', '1810.04805'],
  columns: [
    { id: 'q1', kind: 'question', text: 'How many heads?' },
    { id: 'c2', kind: 'claim', text: 'Bigger is better' }
  ],
  cells: [
    {
      ...base,
      paperId: '1706.03762',
      columnId: 'q1',
      status: 'answered',
      answer: 'h = 8, "parallel"',
      citations: [cite('1706.03762', 5, 'we employ h = 8 parallel attention layers, or heads')]
    },
    {
      ...base,
      paperId: '1706.03762',
      columnId: 'c2',
      status: 'answered',
      verdict: 'contradicts',
      answer: 'No.',
      citations: [cite('1706.03762', 8, 'big model')]
    },
    {
      ...base,
      paperId: '1810.04805',
      columnId: 'q1',
      status: 'not-stated',
      answer: '',
      citations: []
    },
    {
      ...base,
      paperId: '1810.04805',
      columnId: 'c2',
      status: 'evidence',
      answer: '',
      citations: [cite('1810.04805', 4, 'mask 15%')]
    }
  ]
}

describe('comparison export', () => {
  it('writes a Markdown table with a row per paper, the quotes and their pages', () => {
    const md = toMarkdown(table, fakePapers())
    const lines = md.split('\n')
    expect(lines[0]).toBe('# Heads \\| layers')
    expect(lines[2]).toBe('| Paper | How many heads? | Claim: Bigger is better |')
    expect(lines[4]).toContain(
      '| Attention Is All You Need (1706.03762) | h = 8, "parallel" p. 5: "we employ h = 8 parallel attention layers, or heads" | Contradicts: No. p. 8: "big model" |'
    )
    expect(lines[5]).toContain('The paper does not say')
    expect(lines[5]).toContain('Evidence only (no generated answer): p. 4: "mask 15%"')
  })

  it('writes the Markdown table in Portuguese for a Portuguese UI (CSV stays machine words)', () => {
    const lines = toMarkdown(table, fakePapers(), 'pt-BR').split('\n')
    expect(lines[2]).toBe('| Artigo | How many heads? | Afirmação: Bigger is better |')
    expect(lines[4]).toContain('| Contradiz: No. p. 8: "big model" |')
    expect(lines[5]).toContain('O artigo não diz')
    expect(lines[5]).toContain('Só trechos (nenhuma resposta gerada): p. 4: "mask 15%"')
  })

  it('writes CSV with one line per quote, quoting commas and double quotes', () => {
    const csv = toCsv(table, fakePapers())
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'paper_id,title,kind,question,status,verdict,answer,page,quote,passage_id'
    )
    expect(lines[1]).toBe(
      '1706.03762,Attention Is All You Need,question,How many heads?,answered,,"h = 8, ""parallel""",5,"we employ h = 8 parallel attention layers, or heads",1706.03762-page-5-chunk-0'
    )
    expect(lines[2]).toContain(',claim,Bigger is better,answered,contradicts,No.,8,big model,')
    expect(lines[3]).toMatch(/^1810\.04805,.*,not-stated,,,,,$/)
    expect(lines).toHaveLength(5)
  })
})
