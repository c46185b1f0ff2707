// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WindowDrop } from '../../../src/renderer/src/layout/WindowDrop'
import { fakeApi, ok, paper } from '../fakeApi'
import { renderWithStore } from '../render'

afterEach(cleanup)

/** A drag event as the file manager sends one: its data carries files. */
function fileDrag(type: string, names: string[] = ['paper.pdf']): Event {
  const e = new Event(type, { bubbles: true, cancelable: true })
  const files = names.map((name) => ({
    name,
    arrayBuffer: async () => new Uint8Array([37, 80, 68, 70]).buffer
  }))
  Object.defineProperty(e, 'dataTransfer', {
    value: { types: ['Files'], files, dropEffect: 'none' }
  })
  return e
}

describe('WindowDrop', () => {
  it('shows a drop target while files are held over the window and adds the PDFs dropped anywhere', async () => {
    const fake = fakeApi({ 'library:addFile': () => ok({ paper: paper({ status: 'pending' }) }) })
    renderWithStore(<WindowDrop />, fake)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => void window.dispatchEvent(fileDrag('dragenter')))
    expect(screen.getByRole('status').textContent).toContain('Drop PDFs to add them to the library')
    const over = fileDrag('dragover')
    act(() => void document.body.dispatchEvent(over))
    // Allowed to drop here (else the file would open in the window).
    expect(over.defaultPrevented).toBe(true)
    act(() => void document.body.dispatchEvent(fileDrag('drop', ['a.pdf', 'b.pdf'])))
    expect(screen.queryByRole('status')).toBeNull()
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'library:addFile')).toHaveLength(2)
    )
    const names = fake.calls
      .filter((c) => c.channel === 'library:addFile')
      .map((c) => (c.input as { name: string }).name)
    expect(names).toEqual(['a.pdf', 'b.pdf'])
  })

  it('leaves a drop something else took (a reference row attaching it) to that', async () => {
    const fake = fakeApi({ 'library:addFile': () => ok({ paper: paper() }) })
    renderWithStore(<WindowDrop />, fake)
    const row = document.createElement('li')
    row.addEventListener('drop', (e) => e.preventDefault())
    document.body.append(row)
    act(() => void window.dispatchEvent(fileDrag('dragenter')))
    act(() => void row.dispatchEvent(fileDrag('drop', ['taken.pdf'])))
    expect(screen.queryByRole('status')).toBeNull()
    // A later drop beside the row is added: by then the first would have been too, had it been.
    act(() => void document.body.dispatchEvent(fileDrag('drop', ['beside.pdf'])))
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'library:addFile')).toBe(true))
    const names = fake.calls
      .filter((c) => c.channel === 'library:addFile')
      .map((c) => (c.input as { name: string }).name)
    expect(names).toEqual(['beside.pdf'])
  })

  it('ignores a drag of rows onto a collection (no files), and goes when the drag leaves', () => {
    renderWithStore(<WindowDrop />)
    const rows = new Event('dragenter', { bubbles: true })
    Object.defineProperty(rows, 'dataTransfer', {
      value: { types: ['application/x-researchpal-papers'], files: [] }
    })
    act(() => void window.dispatchEvent(rows))
    expect(screen.queryByRole('status')).toBeNull()
    act(() => void window.dispatchEvent(fileDrag('dragenter')))
    act(() => void window.dispatchEvent(fileDrag('dragenter')))
    act(() => void window.dispatchEvent(fileDrag('dragleave')))
    expect(screen.getByRole('status')).toBeTruthy()
    act(() => void window.dispatchEvent(fileDrag('dragleave')))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
