import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { DesktopInput } from '../../../src/main/desktop/desktopEntry'
import { DesktopEvents, type DesktopEventSource } from '../../../src/main/desktop/desktopEvents'

/** Electron's `app` as far as these events go: an EventEmitter the test emits on. */
function fakeApp(): EventEmitter & DesktopEventSource {
  return new EventEmitter() as EventEmitter & DesktopEventSource
}

const event = (): { preventDefault(): void; prevented: boolean } => {
  const e = { prevented: false, preventDefault: () => void (e.prevented = true) }
  return e
}

describe('what the desktop hands the app, on its way to services.desktop', () => {
  it('keeps the first launch and what macOS sends before ready, then delivers in order', () => {
    let focused = 0
    const events = new DesktopEvents(
      {
        argv: ['/opt/ResearchPal/researchpal', 'researchpal://paper/1810.04805?page=4'],
        cwd: '/home/ana'
      },
      () => focused++
    )
    const app = fakeApp()
    events.listen(app)
    const url = event()
    app.emit('open-url', url, 'researchpal://paper/1706.03762?page=3')
    const file = event()
    app.emit('open-file', file, '/Users/ana/Downloads/paper.pdf')
    // macOS would also offer the link and the file to the next app without this.
    expect([url.prevented, file.prevented]).toEqual([true, true])
    expect(focused).toBe(2)

    const delivered: DesktopInput[] = []
    events.ready((input) => delivered.push(input))
    expect(delivered).toEqual([
      // The executable is not an argument.
      { argv: ['researchpal://paper/1810.04805?page=4'], cwd: '/home/ana' },
      { urls: ['researchpal://paper/1706.03762?page=3'] },
      { files: ['/Users/ana/Downloads/paper.pdf'] }
    ])

    // A second launch (Windows, Linux: a link clicked in a browser, "Open with" on a PDF)
    // forwards its own command line and folder, delivered at once now.
    app.emit(
      'second-instance',
      {},
      ['C:\\ResearchPal\\ResearchPal.exe', '--flag', 'a.pdf'],
      'C:\\Papers'
    )
    expect(delivered.at(-1)).toEqual({ argv: ['--flag', 'a.pdf'], cwd: 'C:\\Papers' })
    expect(focused).toBe(3)
  })
})
