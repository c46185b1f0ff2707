import { useEffect, useRef, useState } from 'react'
import { OCR_LANGUAGES, type Settings } from '../../../../shared/types'
import { systemUiLanguage, UI_LANGUAGE_NAMES, useTranslation } from '../../i18n'
import { THEMES, useTheme, type Theme } from '../../layout/theme'
import { useAppStore } from '../../store/StoreContext'
import { ErrorMessage } from '../../components/ErrorMessage'
import { ApiKeyField } from './ApiKeyField'
import { EmbedderState } from './EmbedderState'
import { LocalModelFields } from './LocalModelFields'
import { McpSetup } from './McpSetup'

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
  const [modelDraft, setModel] = useState<string | null>(null)
  const model = modelDraft ?? values?.model ?? ''
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [theme, setTheme] = useTheme()
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
          {values && (
            <label className="field">
              <span className="field-label">{t('settings.provider')}</span>
              <select
                aria-label={t('settings.provider')}
                value={values.provider}
                onChange={(e) =>
                  void updateSettings({ provider: e.target.value as Settings['provider'] })
                }
              >
                <option value="gemini">{t('settings.providerGemini')}</option>
                <option value="local">{t('settings.providerLocal')}</option>
              </select>
              <span className="field-help">
                {values.provider === 'gemini'
                  ? t('settings.providerHelpGemini')
                  : t('settings.providerHelpLocal')}
              </span>
            </label>
          )}
          {values?.provider !== 'local' && <ApiKeyField />}
          {values && <LocalModelFields />}
          {values && (
            <>
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
                      void updateSettings({ model: model.trim() }).then(
                        (ok) => ok && setModel(null)
                      )
                    }
                  >
                    {t('settings.save')}
                  </button>
                </span>
              </label>
              <label className="field">
                <span className="field-label">{t('settings.uiLanguage')}</span>
                <select
                  aria-label={t('settings.uiLanguage')}
                  value={values.uiLanguage}
                  onChange={(e) =>
                    void updateSettings({
                      uiLanguage: e.target.value as Settings['uiLanguage']
                    })
                  }
                >
                  <option value="system">
                    {t('settings.uiSystem', { language: UI_LANGUAGE_NAMES[systemUiLanguage()] })}
                  </option>
                  <option value="en" lang="en">
                    {UI_LANGUAGE_NAMES.en}
                  </option>
                  <option value="pt-BR" lang="pt-BR">
                    {UI_LANGUAGE_NAMES['pt-BR']}
                  </option>
                </select>
              </label>
              <label className="field">
                <span className="field-label">{t('app.theme')}</span>
                <select
                  aria-label={t('app.theme')}
                  value={theme}
                  onChange={(e) => setTheme(e.target.value as Theme)}
                >
                  {THEMES.map((name) => (
                    <option key={name} value={name}>
                      {t(`settings.themes.${name}`)}
                    </option>
                  ))}
                </select>
              </label>
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
                  <option value="en" lang="en">
                    {UI_LANGUAGE_NAMES.en}
                  </option>
                  <option value="pt-BR" lang="pt-BR">
                    {UI_LANGUAGE_NAMES['pt-BR']}
                  </option>
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
          <McpSetup />
        </div>
      )}
    </dialog>
  )
}
