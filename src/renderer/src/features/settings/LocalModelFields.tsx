import { useEffect, useState } from 'react'
import { useAppStore } from '../../store/StoreContext'

/**
 * The local model: the server's address, the model picked from the server's own list (with
 * Refresh), its context window, and a Test button that sends one short request.
 */
export function LocalModelFields() {
  const values = useAppStore((s) => s.settings.values)
  const models = useAppStore((s) => s.settings.localModels)
  const modelsError = useAppStore((s) => s.settings.localModelsError)
  const test = useAppStore((s) => s.settings.localTest)
  const updateSettings = useAppStore((s) => s.updateSettings)
  const refresh = useAppStore((s) => s.refreshLocalModels)
  const runTest = useAppStore((s) => s.testLocalModel)
  const [urlDraft, setUrl] = useState<string | null>(null)
  const [windowDraft, setWindow] = useState<string | null>(null)
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
  const url = urlDraft ?? values.localBaseUrl
  const windowTokens = windowDraft ?? String(values.localContextTokens)
  const listed = models ?? []
  const options =
    values.localModel && !listed.includes(values.localModel)
      ? [values.localModel, ...listed]
      : listed

  return (
    <div className="field" data-testid="local-model">
      <span className="field-label">Local model server</span>
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
          aria-label="Local server address"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          spellCheck={false}
        />
        <button
          type="submit"
          className="btn"
          disabled={!url.trim() || url.trim() === values.localBaseUrl}
        >
          Save
        </button>
      </form>
      <span className="field-help">
        An OpenAI-compatible server on this computer: Ollama (http://127.0.0.1:11434/v1), LM Studio
        (http://127.0.0.1:1234/v1) or llama.cpp (http://127.0.0.1:8080/v1). Another computer only
        over https.
      </span>

      <span className="field-label">Local model</span>
      <span className="field-row">
        <select
          aria-label="Local model"
          value={values.localModel ?? ''}
          onChange={(e) => void updateSettings({ localModel: e.target.value || null })}
        >
          <option value="">{models === null ? 'Loading…' : 'Choose a model'}</option>
          {options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <button type="button" className="btn" disabled={refreshing} onClick={() => void reload()}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </span>
      {modelsError ? (
        <span className="field-help test-result fail" role="alert">
          {modelsError.message}
        </span>
      ) : models !== null && models.length === 0 ? (
        <span className="field-help">
          The server lists no models. Install one, for example <code>ollama pull qwen2.5:3b</code>,
          then Refresh.
        </span>
      ) : null}

      <span className="field-label">Context window (tokens)</span>
      <span className="field-row">
        <input
          type="number"
          min={1024}
          step={1024}
          aria-label="Context window"
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
          Save
        </button>
      </span>
      <span className="field-help">
        What the server gives the model (Ollama: 4096 unless OLLAMA_CONTEXT_LENGTH is set). Evidence
        is trimmed to fit, and the answer says so.
      </span>

      <span className="field-row">
        <button
          type="button"
          className="btn"
          disabled={!values.localModel || test.running}
          onClick={() => void runTest()}
        >
          {test.running ? 'Testing…' : 'Test'}
        </button>
        {test.result && (
          <span className="test-result ok" role="status">
            {test.result.model} replied in {(test.result.ms / 1000).toFixed(1)} s: “
            {test.result.reply}”
          </span>
        )}
        {test.error && (
          <span className="test-result fail" role="alert">
            {test.error.message}
          </span>
        )}
      </span>
    </div>
  )
}
