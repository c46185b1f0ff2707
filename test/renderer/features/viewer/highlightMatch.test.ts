import { describe, expect, it } from 'vitest'
import { findSnippetItems } from '../../../../src/renderer/src/features/viewer/highlightMatch'

// Text items as pdf.js splits a page: runs, line-end hyphens, ligatures, odd spacing.
const PAGE = [
  '3.2.1',
  ' ',
  'Scaled Dot-Product Attention',
  'We call our particular attention "Scaled Dot-Product Attention" (Figure 2). The input consists of',
  'queries and keys of dimension d',
  'k',
  ', and values of dimension d',
  'v',
  '. We compute the dot products of the query with all keys, divide each by the atten-',
  'tion scale, and apply a softmax function to obtain the weights on the',
  'values. This is the ﬁnal step.'
]

describe('findSnippetItems', () => {
  it('finds a snippet across runs whatever the whitespace', () => {
    const hits = findSnippetItems(
      PAGE,
      'queries and keys of dimension   dk, and values of dimension dv.'
    )
    expect(hits).toEqual([4, 5, 6, 7])
  })

  it('ignores line-end hyphenation and ligatures', () => {
    expect(findSnippetItems(PAGE, 'divide each by the attention scale')).toEqual([8, 9])
    expect(findSnippetItems(PAGE, 'This is the final step')).toEqual([10])
  })

  it('anchors on the ends when the middle of the snippet differs from the page', () => {
    const snippet =
      'We call our particular attention "Scaled Dot-Product Attention" (Fig. 2). The input consists of queries and keys of dimension dk, and values'
    const hits = findSnippetItems(PAGE, snippet)
    expect(hits[0]).toBe(3)
    expect(hits.at(-1)).toBe(6)
  })

  it('finds nothing for text that is not on the page', () => {
    expect(
      findSnippetItems(PAGE, 'BERT is pre-trained with a masked language model objective')
    ).toEqual([])
    expect(findSnippetItems(PAGE, '   ')).toEqual([])
  })
})
