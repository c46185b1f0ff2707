import type { Settings } from '../../../../shared/types'
import { LANGUAGES } from '../../../../shared/languages'
import { systemUiLanguage, useTranslation } from '../../i18n'
import { THEMES, useTheme, type Theme } from '../../layout/theme'
import { useAppStore } from '../../store/StoreContext'

/** How the app looks: the interface language and the theme. */
export function DisplayFields() {
  const values = useAppStore((s) => s.settings.values)
  const updateSettings = useAppStore((s) => s.updateSettings)
  const [theme, setTheme] = useTheme()
  const { t } = useTranslation()
  if (!values) return null
  return (
    <>
      <label className="field">
        <span className="field-label">{t('settings.uiLanguage')}</span>
        <select
          aria-label={t('settings.uiLanguage')}
          value={values.uiLanguage}
          onChange={(e) =>
            void updateSettings({
              uiLanguage: e.target.value as Settings['uiLanguage']
            })
          }
        >
          {/* The system's language named in the screen's language (each choice below is named
              in its own, marked with its lang). */}
          <option value="system">
            {t('settings.uiSystem', {
              language: t(`settings.uiLanguageNames.${systemUiLanguage()}`)
            })}
          </option>
          {LANGUAGES.map(({ code, nativeName }) => (
            <option key={code} value={code} lang={code}>
              {nativeName}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('app.theme')}</span>
        <select
          aria-label={t('app.theme')}
          value={theme}
          onChange={(e) => setTheme(e.target.value as Theme)}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {t(`settings.themes.${name}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}
