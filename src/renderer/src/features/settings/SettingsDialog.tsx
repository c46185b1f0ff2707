import { useEffect, useRef, useState } from 'react'
import { OCR_LANGUAGES, type Settings } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'
import { ApiKeyField } from './ApiKeyField'
import { EmbedderState } from './EmbedderState'

const OCR_LANGUAGE_NAMES: Record<(typeof OCR_LANGUAGES)[number], string> = { eng: 'English' }

const LANGUAGES: { value: Settings['answerLanguage']; label: string }[] = [
  { value: 'pt-BR', label: 'Português (Brasil)' },
  { value: 'en', label: 'English' },
  { value: 'question', label: 'Same as the question' }
]

/** The settings dialog: API key, model, answer language, tool rounds, embedding model. */
export function SettingsDialog() {
  const open = useAppStore((s) => s.settings.open)
  const values = useAppStore((s) => s.settings.values)
  const error = useAppStore((s) => s.settings.error)
  const updateSettings = useAppStore((s) => s.updateSettings)
  const openSettings = useAppStore((s) => s.openSettings)
  const loadSettings = useAppStore((s) => s.loadSettings)
  const [modelDraft, setModel] = useState<string | null>(null)
  const model = modelDraft ?? values?.model ?? ''
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    if (open) void loadSettings()
  }, [open, loadSettings])
  useEffect(() => {
    const d = dialogRef.current
    if (!d) return
    if (open && !d.open) d.showModal?.()
    if (!open && d.open) d.close?.()
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      className="settings"
      aria-label="Settings"
      open={typeof HTMLDialogElement === 'undefined' ? open : undefined}
      onClose={() => openSettings(false)}
    >
      {open && (
        <div className="settings-body">
          <header className="settings-header">
            <h2>Settings</h2>
            <button
              type="button"
              className="icon-btn"
              aria-label="Close settings"
              onClick={() => openSettings(false)}
            >
              ×
            </button>
          </header>
          {error && (
            <div className="notice notice-error" role="alert">
              <div className="notice-message">{error.message}</div>
            </div>
          )}
          <ApiKeyField />
          {values && (
            <>
              <label className="field">
                <span className="field-label">Model</span>
                <span className="field-row">
                  <input
                    value={model}
                    onChange={(e) => setModel(e.target.value)}
                    aria-label="Model"
                  />
                  <button
                    type="button"
                    className="btn"
                    disabled={!model.trim() || model.trim() === values.model}
                    onClick={() =>
                      void updateSettings({ model: model.trim() }).then(
                        (ok) => ok && setModel(null)
                      )
                    }
                  >
                    Save
                  </button>
                </span>
              </label>
              <label className="field">
                <span className="field-label">Answer language</span>
                <select
                  aria-label="Answer language"
                  value={values.answerLanguage}
                  onChange={(e) =>
                    void updateSettings({
                      answerLanguage: e.target.value as Settings['answerLanguage']
                    })
                  }
                >
                  {LANGUAGES.map((l) => (
                    <option key={l.value} value={l.value}>
                      {l.label}
                    </option>
                  ))}
                </select>
                <span className="field-help">
                  Papers stay in English; answers are written in this language.
                </span>
              </label>
              <label className="field">
                <span className="field-label">Search rounds per answer</span>
                <select
                  aria-label="Tool rounds"
                  value={values.toolRounds}
                  onChange={(e) => void updateSettings({ toolRounds: Number(e.target.value) })}
                >
                  <option value={1}>1 — fast (one question, one paper)</option>
                  <option value={2}>2</option>
                  <option value={3}>3 — for comparisons across papers</option>
                </select>
              </label>
              <label className="field">
                <span className="field-label">OCR language for scanned pages</span>
                <select
                  aria-label="OCR language"
                  value={values.ocrLanguages[0]}
                  onChange={(e) =>
                    void updateSettings({
                      ocrLanguages: [e.target.value as Settings['ocrLanguages'][number]]
                    })
                  }
                >
                  {OCR_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {OCR_LANGUAGE_NAMES[code]}
                    </option>
                  ))}
                </select>
                <span className="field-help">
                  Pages without a text layer are read by OCR, offline. Only English recognition data
                  is available.
                </span>
              </label>
            </>
          )}
          <EmbedderState />
        </div>
      )}
    </dialog>
  )
}
