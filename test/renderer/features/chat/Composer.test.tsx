// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Composer } from '../../../../src/renderer/src/features/chat/Composer'
import { answer, fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

describe('Composer', () => {
  it('sends on Enter and keeps Shift+Enter as a new line', async () => {
    const fake = fakeApi({ 'chat:ask': () => ok(answer()) })
    renderWithStore(<Composer />, fake)
    const box = screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'first line' } })
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(fake.calls).toHaveLength(0)
    fireEvent.change(box, { target: { value: 'first line\nsecond line' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    const asks = () => fake.calls.filter((c) => c.channel === 'chat:ask')
    await vi.waitFor(() => expect(asks()).toHaveLength(1))
    expect(asks().map((c) => (c.input as { question: string }).question)).toEqual([
      'first line\nsecond line'
    ])
    expect(box.value).toBe('')
  })
})
