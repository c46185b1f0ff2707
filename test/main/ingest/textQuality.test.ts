import { describe, expect, it } from 'vitest'
import { needsOcr } from '../../../src/main/ingest/textQuality'
import { proseLines } from '../../fixtures/fixturePapers'

describe('which pages OCR reads', () => {
  it('reads pages with no text layer, or only a stray mark', () => {
    expect(needsOcr('')).toBe(true)
    expect(needsOcr('  3  ')).toBe(true)
    expect(needsOcr('ab 1')).toBe(true)
  })

  it('reads pages whose text layer is garbled (unmapped glyphs, symbol soup)', () => {
    expect(needsOcr('\uE001\uE002\uE003 \uE004\uE005 attention \uE006\uE007\uE008\uE009')).toBe(
      true
    )
    const soup = Array.from({ length: 40 }, (_, i) => `#${'%&*'[i % 3]}q${i % 7}~`).join(' ')
    expect(needsOcr(soup)).toBe(true)
  })

  it('leaves text pages alone, tables of numbers and maths included', () => {
    expect(needsOcr(proseLines(20, 3).join('\n'))).toBe(false)
    const table = Array.from({ length: 30 }, (_, i) => `${80 + i}.${i} 71.2 ±0.3 45.5%`).join('\n')
    expect(needsOcr(`Table 14: Scores on every task\n${table}`)).toBe(false)
    const maths =
      'where P E(pos,2i) = sin(pos/10000 2i/d) and k = 4 so that the dot product q · k = Σ qi ki has mean 0 and variance dk for every layer of the model'
    expect(needsOcr(maths)).toBe(false)
  })
})
