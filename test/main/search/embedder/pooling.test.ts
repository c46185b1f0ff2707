import { describe, expect, it } from 'vitest'
import {
  combineUnitVectors,
  meanPoolRow,
  normalize
} from '../../../../src/main/search/embedder/pooling'

describe('pooling', () => {
  it('averages only the positions the attention mask keeps', () => {
    // batch 2, seq 3, dims 2; row 1 has one padded position.
    const hidden = Float32Array.from([1, 1, 3, 3, 5, 5, 2, 0, 4, 0, 100, 100])
    const mask = [1n, 1n, 1n, 1n, 1n, 0n]
    expect(Array.from(meanPoolRow(hidden, 0, 3, 2, mask))).toEqual([3, 3])
    expect(Array.from(meanPoolRow(hidden, 1, 3, 2, mask))).toEqual([3, 0])
  })

  it('normalizes to unit length and combines windows into one unit vector', () => {
    expect(Array.from(normalize(Float32Array.from([3, 4])))).toEqual([
      0.6000000238418579, 0.800000011920929
    ])
    const combined = combineUnitVectors([Float32Array.from([1, 0]), Float32Array.from([0, 1])])
    expect(combined[0]).toBeCloseTo(Math.SQRT1_2, 6)
    expect(combined[1]).toBeCloseTo(Math.SQRT1_2, 6)
  })
})
