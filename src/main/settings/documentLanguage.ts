import type { UiLanguage } from '../../shared/types'
import { mainUiLanguage } from '../language/mainUiLanguage'
import type { SettingsService } from './settingsService'

/** The language an exported document is written in: the caller's, or the setting's. */
export function documentLanguage(
  settings: Pick<SettingsService, 'get'>,
  asked: UiLanguage | undefined
): UiLanguage {
  return asked ?? mainUiLanguage(settings.get().uiLanguage)
}
