import { OCR_LANGUAGES, type Settings } from '../../../../shared/types'
import { LANGUAGES } from '../../../../shared/languages'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Settings' answer language, search rounds, OCR language and automatic updates. */
export function AnswerFields({ values }: { values: Settings }) {
  const updateSettings = useAppStore((s) => s.updateSettings)
  const { t } = useTranslation()
  return (
    <>
      <label className="field">
        <span className="field-label">{t('settings.answerLanguage')}</span>
        <select
          aria-label={t('settings.answerLanguage')}
          value={values.answerLanguage}
          onChange={(e) =>
            void updateSettings({
              answerLanguage: e.target.value as Settings['answerLanguage']
            })
          }
        >
          <option value="ui">{t('settings.answerUi')}</option>
          {LANGUAGES.map(({ code, nativeName }) => (
            <option key={code} value={code} lang={code}>
              {nativeName}
            </option>
          ))}
          <option value="question">{t('settings.answerQuestion')}</option>
        </select>
        <span className="field-help">{t('settings.answerLanguageHelp')}</span>
      </label>
      <label className="field">
        <span className="field-label">{t('settings.toolRounds')}</span>
        <select
          aria-label={t('settings.toolRounds')}
          value={values.toolRounds}
          onChange={(e) => void updateSettings({ toolRounds: Number(e.target.value) })}
        >
          <option value={1}>{t('settings.rounds1')}</option>
          <option value={2}>2</option>
          <option value={3}>{t('settings.rounds3')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('settings.ocrLanguage')}</span>
        <select
          aria-label={t('settings.ocrLanguage')}
          value={values.ocrLanguages[0]}
          onChange={(e) =>
            void updateSettings({
              ocrLanguages: [e.target.value as Settings['ocrLanguages'][number]]
            })
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
            onChange={(e) => void updateSettings({ autoUpdate: e.target.checked })}
          />{' '}
          {t('settings.autoUpdate')}
        </span>
        <span className="field-help">{t('settings.autoUpdateHelp')}</span>
      </label>
    </>
  )
}
