import type { DesktopInput } from './desktopEntry'

/** The part of Electron's `app` the desktop's hand-overs come from (an EventEmitter). */
export interface DesktopEventSource {
  on(
    event: 'second-instance',
    listener: (event: unknown, argv: string[], cwd: string) => void
  ): unknown
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown
  on(
    event: 'open-file',
    listener: (event: { preventDefault(): void }, path: string) => void
  ): unknown
}

/**
 * Turns the desktop's ways of handing the app a link or a PDF into {@link DesktopInput}s for the
 * one entry (`services.desktop`), keeping what arrives before the services are up.
 * @remarks The first launch's own command line is the first input. macOS sends `open-file` and
 * `open-url` before `ready`, so those wait here, in order, until {@link DesktopEvents.ready}.
 * Each event also brings the window forward (`focus`): a second launch, a link clicked in a
 * note, a PDF dropped on the dock icon. A second instance's argv starts with its executable,
 * which is dropped, as the first launch's is.
 */
export class DesktopEvents {
  private early: DesktopInput[]
  private deliver: ((input: DesktopInput) => void) | null = null

  constructor(
    firstLaunch: { argv: string[]; cwd: string },
    private readonly focus: () => void
  ) {
    this.early = [{ argv: firstLaunch.argv.slice(1), cwd: firstLaunch.cwd }]
  }

  /** Listens to the app's `second-instance`, `open-url` and `open-file`. */
  listen(app: DesktopEventSource): void {
    app.on('second-instance', (_event, argv, cwd) => {
      this.focus()
      this.push({ argv: argv.slice(1), cwd })
    })
    app.on('open-url', (event, url) => {
      // Without this macOS hands the link to the next registered app as well.
      event.preventDefault()
      this.focus()
      this.push({ urls: [url] })
    })
    app.on('open-file', (event, path) => {
      event.preventDefault()
      this.focus()
      this.push({ files: [path] })
    })
  }

  /** The services are up: what waited goes to `deliver` in arrival order, and so does the rest. */
  ready(deliver: (input: DesktopInput) => void): void {
    this.deliver = deliver
    for (const input of this.early.splice(0)) deliver(input)
  }

  private push(input: DesktopInput): void {
    if (this.deliver) this.deliver(input)
    else this.early.push(input)
  }
}
