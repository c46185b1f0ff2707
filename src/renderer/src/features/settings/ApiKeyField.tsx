import { useState } from 'react'
import type { KeyStorage } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** The catalog key of what the dialog says about where the key is kept, when it is not safe. */
const STORAGE_NOTICE: Partial<Record<KeyStorage, string>> = {
  weak: 'settings.keyStorageWeak',
  unavailable: 'settings.keyStorageUnavailable'
}

/**
 * The Gemini API key: typed once, sent to main to be stored encrypted, then only shown as
 * "saved" — the renderer never receives it back.
 * @remarks Its own Save key, apart from the dialog's Save: the key goes straight to the secret
 * store and is never held in the renderer's draft of the settings.
 */
export function ApiKeyField() {
  const hasKey = useAppStore((s) => s.settings.values?.hasApiKey ?? false)
  const storage = useAppStore((s) => s.settings.values?.keyStorage ?? null)
  const reentry = useAppStore((s) => s.settings.values?.keyNeedsReentry ?? false)
  const unconfirmed = useAppStore((s) => s.settings.values?.unconfirmedAddress ?? null)
  const keyAddress = useAppStore((s) => s.settings.values?.keyAddress ?? null)
  const confirmAddress = useAppStore((s) => s.confirmAddress)
  const storageNotice = storage ? STORAGE_NOTICE[storage] : undefined
  const saving = useAppStore((s) => s.settings.saving)
  const setApiKey = useAppStore((s) => s.setApiKey)
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState(false)
  const { t } = useTranslation()
  const showInput = !hasKey || editing
  return (
    <div className="field">
      <span className="field-label">{t('settings.apiKey')}</span>
      {reentry && (
        <div className="notice notice-warn" role="status">
          <div className="notice-message">{t('settings.keyReentry')}</div>
        </div>
      )}
      {unconfirmed && (
        <div className="notice notice-warn" role="status" data-testid="address-unconfirmed">
          <div className="notice-message">
            {t('settings.addressUnconfirmed', {
              address: unconfirmed,
              keyAddress: keyAddress ?? t('settings.googleEndpoint')
            })}
          </div>
          <button
            type="button"
            className="btn btn-small"
            disabled={saving}
            onClick={() => void confirmAddress(unconfirmed)}
          >
            {t('settings.confirmAddress')}
          </button>
        </div>
      )}
      {storageNotice && (
        <div className="notice notice-warn" role="status" data-testid="key-storage-notice">
          <div className="notice-message">{t(storageNotice)}</div>
        </div>
      )}
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
        {hasKey
          ? t(storage === 'weak' ? 'settings.keyHelpSavedWeak' : 'settings.keyHelpSaved')
          : t('settings.keyHelpMissing')}
      </span>
    </div>
  )
}
