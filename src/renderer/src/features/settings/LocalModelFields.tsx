import { useEffect, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { formatNumber, Trans, useTranslation } from '../../i18n'
import { PROVIDER_TRAITS } from '../../../../shared/providers'
import type { PublicSettings } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'

/**
 * The local model: the server's address, the model picked from the server's own list (with
 * Refresh), its context window, and a Test button that sends one short request.
 */
export function LocalModelFields() {
  const values = useAppStore((s) => s.settings.values)
  const models = useAppStore((s) => s.settings.localModels)
  const refresh = useAppStore((s) => s.refreshLocalModels)
  const [refreshing, setRefreshing] = useState(false)

  const reload = async (baseUrl?: string): Promise<void> => {
    setRefreshing(true)
    await refresh(baseUrl)
    setRefreshing(false)
  }
  useEffect(() => {
    if (models === null) void refresh()
  }, [models, refresh])

  if (!values) return null
  return (
    <div className="field" data-testid="local-model">
      <ServerAddress values={values} reload={reload} />
      <ModelPicker values={values} refreshing={refreshing} reload={reload} />
      <ContextWindow values={values} />
      <ModelTest values={values} />
    </div>
  )
}

/** The server's address; saving it reloads the server's list of models. */
function ServerAddress({
  values,
  reload
}: {
  values: PublicSettings
  reload: () => Promise<void>
}) {
  const updateSettings = useAppStore((s) => s.updateSettings)
  const [urlDraft, setUrl] = useState<string | null>(null)
  const { t } = useTranslation()
  const url = urlDraft ?? values.localBaseUrl
  return (
    <>
      <span className="field-label">{t('settings.localServer')}</span>
      <form
        className="field-row"
        onSubmit={(e) => {
          e.preventDefault()
          void updateSettings({ localBaseUrl: url.trim() }).then((ok) => {
            if (!ok) return
            setUrl(null)
            void reload()
          })
        }}
      >
        <input
          aria-label={t('settings.localServerAddress')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          spellCheck={false}
        />
        <button
          type="submit"
          className="btn"
          disabled={!url.trim() || url.trim() === values.localBaseUrl}
        >
          {t('settings.save')}
        </button>
      </form>
      <span className="field-help">{t('settings.localServerHelp')}</span>
    </>
  )
}

/** The model, picked from the server's own list, with Refresh. */
function ModelPicker(props: {
  values: PublicSettings
  refreshing: boolean
  reload: () => Promise<void>
}) {
  const { values, refreshing, reload } = props
  const models = useAppStore((s) => s.settings.localModels)
  const modelsError = useAppStore((s) => s.settings.localModelsError)
  const updateSettings = useAppStore((s) => s.updateSettings)
  const { t } = useTranslation()
  const listed = models ?? []
  const options =
    values.localModel && !listed.includes(values.localModel)
      ? [values.localModel, ...listed]
      : listed
  return (
    <>
      <span className="field-label">{t('settings.localModelPick')}</span>
      <span className="field-row">
        <select
          aria-label={t('settings.localModelPick')}
          value={values.localModel ?? ''}
          onChange={(e) => void updateSettings({ localModel: e.target.value || null })}
        >
          <option value="">
            {models === null ? t('settings.loadingModels') : t('settings.chooseModel')}
          </option>
          {options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <button type="button" className="btn" disabled={refreshing} onClick={() => void reload()}>
          {refreshing ? t('settings.refreshing') : t('settings.refresh')}
        </button>
      </span>
      {modelsError && !PROVIDER_TRAITS[values.provider].runsLocally ? (
        // Not the provider in use (only Gemini's offline fallback): said, not raised as an error.
        <span className="field-help" data-testid="local-model-idle">
          {t('settings.localModelIdle')} <ErrorMessage error={modelsError} />
        </span>
      ) : modelsError ? (
        <span className="field-help test-result fail" role="alert">
          <ErrorMessage error={modelsError} />
        </span>
      ) : models !== null && models.length === 0 ? (
        <span className="field-help">
          <Trans t={t} i18nKey="settings.noModels" components={{ code: <code /> }} />
        </span>
      ) : null}
    </>
  )
}

/** The model's context window, in tokens. */
function ContextWindow({ values }: { values: PublicSettings }) {
  const updateSettings = useAppStore((s) => s.updateSettings)
  const [windowDraft, setWindow] = useState<string | null>(null)
  const { t } = useTranslation()
  const windowTokens = windowDraft ?? String(values.localContextTokens)
  return (
    <>
      <span className="field-label">{t('settings.contextWindow')}</span>
      <span className="field-row">
        <input
          type="number"
          min={1024}
          step={1024}
          aria-label={t('settings.contextWindowLabel')}
          value={windowTokens}
          onChange={(e) => setWindow(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          disabled={Number(windowTokens) === values.localContextTokens}
          onClick={() =>
            void updateSettings({ localContextTokens: Number(windowTokens) }).then(
              (ok) => ok && setWindow(null)
            )
          }
        >
          {t('settings.save')}
        </button>
      </span>
      <span className="field-help">{t('settings.contextWindowHelp')}</span>
    </>
  )
}

/** Test: one short request to the model, and its reply or error. */
function ModelTest({ values }: { values: PublicSettings }) {
  const test = useAppStore((s) => s.settings.localTest)
  const runTest = useAppStore((s) => s.testLocalModel)
  const { t } = useTranslation()
  return (
    <span className="field-row">
      <button
        type="button"
        className="btn"
        disabled={!values.localModel || test.running}
        onClick={() => void runTest()}
      >
        {test.running ? t('settings.testing') : t('settings.test')}
      </button>
      {test.result && (
        <span className="test-result ok" role="status">
          {t('settings.testReply', {
            model: test.result.model,
            seconds: formatNumber(test.result.ms / 1000, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1
            }),
            reply: test.result.reply
          })}
        </span>
      )}
      {test.error && (
        <span className="test-result fail" role="alert">
          <ErrorMessage error={test.error} />
        </span>
      )}
    </span>
  )
}
