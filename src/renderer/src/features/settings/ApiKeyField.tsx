import { useState } from 'react'
import type { KeyStorage } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'

/** What the dialog says about where the key is kept, when it is not a safe place. */
const STORAGE_NOTICE: Partial<Record<KeyStorage, string>> = {
  weak: 'No keyring was found on this computer (GNOME Keyring or KWallet), so the key is kept with a fixed password that any program running as you can undo. Start a keyring and save the key again, or set GEMINI_API_KEY in the environment instead.',
  unavailable:
    'This computer offers no secure storage for the key, so it cannot be saved here. Set GEMINI_API_KEY in the environment instead.'
}

/**
 * The Gemini API key: typed once, sent to main to be stored encrypted, then only shown as
 * "saved" — the renderer never receives it back.
 */
export function ApiKeyField() {
  const hasKey = useAppStore((s) => s.settings.values?.hasApiKey ?? false)
  const storage = useAppStore((s) => s.settings.values?.keyStorage ?? null)
  const reentry = useAppStore((s) => s.settings.values?.keyNeedsReentry ?? false)
  const storageNotice = storage ? STORAGE_NOTICE[storage] : undefined
  const saving = useAppStore((s) => s.settings.saving)
  const setApiKey = useAppStore((s) => s.setApiKey)
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState(false)
  const showInput = !hasKey || editing
  return (
    <div className="field">
      <span className="field-label">Gemini API key</span>
      {reentry && (
        <div className="notice notice-warn" role="status">
          <div className="notice-message">
            The Gemini API address changed, so the saved key was removed: a key is only sent to the
            address it was entered for. Enter the key again to use the new address.
          </div>
        </div>
      )}
      {storageNotice && (
        <div className="notice notice-warn" role="status" data-testid="key-storage-notice">
          <div className="notice-message">{storageNotice}</div>
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
            aria-label="Gemini API key"
            placeholder="Paste your key"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={!draft.trim() || saving}>
            Save key
          </button>
        </form>
      ) : (
        <span className="field-row">
          <span className="key-saved" data-testid="key-saved">
            •••••••••••• saved
          </span>
          <button type="button" className="btn btn-small" onClick={() => setEditing(true)}>
            Replace
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => void setApiKey(null)}
          >
            Forget
          </button>
        </span>
      )}
      <span className="field-help">
        {hasKey
          ? storage === 'weak'
            ? 'Stored on this computer with a fixed password (see above). Answers are generated with Gemini.'
            : 'Stored encrypted on this computer. Answers are generated with Gemini.'
          : 'Without a key, answers show the best passages from your papers (evidence only). Get a key at aistudio.google.com.'}
      </span>
    </div>
  )
}
