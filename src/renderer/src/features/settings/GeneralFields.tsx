import { OCR_LANGUAGES, type Settings } from '../../../../shared/types'
import { LANGUAGES } from '../../../../shared/languages'
import { systemUiLanguage, useTranslation } from '../../i18n'
import { THEMES, useTheme, type Theme } from '../../layout/theme'
import { useSettingsForm } from './useSettingsForm'

/**
 * Settings → General: the interface language, the theme, the OCR language and automatic updates.
 * @remarks The theme applies at once and is not part of the form's Save: it is this window's look,
 * kept on this computer and also switched by the top bar's button, and seeing it is the point.
 */
export function GeneralFields() {
  const { form: values, edit } = useSettingsForm()
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
          onChange={(e) => edit({ uiLanguage: e.target.value as Settings['uiLanguage'] })}
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
        <span className="field-help">{t('settings.form.themeNow')}</span>
      </label>
      <label className="field">
        <span className="field-label">{t('settings.ocrLanguage')}</span>
        <select
          aria-label={t('settings.ocrLanguage')}
          value={values.ocrLanguages[0]}
          onChange={(e) =>
            edit({ ocrLanguages: [e.target.value as Settings['ocrLanguages'][number]] })
          }
        >
          {OCR_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`settings.ocrLanguages.${code}`)}
            </option>
          ))}
        </select>
        <span className="field-help">{t('settings.ocrHelp')}</span>
      </label>
      <label className="field field-check">
        <span>
          <input
            type="checkbox"
            checked={values.autoUpdate}
            onChange={(e) => edit({ autoUpdate: e.target.checked })}
          />{' '}
          {t('settings.autoUpdate')}
        </span>
        <span className="field-help">{t('settings.autoUpdateHelp')}</span>
      </label>
    </>
  )
}
