import { languageForLocale, type UiLanguage } from '../../shared/languages'
import type { Settings } from '../../shared/types'

/**
 * The UI language main's own texts use when the renderer did not say: the setting, or for
 * `system` the process locale (`LC_ALL`/`LC_MESSAGES`/`LANG`, as a CLI user has it).
 */
export function mainUiLanguage(
  setting: Settings['uiLanguage'],
  env: NodeJS.ProcessEnv = process.env
): UiLanguage {
  if (setting !== 'system') return setting
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return languageForLocale(locale)
}
