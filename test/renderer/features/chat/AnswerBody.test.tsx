// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AnswerBody } from '../../../../src/renderer/src/features/chat/AnswerBody'
import { answer, citation } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

describe('AnswerBody', () => {
  it('renders each [n] marker as a chip, in place, and leaves unknown numbers as text', () => {
    const a = answer({ answer: 'Scaled by 1/sqrt(d_k) [1]. See also [2] and [7].' })
    const { container } = renderWithStore(<AnswerBody text={a.answer} citations={a.citations} />)
    const chips = container.querySelectorAll('button.chip')
    expect([...chips].map((c) => c.textContent)).toEqual(['1', '2'])
    expect(container.textContent).toContain('[7]')
    expect(container.textContent).not.toContain('[1]')
  })

  it('shows a hover card with the paper title, page, snippet and a link to copy', async () => {
    const a = answer()
    renderWithStore(<AnswerBody text={a.answer} citations={a.citations} />)
    const chip = screen.getByRole('button', { name: /Source 2/ })
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.mouseEnter(chip.parentElement!)
    const card = screen.getByRole('tooltip')
    expect(card.textContent).toContain('BERT')
    expect(card.textContent).toContain('Page 3')
    expect(card.textContent).toContain('BERT is bidirectional.')
    const copy = within(card).getByRole('button', { name: 'Copy link to this passage' })
    expect(copy.getAttribute('data-link')).toBe(
      'researchpal://paper/1810.04805?page=3&quote=BERT+is+bidirectional.'
    )
    // The card stays a moment after the pointer leaves, so it can reach the card's button.
    fireEvent.mouseLeave(chip.parentElement!)
    expect(screen.queryByRole('tooltip')).not.toBeNull()
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('opens the viewer at the cited page with the snippet when a chip is clicked', () => {
    const a = answer()
    const { store } = renderWithStore(<AnswerBody text={a.answer} citations={a.citations} />)
    fireEvent.click(screen.getByRole('button', { name: /Source 1/ }))
    expect(store.getState().viewer).toMatchObject({
      open: true,
      paperId: '1706.03762',
      page: 4,
      highlight: { page: 4, snippet: a.citations[0]!.snippet }
    })
  })

  it('expands [1, 2] and [1-3] into one chip per citation and renders lists and bold', () => {
    const citations = [citation(1), citation(2), citation(3)]
    const text = 'Two **key** ideas:\n- attention [1, 2]\n- position encodings [1-3]'
    const { container } = renderWithStore(<AnswerBody text={text} citations={citations} />)
    expect(container.querySelector('strong')?.textContent).toBe('key')
    const items = container.querySelectorAll('li')
    expect(items).toHaveLength(2)
    expect(items[0]!.querySelectorAll('.chip')).toHaveLength(2)
    expect(items[1]!.querySelectorAll('.chip')).toHaveLength(3)
  })

  it('renders an evidence-only answer: numbered sources with their quoted passages', () => {
    const citations = [citation(1), citation(2, { title: 'BERT', page: 3 })]
    const text =
      'Not a generated answer. The passages below are quoted.\n\n' +
      '[1] Attention Is All You Need, p. 4:\n> We call our particular attention\n\n' +
      '[2] BERT, p. 3:\n> BERT is bidirectional.'
    const { container } = renderWithStore(<AnswerBody text={text} citations={citations} />)
    const quotes = [...container.querySelectorAll('blockquote')].map((q) => q.textContent?.trim())
    expect(quotes).toEqual(['We call our particular attention', 'BERT is bidirectional.'])
    expect(container.querySelectorAll('p .chip')).toHaveLength(2)
    expect(container.textContent).not.toContain('>')
  })

  it('renders GFM tables and code with chips kept as chips inside them, and leaves code alone', () => {
    const citations = [citation(1), citation(2)]
    const text = [
      '| Model | Layers |',
      '| --- | --- |',
      '| Transformer | 6 [1] |',
      '| BERT base | 12 [2] |',
      '',
      'Use `softmax([1])` and *scale* it [1].'
    ].join('\n')
    const { container } = renderWithStore(<AnswerBody text={text} citations={citations} />)
    const cells = [...container.querySelectorAll('td')]
    expect(cells.map((c) => c.textContent)).toEqual(['Transformer', '6 1', 'BERT base', '12 2'])
    expect(cells[1]!.querySelector('button.chip')?.getAttribute('data-citation')).toBe('1')
    expect(container.querySelector('code')?.textContent).toBe('softmax([1])')
    expect(container.querySelector('em')?.textContent).toBe('scale')
    expect(container.querySelectorAll('a')).toHaveLength(0)
  })

  it('renders TeX maths with KaTeX, inline and as a block, and keeps chips beside it', () => {
    const a = answer({
      answer:
        'The dot products are scaled by $1/\\sqrt{d_k}$ [1].\n\n$$\n\\mathrm{Attention}(Q,K,V) = \\mathrm{softmax}(QK^T)V\n$$'
    })
    const { container } = renderWithStore(<AnswerBody text={a.answer} citations={a.citations} />)
    const inline = container.querySelector('p .katex')
    expect(inline?.querySelector('math msqrt')).not.toBeNull()
    expect(inline?.querySelector('annotation')?.textContent).toBe('1/\\sqrt{d_k}')
    expect(container.querySelector('.katex-display annotation')?.textContent).toContain(
      '\\mathrm{softmax}(QK^T)V'
    )
    expect(container.textContent).not.toContain('$')
    expect(container.querySelector('p button.chip')?.getAttribute('data-citation')).toBe('1')
  })

  it('leaves dollar amounts and code alone, and shows bad TeX as its source', () => {
    const text = 'Training cost $5 and $10 per run; in code `$x$` stays. Broken: $\\frac{1$.'
    const { container } = renderWithStore(<AnswerBody text={text} citations={[]} />)
    expect(container.textContent).toContain('Training cost $5 and $10 per run')
    expect(container.querySelector('code')?.textContent).toBe('$x$')
    const error = container.querySelector('.katex-error')
    expect(error?.textContent).toBe('\\frac{1')
    expect(error?.getAttribute('title')).toBe(
      'This maths could not be drawn, so it is shown as written.'
    )
  })

  it('renders Markdown while it streams, before any citation exists', () => {
    const text = '**Bold** start\n\n- one\n- two'
    const { container } = renderWithStore(<AnswerBody text={text} citations={[]} streaming />)
    expect(container.querySelector('.answer-body.streaming strong')?.textContent).toBe('Bold')
    expect(container.querySelectorAll('li')).toHaveLength(2)
  })

  it('keeps a chip of a removed paper, saying so, without opening the viewer', () => {
    const c = citation(1, { paperRemoved: true })
    const { store } = renderWithStore(<AnswerBody text="Gone [1]." citations={[c]} />)
    const chip = screen.getByRole('button', { name: /removed from the library/ })
    fireEvent.click(chip)
    expect(store.getState().viewer.open).toBe(false)
  })
})
