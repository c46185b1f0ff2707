import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildApi, type ResearchPalApi } from '../shared/contract'

/**
 * `window.researchpal`: one function per contract channel, one subscription per event.
 * @remarks `ipcRenderer` itself is never exposed (Electron's security guide).
 */
const api = buildApi(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (event, listener) => {
    const handler = (_e: IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(event, handler)
    return () => {
      ipcRenderer.removeListener(event, handler)
    }
  }
) satisfies ResearchPalApi

contextBridge.exposeInMainWorld('researchpal', api)
