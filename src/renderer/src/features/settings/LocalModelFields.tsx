import { useEffect, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { formatNumber, Trans, useTranslation } from '../../i18n'
import { PROVIDER_TRAITS } from '../../../../shared/providers'
import type { PublicSettings } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'
import { useSettingsForm } from './useSettingsForm'

/**
 * The local model: the server's address, the model picked from the server's own list (with
 * Refresh), its context window, and a Test button that sends one short request.
 */
export function LocalModelFields() {
  const { form: values } = useSettingsForm()
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
      <ServerAddress values={values} />
      <ModelPicker values={values} refreshing={refreshing} reload={reload} />
      <ContextWindow values={values} />
      <ModelTest values={values} />
    </div>
  )
}

/** The server's address; Refresh asks the address typed, Save keeps it and reloads the list. */
function ServerAddress({ values }: { values: PublicSettings }) {
  const { edit } = useSettingsForm()
  const { t } = useTranslation()
  return (
    <>
      <span className="field-label">{t('settings.localServer')}</span>
      <input
        aria-label={t('settings.localServerAddress')}
        value={values.localBaseUrl}
        onChange={(e) => edit({ localBaseUrl: e.target.value })}
        spellCheck={false}
      />
      <span className="field-help">{t('settings.localServerHelp')}</span>
    </>
  )
}

/** The model, picked from the server's own list, with Refresh. */
function ModelPicker(props: {
  values: PublicSettings
  refreshing: boolean
  reload: (baseUrl?: string) => Promise<void>
}) {
  const { values, refreshing, reload } = props
  const models = useAppStore((s) => s.settings.localModels)
  const modelsError = useAppStore((s) => s.settings.localModelsError)
  // Errors are raised for the provider in use (the saved one), not one only being chosen.
  const inUse = useAppStore((s) => s.settings.values?.provider ?? values.provider)
  const { edit } = useSettingsForm()
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
          onChange={(e) => edit({ localModel: e.target.value || null })}
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
        <button
          type="button"
          className="btn"
          disabled={refreshing}
          onClick={() => void reload(values.localBaseUrl.trim())}
        >
          {refreshing ? t('settings.refreshing') : t('settings.refresh')}
        </button>
      </span>
      {modelsError && !PROVIDER_TRAITS[inUse].runsLocally ? (
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

/** The model's context window, in tokens (an edit of the form, saved with its Save). */
function ContextWindow({ values }: { values: PublicSettings }) {
  const draft = useAppStore((s) => s.settings.draft)
  const { edit } = useSettingsForm()
  const [typed, setTyped] = useState<string | null>(null)
  const { t } = useTranslation()
  // What is being typed ("20" on the way to 2048) while it is an edit; after Save or Discard,
  // the saved number.
  const text =
    typed !== null && 'localContextTokens' in draft ? typed : String(values.localContextTokens)
  return (
    <>
      <span className="field-label">{t('settings.contextWindow')}</span>
      <input
        type="number"
        min={1024}
        step={1024}
        aria-label={t('settings.contextWindowLabel')}
        value={text}
        onChange={(e) => {
          setTyped(e.target.value)
          edit({ localContextTokens: Number(e.target.value) })
        }}
      />
      <span className="field-help">{t('settings.contextWindowHelp')}</span>
    </>
  )
}

/** The fields the local model's test runs with. */
const LOCAL_FIELDS = ['localBaseUrl', 'localModel', 'localContextTokens'] as const

/** Test: one short request to the model, and its reply or error. */
function ModelTest({ values }: { values: PublicSettings }) {
  const test = useAppStore((s) => s.settings.localTest)
  const runTest = useAppStore((s) => s.testLocalModel)
  // Main tests the saved model: with its fields edited, Save comes first.
  const edited = useAppStore((s) => LOCAL_FIELDS.some((k) => k in s.settings.draft))
  const { t } = useTranslation()
  return (
    <span className="field-row">
      <button
        type="button"
        className="btn"
        disabled={!values.localModel || test.running || edited}
        onClick={() => void runTest()}
      >
        {test.running ? t('settings.testing') : t('settings.test')}
      </button>
      {edited && <span className="field-help">{t('settings.form.saveToTest')}</span>}
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
