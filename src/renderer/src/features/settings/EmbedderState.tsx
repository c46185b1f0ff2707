import { useAppStore } from '../../store/StoreContext'

/** Whether the local embedding model is there, and what that means for search. */
export function EmbedderState() {
  const info = useAppStore((s) => s.settings.info)
  if (!info) return null
  const { embedder } = info
  return (
    <div className="field" data-embedder-state={embedder.state}>
      <span className="field-label">Embedding model</span>
      {embedder.state === 'ready' ? (
        <span className="status-line ok">
          Ready — {embedder.id ?? 'local model'}; search is semantic + keyword.
        </span>
      ) : (
        <>
          <span className="status-line warn">
            {embedder.state === 'missing' ? 'Missing' : 'Could not load'} — search is keyword-only.
          </span>
          <span className="field-help">
            {embedder.message} To get it, run <code>npm run fetch-model</code> once on a computer
            with internet access
            {embedder.modelDir ? (
              <>
                , or copy it into <code>{embedder.modelDir}</code>
              </>
            ) : null}
            ; missing vectors are computed when it appears.
          </span>
        </>
      )}
      <span className="field-help muted">
        Data folder: {info.dataDir} · version {info.version}
      </span>
    </div>
  )
}
