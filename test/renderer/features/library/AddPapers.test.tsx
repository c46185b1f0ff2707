// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AddPapers } from '../../../../src/renderer/src/features/library/AddPapers'
import { fakeApi, ok, paper } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

describe('the add box', () => {
  it('takes a DOI (open-access PDF), an arXiv id, or a title (arXiv candidates to pick from)', async () => {
    const fake = fakeApi({
      'library:addDoi': () => ok({ paper: paper({ id: 'doi1', title: 'Open Paper' }) }),
      'library:addArxiv': ({ id }: { id: string }) => ok({ paper: paper({ id, title: id }) }),
      'library:searchArxiv': () =>
        ok({
          candidates: [
            {
              arxivId: '2004.04906',
              title: 'Dense Passage Retrieval',
              authors: ['V. Karpukhin'],
              year: 2020
            }
          ]
        })
    })
    renderWithStore(<AddPapers />, fake)
    const box = screen.getByRole('textbox', { name: 'arXiv id, DOI or title' })
    const type = async (v: string): Promise<void> => {
      fireEvent.change(box, { target: { value: v } })
      await act(async () => {
        fireEvent.submit(box.closest('form')!)
      })
    }
    await type('https://doi.org/10.5555/open.1')
    expect(fake.calls.at(-1)).toEqual({
      channel: 'library:addDoi',
      input: { doi: 'https://doi.org/10.5555/open.1' }
    })
    await type('1706.03762')
    expect(fake.calls.at(-1)).toEqual({ channel: 'library:addArxiv', input: { id: '1706.03762' } })
    await type('dense passage retrieval')
    expect(fake.calls.at(-1)?.channel).toBe('library:searchArxiv')
    await waitFor(() => expect(screen.getByText('Dense Passage Retrieval')).toBeTruthy())
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' }).at(-1)!)
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual({
        channel: 'library:addArxiv',
        input: { id: '2004.04906' }
      })
    )
  })
})
