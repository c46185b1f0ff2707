import type { UiLanguage } from '../../shared/types'
import { mainUiLanguage } from '../language/mainUiLanguage'
import type { Services } from '../services'

/** The CLI's language: the UI-language setting, or for `system` the terminal's locale. */
export function cliLanguage(s: Services): UiLanguage {
  return mainUiLanguage(s.settings.get().uiLanguage)
}
