import { useState } from 'react'
import { useAppStore } from '../../store/StoreContext'

/** Chooses the papers a conversation is limited to (none checked: every paper). */
export function ScopePicker({ onClose }: { onClose: () => void }) {
  const papers = useAppStore((s) => s.library.papers.filter((p) => p.status === 'indexed'))
  const scope = useAppStore((s) => s.threads.current?.scope ?? s.threads.pendingScope)
  const setScope = useAppStore((s) => s.setThreadScope)
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(scope ?? []))
  const toggle = (id: string): void => {
    const next = new Set(chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setChosen(next)
  }
  return (
    <div className="popover scope-picker" role="dialog" aria-label="Papers for this conversation">
      <p className="small muted">Limit this conversation to some papers, or leave all unchecked.</p>
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
          Apply
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  )
}
