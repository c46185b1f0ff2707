import type { Settings } from '../../shared/types'
import type { OpenContext } from '../openContext'
import type { SecretStore } from './secretStore'
import { SettingsService } from './settingsService'

/** What opening the settings needs beyond {@link OpenContext}. */
export interface SettingsOpenContext extends OpenContext {
  secrets: SecretStore
  /** Settings for this process only, over the saved ones (the CLI's --provider, --model). */
  settingsOverrides?: Partial<Settings>
}

/**
 * Opens the settings first of all: every other feature reads them.
 * @remarks A damaged `settings.json` is kept aside and the defaults used; its notice is given once
 * the library that shows notices is open ({@link SettingsService.damaged}).
 */
export async function openSettings(ctx: SettingsOpenContext): Promise<SettingsService> {
  const settings = new SettingsService({
    file: ctx.paths.settings,
    secrets: ctx.secrets,
    env: ctx.env,
    readOnly: ctx.readOnly,
    log: ctx.log,
    overrides: ctx.settingsOverrides
  })
  await settings.load()
  return settings
}
