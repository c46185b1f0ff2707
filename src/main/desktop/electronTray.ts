import { Menu, nativeImage, Tray } from 'electron'
import trayIcon from '../../../resources/icons/png/32x32.png?asset'
import type { TrayView } from './backgroundWork'

/**
 * The Electron tray (menu-bar icon on macOS) drawing a {@link TrayModel}: nothing is decided here.
 * @remarks The icon file is emitted next to the main bundle by electron-vite (`?asset`), so it
 * is inside app.asar, where `nativeImage` reads it. 16 px on macOS's menu bar, 32 px elsewhere.
 */
export function electronTray(actions: { show: () => void; quit: () => void }): TrayView {
  let tray: Tray | null = null
  return {
    show(model) {
      if (!tray) {
        let image = nativeImage.createFromPath(trayIcon)
        if (process.platform === 'darwin') image = image.resize({ width: 16, height: 16 })
        tray = new Tray(image)
        // Windows and Linux: a click on the icon opens the window; the menu is on right-click.
        tray.on('click', () => {
          if (process.platform !== 'darwin') actions.show()
        })
      }
      tray.setToolTip(model.tooltip)
      if (process.platform === 'darwin') tray.setTitle(model.title)
      tray.setContextMenu(
        Menu.buildFromTemplate([
          { label: model.status, enabled: false },
          { type: 'separator' },
          ...model.items.map((item) => ({
            label: item.label,
            click: item.id === 'show' ? actions.show : actions.quit
          }))
        ])
      )
    },
    hide() {
      tray?.destroy()
      tray = null
    }
  }
}
