import type { Settings } from '../../../../shared/types'
import { LANGUAGES } from '../../../../shared/languages'
import { useTranslation } from '../../i18n'
import { useSettingsForm } from './useSettingsForm'

/** Settings' answer language and search rounds (edits of the form, saved with its Save). */
export function AnswerFields() {
  const { form: values, edit } = useSettingsForm()
  const { t } = useTranslation()
  if (!values) return null
  return (
    <>
      <label className="field">
        <span className="field-label">{t('settings.answerLanguage')}</span>
        <select
          aria-label={t('settings.answerLanguage')}
          value={values.answerLanguage}
          onChange={(e) =>
            edit({
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
          onChange={(e) => edit({ toolRounds: Number(e.target.value) })}
        >
          <option value={1}>{t('settings.rounds1')}</option>
          <option value={2}>2</option>
          <option value={3}>{t('settings.rounds3')}</option>
        </select>
      </label>
    </>
  )
}
