import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { AppStore } from './createAppStore'
import type { AppState } from './types'

const Context = createContext<AppStore | null>(null)

/** Makes a store available to the components below it. */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Context.Provider value={store}>{children}</Context.Provider>
}

/** Selects a narrow piece of the store; the component re-renders only when it changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useContext(Context)
  if (!store) throw new Error('useAppStore needs a <StoreProvider> above it')
  return useStore(store, selector)
}

/** The store itself, for code that reads it outside rendering (keyboard shortcuts). */
export function useStoreApi(): AppStore {
  const store = useContext(Context)
  if (!store) throw new Error('useStoreApi needs a <StoreProvider> above it')
  return store
}
