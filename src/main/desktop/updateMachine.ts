/** Where an update stands, as the app shows and logs it. */
export type UpdateState =
  | { state: 'off'; reason: 'setting' | UnsupportedReason }
  | { state: 'idle'; lastCheck: number | null }
  | { state: 'checking' }
  | { state: 'downloading'; version: string; percent: number }
  /** Downloaded and verified: the user is asked whether to restart now. */
  | { state: 'downloaded'; version: string }
  | { state: 'error'; message: string; at: number }

/**
 * An update source: electron-updater against GitHub releases in the app, a scripted feed in tests.
 * @remarks `check` says which newer version exists (null: this is the newest); `download` fetches
 * and verifies it (differential where the feed has block maps); `install` quits and installs.
 */
export interface UpdateFeed {
  check(): Promise<{ version: string } | null>
  download(onProgress: (percent: number) => void): Promise<void>
  install(): void
}

/** Why a build cannot update itself (the keys of `updates.unsupported` in main's catalog). */
export type UnsupportedReason =
  'development' | 'noFeed' | 'macUnsigned' | 'linuxPackage' | 'platform'

/** Whether this build may update itself, and if not why (see {@link updateSupport}). */
export type UpdateSupport = { supported: true } | { supported: false; reason: UnsupportedReason }

/** What the controller needs. */
export interface UpdateControllerDeps {
  feed: UpdateFeed
  support: UpdateSupport
  /** The Settings switch, read before every check, so turning it off needs no restart. */
  enabled: () => boolean
  /** Every change of state (the log, the window). */
  onChange?: (state: UpdateState) => void
  /** Asks the user whether to restart now; true installs at once, false on the next quit. */
  askToRestart: (version: string) => Promise<boolean>
  now?: () => number
  /** How often to check after the first one. */
  intervalMs?: number
  setInterval?: (fn: () => void, ms: number) => { unref?: () => void }
  clearInterval?: (handle: unknown) => void
}

/** Once a day. */
export const UPDATE_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * The update state machine: idle → checking → downloading → downloaded → (asked) restart, or
 * back to idle when there is nothing newer; any failure is `error` until the next check.
 * @remarks Checks at {@link start} and then daily; a check while one is running, or after an
 * update is downloaded, does nothing. Never runs on a build that cannot update itself (an
 * unsigned macOS app, a .deb, a development run) nor with the Settings switch off.
 */
export class UpdateController {
  private current: UpdateState
  private timer: unknown = null
  private readonly now: () => number

  constructor(private readonly deps: UpdateControllerDeps) {
    this.now = deps.now ?? Date.now
    this.current = deps.support.supported
      ? { state: 'idle', lastCheck: null }
      : { state: 'off', reason: deps.support.reason }
  }

  get state(): UpdateState {
    return this.current
  }

  /** The first check now, then one every interval. */
  start(): Promise<void> {
    if (!this.deps.support.supported || this.timer) return this.check()
    const every = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms))
    const handle = every(() => void this.check(), this.deps.intervalMs ?? UPDATE_INTERVAL_MS)
    handle.unref?.()
    this.timer = handle
    return this.check()
  }

  stop(): void {
    if (this.timer) (this.deps.clearInterval ?? clearInterval)(this.timer as never)
    this.timer = null
  }

  /** One check (and download, and question) if the build, the setting and the state allow it. */
  async check(): Promise<void> {
    if (!this.deps.support.supported) return
    const busy = ['checking', 'downloading', 'downloaded'].includes(this.current.state)
    if (busy) return
    if (!this.deps.enabled()) {
      this.set({ state: 'off', reason: 'setting' })
      return
    }
    this.set({ state: 'checking' })
    let version: string
    try {
      const found = await this.deps.feed.check()
      if (!found) {
        this.set({ state: 'idle', lastCheck: this.now() })
        return
      }
      version = found.version
      this.set({ state: 'downloading', version, percent: 0 })
      await this.deps.feed.download((percent) => {
        if (this.current.state === 'downloading') {
          this.set({ ...this.current, percent: Math.max(0, Math.min(100, Math.round(percent))) })
        }
      })
    } catch (e) {
      this.set({
        state: 'error',
        message: e instanceof Error ? e.message : String(e),
        at: this.now()
      })
      return
    }
    this.set({ state: 'downloaded', version })
    if (await this.deps.askToRestart(version)) this.deps.feed.install()
  }

  private set(state: UpdateState): void {
    this.current = state
    this.deps.onChange?.(state)
  }
}

/** What decides whether a build may update itself. */
export interface BuildFacts {
  packaged: boolean
  platform: NodeJS.Platform
  /** The build carries an update feed (app-update.yml, written when publishing is configured). */
  hasFeed: boolean
  /** Signed with a Developer ID / code-signing certificate (release.yml marks such builds). */
  signed: boolean
  /** Running from an AppImage (the `APPIMAGE` variable), the one Linux format that self-updates. */
  appImage: boolean
}

/** Whether this build can update itself; if not, why. */
export function updateSupport(build: BuildFacts): UpdateSupport {
  const no = (reason: UnsupportedReason): UpdateSupport => ({ supported: false, reason })
  if (!build.packaged) return no('development')
  if (!build.hasFeed) return no('noFeed')
  if (!['darwin', 'win32', 'linux'].includes(build.platform)) return no('platform')
  // Squirrel.Mac refuses an update whose signature does not match a real identity.
  if (build.platform === 'darwin' && !build.signed) return no('macUnsigned')
  // A .deb or another package is updated by its package manager.
  if (build.platform === 'linux' && !build.appImage) return no('linuxPackage')
  return { supported: true }
}
