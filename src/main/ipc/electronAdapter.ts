import { BrowserWindow, ipcMain, type WebFrameMain } from 'electron'
import { CHANNELS } from '../../shared/contract'
import { err } from '../../shared/errors'
import type { EventHub } from '../events'
import type { Router } from './router'

/**
 * Registers every contract channel with `ipcMain.handle` and forwards main's events to windows.
 * @remarks Each call's sender frame is checked against the app's own page, so a frame that
 * navigated elsewhere (or an injected iframe) cannot call main.
 */
export function registerIpc(
  router: Router,
  hub: EventHub,
  isTrustedSender: (frame: WebFrameMain | null) => boolean
): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        return err(
          'INVALID_INPUT',
          `Refused ${channel}: the call did not come from ResearchPal's window.`
        )
      }
      return router.invoke(channel, input, { transport: 'electron' })
    })
  }
  const unsubscribe = hub.subscribe((event, payload) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (!win.isDestroyed()) win.webContents.send(event, payload)
    }
  })
  return () => {
    unsubscribe()
    for (const channel of CHANNELS) ipcMain.removeHandler(channel)
  }
}
