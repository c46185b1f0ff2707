import { describe, expect, it } from 'vitest'
import { prosePieces } from '../../../../src/renderer/src/features/chat/answerMath'

const math = (text: string): string[] =>
  prosePieces(text)
    .filter((p) => p.math)
    .map((p) => p.text)
const plain = (text: string): string =>
  prosePieces(text)
    .filter((p) => !p.math)
    .map((p) => p.text)
    .join('|')

describe('prosePieces', () => {
  it('finds inline and display TeX', () => {
    expect(math('Scaled by $1/\\sqrt{d_k}$ before the softmax.')).toEqual(['$1/\\sqrt{d_k}$'])
    expect(math('The score:\n\n$$\n\\mathrm{softmax}(QK^T)V\n$$\n')).toEqual([
      '$$\n\\mathrm{softmax}(QK^T)V\n$$'
    ])
    expect(math('With $d_k = 64$ and $h = 8$ heads')).toEqual(['$d_k = 64$', '$h = 8$'])
  })

  it('leaves prices as prices, escaped so the Markdown parser keeps them', () => {
    expect(math('It cost $5 and $10 to train.')).toEqual([])
    expect(plain('It cost $5 and $10 to train.')).toBe('It cost \\$5 and \\$10 to train.')
    expect(math('between $5-$10 per hour')).toEqual([])
    expect(math('US$ 300 or R$ 1.500,00')).toEqual([])
    expect(math('about $100k')).toEqual([])
  })

  it('takes the maths after a price in the same sentence', () => {
    expect(math('It cost $5 and scales with $d_k$.')).toEqual(['$d_k$'])
    expect(plain('It cost $5 and scales with $d_k$.')).toBe('It cost \\$5 and scales with |.')
  })

  it('reads \\( \\) and \\[ \\] as TeX too', () => {
    expect(math('the factor \\(\\sqrt{d_k}\\) and \\[x^2\\]')).toEqual(['$\\sqrt{d_k}$', '$$x^2$$'])
  })

  it('keeps an escaped dollar and does not let inline maths cross a blank line', () => {
    expect(math('a \\$5 fee')).toEqual([])
    expect(plain('a \\$5 fee')).toBe('a \\$5 fee')
    expect(math('$x\n\ny$')).toEqual([])
  })
})
