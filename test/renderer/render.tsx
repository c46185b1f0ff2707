import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createAppStore, type AppStore } from '../../src/renderer/src/store/createAppStore'
import { StoreProvider } from '../../src/renderer/src/store/StoreContext'
import { fakeApi, type FakeApi } from './fakeApi'

/** Renders a component inside a store built over a fake API. */
export function renderWithStore(
  ui: ReactElement,
  fake: FakeApi = fakeApi()
): RenderResult & { store: AppStore; fake: FakeApi } {
  const store = createAppStore(fake.api)
  const result = render(<StoreProvider store={store}>{ui}</StoreProvider>)
  return Object.assign(result, { store, fake })
}
