import { useState, type Ref } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Chooses the papers a conversation is limited to (none checked: every paper). */
export function ScopePicker({ onClose, ref }: { onClose: () => void; ref?: Ref<HTMLDivElement> }) {
  const all = useAppStore((s) => s.library.papers)
  const papers = all.filter((p) => p.status === 'indexed')
  const scope = useAppStore((s) => s.threads.current?.scope ?? s.threads.pendingScope)
  const setScope = useAppStore((s) => s.setThreadScope)
  const { t } = useTranslation()
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(scope ?? []))
  const toggle = (id: string): void => {
    const next = new Set(chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setChosen(next)
  }
  return (
    <div
      ref={ref}
      className="popover scope-picker"
      role="dialog"
      aria-label={t('threads.scopeLabel')}
    >
      <p className="small muted">{t('threads.scopeHelp')}</p>
      <ul>
        {papers.map((p) => (
          <li key={p.id}>
            <label>
              <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} />{' '}
              {p.title || p.id}
            </label>
          </li>
        ))}
      </ul>
      <div className="notice-buttons">
        <button
          type="button"
          className="btn btn-small btn-primary"
          onClick={() => {
            void setScope(chosen.size ? [...chosen] : null)
            onClose()
          }}
        >
          {t('threads.apply')}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>
          {t('paper.cancel')}
        </button>
      </div>
    </div>
  )
}
