import { ErrorMessage } from '../../components/ErrorMessage'
import { Trans, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Whether the local embedding model is there, and what that means for search. */
export function EmbedderState() {
  const info = useAppStore((s) => s.settings.info)
  const { t } = useTranslation()
  if (!info) return null
  const { embedder } = info
  return (
    <div className="field" data-embedder-state={embedder.state}>
      <span className="field-label">{t('settings.embedder')}</span>
      {embedder.state === 'ready' ? (
        <span className="status-line ok">
          {t('settings.embedderReady', { id: embedder.id ?? t('settings.localModel') })}
        </span>
      ) : (
        <>
          <span className="status-line warn">
            {embedder.state === 'missing'
              ? t('settings.embedderMissing')
              : t('settings.embedderError')}
          </span>
          <ErrorMessage error={embedder} />
          <span className="field-help">
            <Trans
              t={t}
              i18nKey={embedder.modelDir ? 'settings.embedderHelpDir' : 'settings.embedderHelp'}
              values={{ dir: embedder.modelDir ?? '' }}
              components={{ code: <code /> }}
            />
          </span>
        </>
      )}
      <span className="field-help muted">
        {t('settings.dataFolder', { dir: info.dataDir, version: info.version })}
      </span>
    </div>
  )
}
