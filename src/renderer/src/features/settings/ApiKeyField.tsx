import { useState } from 'react'
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
  const showInput = !hasKey || editing
  return (
    <div className="field">
      <span className="field-label">Gemini API key</span>
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
          ? 'Stored encrypted on this computer. Answers are generated with Gemini.'
          : 'Without a key, answers show the best passages from your papers (evidence only). Get a key at aistudio.google.com.'}
      </span>
    </div>
  )
}
