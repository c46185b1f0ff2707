// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompareForm } from '../../../../src/renderer/src/features/compare/CompareForm'
import { createAppStore } from '../../../../src/renderer/src/store/createAppStore'
import { StoreProvider } from '../../../../src/renderer/src/store/StoreContext'
import { fakeApi, paper } from '../../fakeApi'

afterEach(cleanup)

const many = Array.from({ length: 10_000 }, (_, i) =>
  paper({
    id: `p-${i}`,
    title: i === 7321 ? 'Atenção em redes neurais' : `Paper number ${i}`,
    authors: [i === 42 ? 'Grace Hopper' : `Author ${i}`],
    year: 2000 + (i % 25),
    collectionIds: i < 3 ? ['c-reading'] : []
  })
)

/** The form over a store whose library and organising state are given. */
function renderForm(organize: { selected?: string[]; collectionId?: string | null }) {
  const store = createAppStore(fakeApi().api)
  store.setState({
    library: { ...store.getState().library, papers: many, loaded: true },
    organize: {
      ...store.getState().organize,
      collections: [{ id: 'c-reading', name: 'Reading group', count: 3 } as never],
      selected: organize.selected ?? [],
      collectionId: organize.collectionId ?? null
    }
  })
  render(
    <StoreProvider store={store}>
      <CompareForm />
    </StoreProvider>
  )
}

const picker = (): HTMLElement => screen.getByRole('list', { name: 'Papers to compare' })
const checked = (): string[] =>
  within(picker())
    .getAllByRole('checkbox')
    .filter((b) => (b as HTMLInputElement).checked)
    .map((b) => b.closest('label')!.textContent!)

describe('the comparison form', () => {
  it("starts from the library's selection, chosen papers first, a page of rows drawn", () => {
    renderForm({ selected: ['p-9000', 'p-17'] })
    expect(checked()).toEqual(['Paper number 17', 'Paper number 9000'])
    expect(within(picker()).getAllByRole('checkbox').length).toBeLessThanOrEqual(100)
    expect(screen.getByRole('status').textContent).toBe('2 papers chosen')
  })

  it('starts from the collection the library shows when nothing is selected', () => {
    renderForm({ collectionId: 'c-reading' })
    expect(checked()).toEqual(['Paper number 0', 'Paper number 1', 'Paper number 2'])
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('c-reading')
  })

  it('finds papers by title without accents, by author and by year, and keeps choices', () => {
    renderForm({})
    const search = screen.getByRole('searchbox', { name: 'Find papers by title, author or year' })
    fireEvent.change(search, { target: { value: 'atencao redes' } })
    expect(within(picker()).getAllByRole('checkbox')).toHaveLength(1)
    fireEvent.click(within(picker()).getByRole('checkbox'))
    fireEvent.change(search, { target: { value: 'hopper' } })
    expect(within(picker()).getByRole('checkbox').closest('label')!.textContent).toBe(
      'Paper number 42'
    )
    fireEvent.change(search, { target: { value: 'no such paper' } })
    expect(screen.getByText('No indexed paper matches “no such paper”.')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('1 paper chosen')
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(screen.getByRole('status').textContent).toBe('0 papers chosen')
  })
})
