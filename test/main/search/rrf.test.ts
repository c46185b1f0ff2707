import { describe, expect, it } from 'vitest'
import { reciprocalRankFusion } from '../../../src/main/search/rrf'

describe('reciprocalRankFusion', () => {
  it('puts what both rankings agree on first, by rank not by raw score', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'd', 'a']
    ])
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b', 'd'])
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 63)
  })

  it('is the single ranking when only one list has entries', () => {
    expect(reciprocalRankFusion([['x', 'y'], []]).map((f) => f.id)).toEqual(['x', 'y'])
  })
})
