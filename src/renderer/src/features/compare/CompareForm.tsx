import { useState, type FormEvent } from 'react'
import { uiLanguage, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Picks papers and writes questions (and an optional claim) for a new comparison. */
export function CompareForm() {
  const papers = useAppStore((s) => s.library.papers)
  const createComparison = useAppStore((s) => s.createComparison)
  const { t } = useTranslation()
  const indexed = papers.filter((p) => p.status === 'indexed')
  const [chosen, setChosen] = useState<string[]>([])
  const [questions, setQuestions] = useState('')
  const [claim, setClaim] = useState('')
  const [hint, setHint] = useState(false)
  const toggle = (id: string): void =>
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]))
  const lines = questions
    .split('\n')
    .map((q) => q.trim())
    .filter(Boolean)
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    if (!chosen.length || (!lines.length && !claim.trim())) {
      setHint(true)
      return
    }
    setHint(false)
    void createComparison({
      paperIds: chosen,
      questions: lines,
      claims: claim.trim() ? [claim.trim()] : [],
      uiLanguage: uiLanguage()
    })
  }
  return (
    <form className="compare-form" onSubmit={submit}>
      <h2>{t('compare.new')}</h2>
      <fieldset>
        <legend>{t('compare.papers')}</legend>
        {indexed.length === 0 && <p className="muted">{t('compare.noPapers')}</p>}
        {indexed.map((p) => (
          <label key={p.id} className="compare-paper-option">
            <input type="checkbox" checked={chosen.includes(p.id)} onChange={() => toggle(p.id)} />
            <span>{p.title}</span>
          </label>
        ))}
      </fieldset>
      <label className="compare-field">
        <span>{t('compare.questions')}</span>
        <textarea
          rows={4}
          value={questions}
          placeholder={t('compare.questionsPlaceholder')}
          onChange={(e) => setQuestions(e.target.value)}
        />
      </label>
      <label className="compare-field">
        <span>{t('compare.claim')}</span>
        <input
          type="text"
          value={claim}
          placeholder={t('compare.claimPlaceholder')}
          onChange={(e) => setClaim(e.target.value)}
        />
      </label>
      {hint && <p className="compare-hint">{t('compare.needPapers')}</p>}
      <button type="submit" className="btn btn-primary">
        {t('compare.start')}
      </button>
    </form>
  )
}
