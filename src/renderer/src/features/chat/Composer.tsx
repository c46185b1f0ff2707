import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** The question box: Enter sends, Shift+Enter starts a new line. */
export function Composer() {
  const ask = useAppStore((s) => s.ask)
  const running = useAppStore((s) => s.chat.turns.some((t) => t.status === 'running'))
  const [text, setText] = useState('')
  const { t } = useTranslation()
  const send = (): void => {
    if (!text.trim() || running) return
    void ask(text)
    setText('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      send()
    }
  }
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      <textarea
        id="question"
        aria-label={t('chat.question')}
        placeholder={t('chat.placeholder')}
        value={text}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={!text.trim() || running}>
        {t('chat.ask')}
      </button>
    </form>
  )
}
