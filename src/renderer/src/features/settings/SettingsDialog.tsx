import { useEffect, useRef } from 'react'
import { PROVIDER_TRAITS } from '../../../../shared/providers'
import { OCR_LANGUAGES, type Settings } from '../../../../shared/types'
import { LANGUAGES } from '../../../../shared/languages'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ErrorMessage } from '../../components/ErrorMessage'
import { ApiKeyField } from './ApiKeyField'
import { DisplayFields } from './DisplayFields'
import { EmbedderState } from './EmbedderState'
import { LocalModelFields } from './LocalModelFields'
import { ApiServerSetup } from './ApiServerSetup'
import { McpSetup } from './McpSetup'
import { SyncSetup } from './SyncSetup'
import { GeminiModelField, ProviderField } from './ProviderField'

/**
 * The settings dialog: API key, model, interface and answer languages, tool rounds, embedding
 * model, and the MCP client setup.
 */
export function SettingsDialog() {
  const open = useAppStore((s) => s.settings.open)
  const values = useAppStore((s) => s.settings.values)
  const error = useAppStore((s) => s.settings.error)
  const updateSettings = useAppStore((s) => s.updateSettings)
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
              <label className="field">
                <span className="field-label">{t('settings.answerLanguage')}</span>
                <select
                  aria-label={t('settings.answerLanguage')}
                  value={values.answerLanguage}
                  onChange={(e) =>
                    void updateSettings({
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
                  onChange={(e) => void updateSettings({ toolRounds: Number(e.target.value) })}
                >
                  <option value={1}>{t('settings.rounds1')}</option>
                  <option value={2}>2</option>
                  <option value={3}>{t('settings.rounds3')}</option>
                </select>
              </label>
              <label className="field">
                <span className="field-label">{t('settings.ocrLanguage')}</span>
                <select
                  aria-label={t('settings.ocrLanguage')}
                  value={values.ocrLanguages[0]}
                  onChange={(e) =>
                    void updateSettings({
                      ocrLanguages: [e.target.value as Settings['ocrLanguages'][number]]
                    })
                  }
                >
                  {OCR_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {t(`settings.ocrLanguages.${code}`)}
                    </option>
                  ))}
                </select>
                <span className="field-help">{t('settings.ocrHelp')}</span>
              </label>
              <label className="field field-check">
                <span>
                  <input
                    type="checkbox"
                    checked={values.autoUpdate}
                    onChange={(e) => void updateSettings({ autoUpdate: e.target.checked })}
                  />{' '}
                  {t('settings.autoUpdate')}
                </span>
                <span className="field-help">{t('settings.autoUpdateHelp')}</span>
              </label>
            </>
          )}
          <EmbedderState />
          <SyncSetup />
          <McpSetup />
          <ApiServerSetup />
        </div>
      )}
    </dialog>
  )
}
