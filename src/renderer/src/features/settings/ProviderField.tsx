import { PROVIDERS, type Provider } from '../../../../shared/providers'
import type { Settings } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useSettingsForm } from './useSettingsForm'

/** Each provider's name and help in the provider menu. */
const PROVIDER_TEXT = {
  gemini: { label: 'settings.providerGemini', help: 'settings.providerHelpGemini' },
  local: { label: 'settings.providerLocal', help: 'settings.providerHelpLocal' }
} as const satisfies Record<Provider, { label: string; help: string }>

/** Who writes answers: one option per provider, with what choosing it means. */
export function ProviderField() {
  const { form: values, edit } = useSettingsForm()
  const { t } = useTranslation()
  if (!values) return null
  return (
    <label className="field">
      <span className="field-label">{t('settings.provider')}</span>
      <select
        aria-label={t('settings.provider')}
        value={values.provider}
        onChange={(e) => edit({ provider: e.target.value as Settings['provider'] })}
      >
        {PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {t(PROVIDER_TEXT[p].label)}
          </option>
        ))}
      </select>
      <span className="field-help">{t(PROVIDER_TEXT[values.provider].help)}</span>
    </label>
  )
}

/** The Gemini model's name (an edit of the form, saved with its Save). */
export function GeminiModelField() {
  const { form: values, edit } = useSettingsForm()
  const { t } = useTranslation()
  if (!values) return null
  return (
    <label className="field">
      <span className="field-label">{t('settings.geminiModel')}</span>
      <input
        value={values.model}
        onChange={(e) => edit({ model: e.target.value })}
        aria-label={t('settings.geminiModel')}
        spellCheck={false}
      />
    </label>
  )
}
