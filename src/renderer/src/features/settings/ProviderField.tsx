import { useState } from 'react'
import { PROVIDERS, type Provider } from '../../../../shared/providers'
import type { Settings } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Each provider's name and help in the provider menu. */
const PROVIDER_TEXT = {
  gemini: { label: 'settings.providerGemini', help: 'settings.providerHelpGemini' },
  local: { label: 'settings.providerLocal', help: 'settings.providerHelpLocal' }
} as const satisfies Record<Provider, { label: string; help: string }>

/** Who writes answers: one option per provider, with what choosing it means. */
export function ProviderField() {
  const values = useAppStore((s) => s.settings.values)
  const updateSettings = useAppStore((s) => s.updateSettings)
  const { t } = useTranslation()
  if (!values) return null
  return (
    <label className="field">
      <span className="field-label">{t('settings.provider')}</span>
      <select
        aria-label={t('settings.provider')}
        value={values.provider}
        onChange={(e) => void updateSettings({ provider: e.target.value as Settings['provider'] })}
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

/** The Gemini model's name, saved when the person says so. */
export function GeminiModelField() {
  const values = useAppStore((s) => s.settings.values)
  const updateSettings = useAppStore((s) => s.updateSettings)
  const [modelDraft, setModel] = useState<string | null>(null)
  const { t } = useTranslation()
  if (!values) return null
  const model = modelDraft ?? values.model
  return (
    <label className="field">
      <span className="field-label">{t('settings.geminiModel')}</span>
      <span className="field-row">
        <input
          value={model}
          onChange={(e) => setModel(e.target.value)}
          aria-label={t('settings.geminiModel')}
        />
        <button
          type="button"
          className="btn"
          disabled={!model.trim() || model.trim() === values.model}
          onClick={() =>
            void updateSettings({ model: model.trim() }).then((ok) => ok && setModel(null))
          }
        >
          {t('settings.save')}
        </button>
      </span>
    </label>
  )
}
