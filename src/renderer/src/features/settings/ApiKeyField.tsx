import { useState } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/**
 * The Gemini API key: typed once, sent to main to be stored encrypted, then only shown as
 * "saved" — the renderer never receives it back.
 */
export function ApiKeyField() {
  const hasKey = useAppStore((s) => s.settings.values?.hasApiKey ?? false)
  const saving = useAppStore((s) => s.settings.saving)
  const setApiKey = useAppStore((s) => s.setApiKey)
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState(false)
  const { t } = useTranslation()
  const showInput = !hasKey || editing
  return (
    <div className="field">
      <span className="field-label">{t('settings.apiKey')}</span>
      {showInput ? (
        <form
          className="field-row"
          onSubmit={(e) => {
            e.preventDefault()
            void setApiKey(draft.trim()).then((ok) => {
              if (ok) {
                setDraft('')
                setEditing(false)
              }
            })
          }}
        >
          <input
            type="password"
            autoComplete="off"
            aria-label={t('settings.apiKey')}
            placeholder={t('settings.pasteKey')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={!draft.trim() || saving}>
            {t('settings.saveKey')}
          </button>
        </form>
      ) : (
        <span className="field-row">
          <span className="key-saved" data-testid="key-saved">
            {t('settings.keySaved')}
          </span>
          <button type="button" className="btn btn-small" onClick={() => setEditing(true)}>
            {t('settings.replace')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => void setApiKey(null)}
          >
            {t('settings.forget')}
          </button>
        </span>
      )}
      <span className="field-help">
        {hasKey ? t('settings.keyHelpSaved') : t('settings.keyHelpMissing')}
      </span>
    </div>
  )
}
