import { describe, expect, it, vi } from 'vitest'
import { CHANNELS, EVENTS, eventMethodName } from '../../src/shared/contract'

type Listener = (event: unknown, payload: unknown) => void
const exposed: Record<string, unknown> = {}
const listeners = new Map<string, Set<Listener>>()
const invoke = vi.fn(async (channel: string, input: unknown) => ({
  ok: true,
  value: { channel, input }
}))

// Electron cannot run here (no binary); the preload only needs these two objects.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke,
    on: (ch: string, l: Listener) => {
      if (!listeners.has(ch)) listeners.set(ch, new Set())
      listeners.get(ch)!.add(l)
    },
    removeListener: (ch: string, l: Listener) => listeners.get(ch)?.delete(l)
  }
}))

describe('preload', () => {
  it('exposes one function per channel that invokes exactly that channel', async () => {
    await import('../../src/preload/index')
    const api = exposed.researchpal as Record<
      string,
      Record<string, (i: unknown) => Promise<unknown>>
    >
    expect(api).toBeDefined()
    for (const channel of CHANNELS) {
      const [domain, verb] = channel.split(':') as [string, string]
      expect(typeof api[domain]?.[verb], channel).toBe('function')
      await api[domain]![verb]!({ probe: channel })
      expect(invoke).toHaveBeenLastCalledWith(channel, { probe: channel })
    }
    expect(invoke).toHaveBeenCalledTimes(CHANNELS.length)
    expect(Object.keys(api)).not.toContain('invoke')
    expect(Object.keys(api)).not.toContain('ipcRenderer')
  })

  it('subscribes to each event and unsubscribes with the returned function', async () => {
    await import('../../src/preload/index')
    const api = exposed.researchpal as Record<string, (cb: (p: unknown) => void) => () => void>
    expect(EVENTS.map(eventMethodName)).toEqual([
      'onIngestProgress',
      'onLibraryChanged',
      'onLibraryNotice',
      'onLibraryImportProgress',
      'onImportProgress',
      'onChatEvent',
      'onCompareProgress',
      'onSyncStatus',
      'onDesktopOpen',
      'onLabProgress'
    ])
    for (const event of EVENTS) {
      const got: unknown[] = []
      const off = api[eventMethodName(event)]!((p) => got.push(p))
      for (const l of listeners.get(event) ?? []) l({}, { n: 1 })
      off()
      for (const l of listeners.get(event) ?? []) l({}, { n: 2 })
      expect(got).toEqual([{ n: 1 }])
    }
  })
})
