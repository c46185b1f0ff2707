import { useEffect, useRef } from 'react'
import { PROVIDER_TRAITS } from '../../../../shared/providers'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ErrorMessage } from '../../components/ErrorMessage'
import { AnswerFields } from './AnswerFields'
import { ApiKeyField } from './ApiKeyField'
import { DisplayFields } from './DisplayFields'
import { EmbedderState } from './EmbedderState'
import { LocalModelFields } from './LocalModelFields'
import { ApiServerSetup } from './ApiServerSetup'
import { LabSetup } from './LabSetup'
import { McpSetup } from './McpSetup'
import { SyncSetup } from './SyncSetup'
import { GeminiModelField, ProviderField } from './ProviderField'

/**
 * The settings dialog: API key, model, interface and answer languages, tool rounds, embedding
 * model, watched folders, the lab library, and the MCP client setup.
 */
export function SettingsDialog() {
  const open = useAppStore((s) => s.settings.open)
  const values = useAppStore((s) => s.settings.values)
  const error = useAppStore((s) => s.settings.error)
  const openSettings = useAppStore((s) => s.openSettings)
  const loadSettings = useAppStore((s) => s.loadSettings)
  const dialogRef = useRef<HTMLDialogElement>(null)
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

  return (
    <dialog
      ref={dialogRef}
      className="settings"
      aria-label={t('settings.title')}
      open={typeof HTMLDialogElement === 'undefined' ? open : undefined}
      onClose={() => openSettings(false)}
    >
      {open && (
        <div className="settings-body">
          <header className="settings-header">
            <h2>{t('settings.title')}</h2>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('settings.close')}
              onClick={() => openSettings(false)}
            >
              ×
            </button>
          </header>
          {error && (
            <div className="notice notice-error" role="alert">
              <ErrorMessage error={error} />
            </div>
          )}
          {values && <ProviderField />}
          {(!values || PROVIDER_TRAITS[values.provider].needsApiKey) && <ApiKeyField />}
          {values && <LocalModelFields />}
          {values && (
            <>
              <GeminiModelField />
              <DisplayFields />
              <AnswerFields values={values} />
            </>
          )}
          <EmbedderState />
          <SyncSetup />
          <LabSetup />
          <McpSetup />
          <ApiServerSetup />
        </div>
      )}
    </dialog>
  )
}
