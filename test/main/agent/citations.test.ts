import { describe, expect, it } from 'vitest'
import { resolveCitations } from '../../../src/main/agent/citations'
import { EvidenceSet } from '../../../src/main/agent/evidence'
import { pickSnippet } from '../../../src/main/agent/snippet'
import type { SearchResult } from '../../../src/shared/types'
import { DEFAULT_CHUNKS } from '../../fakes/fakeRetriever'

const results: SearchResult[] = DEFAULT_CHUNKS.map((c, i) => ({
  ...c,
  title: `Title ${c.paperId}`,
  score: 1 - i / 100
}))
const evidence = (): EvidenceSet => {
  const set = new EvidenceSet()
  set.addSearchResults(results, '')
  return set
}
const [a, b, c] = results.map((r) => r.chunkId)

describe('resolveCitations', () => {
  it('numbers ids in order of first appearance, the same id keeping its number', () => {
    const out = resolveCitations(`X [[${b}]]. Y [[${a}]]. Z [[${b}]].`, evidence())
    expect(out.answer).toBe('X [1]. Y [2]. Z [1].')
    expect(out.citations.map((x) => [x.number, x.chunkId])).toEqual([
      [1, b],
      [2, a]
    ])
  })

  it('strips unknown, empty and unclosed markers without leaving gaps', () => {
    const out = resolveCitations(
      `X [[nope-page-1-chunk-0]]. Y [[ ]] [[${a}]], Z [[${c}`,
      evidence()
    )
    expect(out.answer).toBe('X. Y [1], Z')
    expect(out.citations).toHaveLength(1)
  })

  it('splits several ids in one marker', () => {
    const out = resolveCitations(`X [[${a}; ${c}]]`, evidence())
    expect(out.answer).toBe('X [1][2]')
  })

  it('cites the top retrieved passages when the text has no markers', () => {
    const out = resolveCitations('No markers here.', evidence())
    expect(out.answer).toBe('No markers here.')
    expect(out.citations.map((x) => [x.number, x.chunkId])).toEqual([
      [1, a],
      [2, b],
      [3, c]
    ])
  })

  it('matches a Portuguese claim through the English query that found the passage', () => {
    const set = new EvidenceSet()
    set.addSearchResults(results.slice(2, 3), 'number of attention heads')
    const out = resolveCitations(`O modelo usa 8 cabeças [[${c}]].`, set)
    expect(out.citations[0]!.snippet).toBe(
      'In this work we employ h = 8 parallel attention layers, or heads.'
    )
  })

  it('takes every snippet verbatim from the cited passage, matching the claim', () => {
    const out = resolveCitations(
      `Training took three and a half days on eight GPUs [[1706.03762-page-8-chunk-0]].`,
      evidence()
    )
    const snippet = out.citations[0]!.snippet
    expect(results.find((r) => r.chunkId === '1706.03762-page-8-chunk-0')!.text).toContain(snippet)
    expect(snippet).toBe('Training took 3.5 days on 8 P100 GPUs.')
  })
})

describe('section citations', () => {
  it('cite a section spanning pages at its first page, with text from its start', () => {
    const set = new EvidenceSet()
    const text =
      'Pre-training BERT uses two tasks. The second task is next sentence prediction, which continues on the next page.'
    set.addSection(
      { paperId: '1810.04805', section: 'pre-training bert', pages: [4, 5], text },
      'BERT'
    )
    const out = resolveCitations('NSP is used [[1810.04805-section-pre-training-bert]].', set)
    expect(out.citations).toEqual([
      expect.objectContaining({ page: 4, snippet: 'Pre-training BERT uses two tasks.' })
    ])
  })
})

describe('pickSnippet', () => {
  it('keeps snippets short, cut at a word, and verbatim', () => {
    const text = `${'word '.repeat(100)}end.`
    const s = pickSnippet(text)
    expect(s.length).toBeLessThanOrEqual(200)
    expect(text).toContain(s)
    expect(s.endsWith('word')).toBe(true)
  })

  it('prefers prose over figure labels extracted one word per line', () => {
    const text =
      'are\nmissing\n,\nin\nmy\nopinion\n.\n<EOS>\nFigure 5: Many of the attention heads exhibit behaviour. The heads clearly learned to perform different tasks.'
    expect(pickSnippet(text, 'attention heads')).toBe(
      'The heads clearly learned to perform different tasks.'
    )
  })

  it('prefers a whole sentence over the fragment a chunk opens with', () => {
    const text =
      'of the previous page continues here briefly. The model uses eight attention heads in parallel.'
    expect(pickSnippet(text)).toBe('The model uses eight attention heads in parallel.')
  })
})
