import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ErrorMessage } from '../../components/ErrorMessage'
import { SettingsSections } from './SettingsSections'

/**
 * The settings dialog: its sections (answers, local model, general, connections, sync, the lab
 * library) and one Save for the form's fields, with an explicit choice before unsaved edits are
 * dropped by closing.
 * @remarks The API key and the lab's connection string keep their own Save/Connect: they go
 * straight to the secret store in main and are never held in the renderer's draft.
 */
export function SettingsDialog() {
  const open = useAppStore((s) => s.settings.open)
  const dirty = useAppStore((s) => Object.keys(s.settings.draft).length > 0)
  const openSettings = useAppStore((s) => s.openSettings)
  const loadSettings = useAppStore((s) => s.loadSettings)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [asking, setAsking] = useState(false)
  const { t } = useTranslation()

  useEffect(() => {
    if (open) void loadSettings()
  }, [open, loadSettings])
  useEffect(() => {
    const d = dialogRef.current
    if (!d) return
    if (open && !d.open) d.showModal?.()
    if (!open && d.open) d.close?.()
  }, [open])

  // Closing with unsaved edits asks first (Save, Discard or keep editing); else it just closes.
  const requestClose = (): void => (dirty ? setAsking(true) : openSettings(false))

  return (
    <dialog
      ref={dialogRef}
      className="settings"
      aria-label={t('settings.title')}
      open={typeof HTMLDialogElement === 'undefined' ? open : undefined}
      onCancel={(e) => {
        e.preventDefault()
        requestClose()
      }}
      onClose={() => {
        // Chromium closes a modal on a second Escape without a cancelable cancel (no click in
        // between): with edits unsaved it is shown again, asking, rather than dropping them.
        if (!dirty) return openSettings(false)
        dialogRef.current?.showModal?.()
        setAsking(true)
      }}
    >
      {open && (
        <div className="settings-body settings-sectioned">
          <header className="settings-header">
            <h2>{t('settings.title')}</h2>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('settings.close')}
              onClick={requestClose}
            >
              ×
            </button>
          </header>
          <SettingsSections />
          <SettingsFooter asking={asking && dirty} onAnswered={() => setAsking(false)} />
        </div>
      )}
    </dialog>
  )
}

/**
 * The form's Save and Discard with whether anything is unsaved, and the question asked when
 * closing would drop edits.
 */
function SettingsFooter({ asking, onAnswered }: { asking: boolean; onAnswered: () => void }) {
  const count = useAppStore((s) => Object.keys(s.settings.draft).length)
  const saving = useAppStore((s) => s.settings.saving)
  const error = useAppStore((s) => s.settings.error)
  const save = useAppStore((s) => s.saveSettings)
  const discard = useAppStore((s) => s.discardSettings)
  const openSettings = useAppStore((s) => s.openSettings)
  // Said after a Save until the dialog closes, when nothing is unsaved.
  const [savedOnce, setSavedOnce] = useState(false)
  const firstChoice = useRef<HTMLButtonElement>(null)
  const { t } = useTranslation()
  useEffect(() => {
    if (asking) firstChoice.current?.focus()
  }, [asking])

  const onSave = async (close: boolean): Promise<void> => {
    if (!(await save())) return
    setSavedOnce(true)
    if (!close) return
    onAnswered()
    openSettings(false)
  }
  return (
    <footer className="settings-footer" data-dirty={count > 0 ? 'true' : 'false'}>
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
      {asking ? (
        <div className="settings-ask" role="group" aria-labelledby="settings-ask-text">
          <span id="settings-ask-text" className="settings-state">
            {t('settings.form.askClose', { count })}
          </span>
          <button
            ref={firstChoice}
            type="button"
            className="btn btn-primary"
            disabled={saving}
            onClick={() => void onSave(true)}
          >
            {t('settings.form.saveClose')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => (onAnswered(), discard(), openSettings(false))}
          >
            {t('settings.form.discardClose')}
          </button>
          <button type="button" className="btn btn-quiet" onClick={onAnswered}>
            {t('settings.form.keepEditing')}
          </button>
        </div>
      ) : (
        <div className="settings-actions">
          <span className="settings-state" role="status" data-testid="settings-state">
            {count > 0
              ? t('settings.form.unsaved', { count })
              : savedOnce
                ? t('settings.form.saved')
                : ''}
          </span>
          <button type="button" className="btn" disabled={count === 0} onClick={discard}>
            {t('settings.form.discard')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={count === 0 || saving}
            onClick={() => void onSave(false)}
          >
            {t('settings.save')}
          </button>
        </div>
      )}
    </footer>
  )
}
