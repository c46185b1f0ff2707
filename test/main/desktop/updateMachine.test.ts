import { describe, expect, it } from 'vitest'
import {
  updateSupport,
  UpdateController,
  type BuildFacts,
  type UpdateFeed,
  type UpdateState
} from '../../../src/main/desktop/updateMachine'

/** A scripted update feed: releases it offers, a download that waits on a gate, installs counted. */
class FakeFeed implements UpdateFeed {
  latest: string | null = null
  failCheck: Error | null = null
  failDownload: Error | null = null
  checks = 0
  installs = 0
  private release: (() => void) | null = null
  private progress: ((p: number) => void) | null = null

  async check(): Promise<{ version: string } | null> {
    this.checks++
    if (this.failCheck) throw this.failCheck
    return this.latest ? { version: this.latest } : null
  }

  download(onProgress: (percent: number) => void): Promise<void> {
    if (this.failDownload) return Promise.reject(this.failDownload)
    this.progress = onProgress
    return new Promise((done) => (this.release = done))
  }

  /** Moves the download on, then (with `finish`) lets it complete. */
  step(percent: number, finish = false): void {
    this.progress?.(percent)
    if (finish) this.release?.()
  }

  install(): void {
    this.installs++
  }
}

const SIGNED_WINDOWS: BuildFacts = {
  packaged: true,
  platform: 'win32',
  hasFeed: true,
  signed: false,
  appImage: false
}

function setup(options: { enabled?: () => boolean; restart?: boolean } = {}) {
  const feed = new FakeFeed()
  const states: UpdateState[] = []
  const asked: string[] = []
  let tick: (() => void) | null = null
  let interval = 0
  const controller = new UpdateController({
    feed,
    support: updateSupport(SIGNED_WINDOWS),
    enabled: options.enabled ?? (() => true),
    onChange: (s) => states.push(s),
    askToRestart: async (version) => {
      asked.push(version)
      return options.restart ?? true
    },
    now: () => 1000,
    setInterval: (fn, ms) => {
      tick = fn
      interval = ms
      return {}
    }
  })
  return { feed, states, asked, controller, tick: () => tick?.(), interval: () => interval }
}

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('the update state machine', () => {
  it('checks at start, downloads in the background, then asks before restarting', async () => {
    const { feed, states, asked, controller } = setup()
    feed.latest = '0.2.0'
    const run = controller.start()
    await flush()
    expect(controller.state).toEqual({ state: 'downloading', version: '0.2.0', percent: 0 })
    feed.step(42.4)
    expect(controller.state).toEqual({ state: 'downloading', version: '0.2.0', percent: 42 })
    // A second check while downloading (the daily timer, a click) does nothing.
    await controller.check()
    expect(feed.checks).toBe(1)
    feed.step(100, true)
    await run
    expect(states.map((s) => s.state)).toEqual([
      'checking',
      'downloading',
      'downloading',
      'downloading',
      'downloaded'
    ])
    expect(asked).toEqual(['0.2.0'])
    expect(feed.installs).toBe(1)
  })

  it('installs nothing when the user says later, and stays downloaded', async () => {
    const { feed, controller } = setup({ restart: false })
    feed.latest = '0.2.0'
    const run = controller.start()
    await flush()
    feed.step(100, true)
    await run
    expect(controller.state).toEqual({ state: 'downloaded', version: '0.2.0' })
    expect(feed.installs).toBe(0)
    await controller.check()
    expect(feed.checks).toBe(1)
  })

  it('goes back to idle when this is the newest, and checks again once a day', async () => {
    const { feed, controller, tick, interval } = setup()
    await controller.start()
    expect(controller.state).toEqual({ state: 'idle', lastCheck: 1000 })
    expect(interval()).toBe(24 * 60 * 60 * 1000)
    feed.latest = '0.3.0'
    tick()
    await flush()
    expect(controller.state).toMatchObject({ state: 'downloading', version: '0.3.0' })
    expect(feed.checks).toBe(2)
  })

  it('reports a failed check or download as an error and tries again at the next check', async () => {
    const { feed, controller } = setup()
    feed.failCheck = new Error('net::ERR_INTERNET_DISCONNECTED')
    await controller.start()
    expect(controller.state).toEqual({
      state: 'error',
      message: 'net::ERR_INTERNET_DISCONNECTED',
      at: 1000
    })
    feed.failCheck = null
    feed.latest = '0.2.0'
    feed.failDownload = new Error('sha512 checksum mismatch')
    await controller.check()
    expect(controller.state).toMatchObject({ state: 'error', message: 'sha512 checksum mismatch' })
    expect(feed.installs).toBe(0)
  })

  it('does not check with the Settings switch off, and checks again once it is on', async () => {
    let on = false
    const { feed, controller } = setup({ enabled: () => on })
    await controller.start()
    expect(controller.state).toEqual({ state: 'off', reason: 'setting' })
    expect(feed.checks).toBe(0)
    on = true
    await controller.check()
    expect(feed.checks).toBe(1)
  })

  it('never runs on a build that cannot update itself', async () => {
    const feed = new FakeFeed()
    feed.latest = '9.9.9'
    const controller = new UpdateController({
      feed,
      support: updateSupport({ ...SIGNED_WINDOWS, platform: 'darwin', signed: false }),
      enabled: () => true,
      askToRestart: async () => true
    })
    await controller.start()
    await controller.check()
    expect(controller.state).toEqual({ state: 'off', reason: 'macUnsigned' })
    expect(feed.checks).toBe(0)
  })
})

describe('which builds update themselves', () => {
  it('only packaged builds with a feed: signed on macOS, AppImage on Linux, NSIS on Windows', () => {
    const base = { ...SIGNED_WINDOWS }
    expect(updateSupport(base)).toEqual({ supported: true })
    expect(updateSupport({ ...base, packaged: false })).toEqual({
      supported: false,
      reason: 'development'
    })
    expect(updateSupport({ ...base, hasFeed: false })).toMatchObject({ reason: 'noFeed' })
    expect(updateSupport({ ...base, platform: 'darwin', signed: true })).toEqual({
      supported: true
    })
    expect(updateSupport({ ...base, platform: 'linux' })).toMatchObject({
      reason: 'linuxPackage'
    })
    expect(updateSupport({ ...base, platform: 'linux', appImage: true })).toEqual({
      supported: true
    })
    expect(updateSupport({ ...base, platform: 'freebsd' })).toMatchObject({ reason: 'platform' })
  })
})
