import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { app, BrowserWindow, dialog } from 'electron'
import { autoUpdater } from 'electron-updater'
import type { UiLanguage } from '../../shared/types'
import { mainT } from '../i18n'
import { UpdateController, updateSupport, type UpdateFeed } from './updateMachine'

/**
 * Updates from GitHub releases through electron-updater (its only import): the feed the
 * {@link UpdateController} drives, and the question before restarting.
 * @remarks The feed is `app-update.yml`, which electron-builder writes into a build whose
 * publishing is configured (release.yml names this repository); electron-updater downloads a
 * differential update where the release has block maps (NSIS, AppImage) and verifies the sha512
 * of what it downloaded. macOS installs only signed updates: release.yml marks a signed build in
 * its package.json (`researchpalSigned`), and an unsigned one never checks.
 */
export function startUpdates(options: {
  enabled: () => boolean
  language: () => UiLanguage
  log: (line: string) => void
}): UpdateController {
  const support = updateSupport({
    packaged: app.isPackaged,
    platform: process.platform,
    hasFeed: app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml')),
    signed: signedBuild(),
    appImage: Boolean(process.env.APPIMAGE)
  })
  autoUpdater.autoDownload = false
  autoUpdater.autoInstallOnAppQuit = true
  autoUpdater.logger = null
  const feed: UpdateFeed = {
    async check() {
      const result = await autoUpdater.checkForUpdates()
      return result?.isUpdateAvailable ? { version: result.updateInfo.version } : null
    },
    async download(onProgress) {
      const listener = (p: { percent: number }): void => onProgress(p.percent)
      autoUpdater.on('download-progress', listener)
      try {
        await autoUpdater.downloadUpdate()
      } finally {
        autoUpdater.off('download-progress', listener)
      }
    },
    install: () => autoUpdater.quitAndInstall()
  }
  const controller = new UpdateController({
    feed,
    support,
    enabled: options.enabled,
    onChange: (s) => options.log(`update: ${JSON.stringify(s)}`),
    async askToRestart(version) {
      const t = mainT(options.language())
      const owner = BrowserWindow.getAllWindows()[0]
      const box: Electron.MessageBoxOptions = {
        type: 'info',
        title: t('updates.restartTitle'),
        message: t('updates.restartMessage', { version }),
        detail: t('updates.restartDetail'),
        buttons: [t('updates.restartNow'), t('updates.later')],
        defaultId: 0,
        cancelId: 1
      }
      const { response } = owner
        ? await dialog.showMessageBox(owner, box)
        : await dialog.showMessageBox(box)
      return response === 0
    }
  })
  void controller.start()
  return controller
}

/** Whether release.yml built this app with a signing identity (see the remarks above). */
function signedBuild(): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')) as {
      researchpalSigned?: unknown
    }
    return pkg.researchpalSigned === true
  } catch {
    return false
  }
}
