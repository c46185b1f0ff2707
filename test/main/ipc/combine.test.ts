import { describe, expect, it } from 'vitest'
import { combine } from '../../../src/main/ipc/combine'
import { createHandlers, type HandlerDeps } from '../../../src/main/app/createHandlers'
import { CHANNELS } from '../../../src/shared/contract'

describe('combine', () => {
  it("merges the features' handlers into one map", () => {
    const info = () => ({ version: '1', dataDir: '/d', embedder: null as never })
    const status = () => ({ status: null })
    const all = combine({ 'app:info': info }, { 'import:pause': status })
    expect(Object.keys(all)).toEqual(['app:info', 'import:pause'])
    expect(all['app:info']).toBe(info)
  })

  it('refuses two handlers for one channel, naming it', () => {
    const one = { 'sync:now': () => ({}) as never }
    const two = { 'sync:now': () => ({}) as never }
    expect(() => combine(one, two)).toThrow(/sync:now/)
  })

  it('composes a handler for every channel of the contract, and nothing else', () => {
    const handlers = createHandlers({} as HandlerDeps)
    expect(Object.keys(handlers).sort()).toEqual([...CHANNELS].sort())
  })
})
