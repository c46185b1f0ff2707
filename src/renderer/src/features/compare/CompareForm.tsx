import { useState, type FormEvent } from 'react'
import { uiLanguage, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ComparePapers } from './ComparePapers'

/**
 * Picks papers (one by one, or a collection's) and writes questions (and an optional claim) for
 * a new comparison. Opened from a conversation, its papers start checked and the comparison is
 * saved with that conversation; otherwise the library's selection, or the collection it shows.
 */
export function CompareForm() {
  const papers = useAppStore((s) => s.library.papers)
  const collections = useAppStore((s) => s.organize.collections)
  const draft = useAppStore((s) => s.compare.draft)
  const threadTitle = useAppStore(
    (s) => s.threads.list.find((t) => t.id === s.compare.draft?.threadId)?.title ?? ''
  )
  const createComparison = useAppStore((s) => s.createComparison)
  const { t } = useTranslation()
  const selected = useAppStore((s) => s.organize.selected)
  const shownCollection = useAppStore((s) => s.organize.collectionId)
  const indexed = papers.filter((p) => p.status === 'indexed')
  // It starts from what the researcher was looking at: the conversation's papers, else the
  // papers selected in the library, else the collection shown there.
  const [start] = useState(() => {
    const ready = (ids: readonly string[]): string[] =>
      ids.filter((id) => indexed.some((p) => p.id === id))
    if (draft) return { ids: ready(draft.paperIds), collectionId: '' }
    if (selected.length) return { ids: ready(selected), collectionId: '' }
    if (shownCollection)
      return {
        ids: indexed.filter((p) => p.collectionIds.includes(shownCollection)).map((p) => p.id),
        collectionId: shownCollection
      }
    return { ids: [], collectionId: '' }
  })
  const [chosen, setChosen] = useState<string[]>(start.ids)
  const [collectionId, setCollectionId] = useState(start.collectionId)
  const [questions, setQuestions] = useState('')
  const [claim, setClaim] = useState('')
  const [hint, setHint] = useState(false)
  const toggle = (id: string): void => {
    // Changing the papers by hand makes it a selection, no longer the collection.
    setCollectionId('')
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]))
  }
  const pickCollection = (id: string): void => {
    setCollectionId(id)
    if (id) setChosen(indexed.filter((p) => p.collectionIds.includes(id)).map((p) => p.id))
  }
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
      ...(collectionId ? { collectionId } : { paperIds: chosen }),
      ...(draft?.threadId && { threadId: draft.threadId }),
      questions: lines,
      claims: claim.trim() ? [claim.trim()] : [],
      uiLanguage: uiLanguage()
    })
  }
  return (
    <form className="compare-form" onSubmit={submit}>
      <h2>{t('compare.new')}</h2>
      {draft?.threadId && (
        <p className="compare-origin" data-thread-id={draft.threadId}>
          {t('compare.forThread', { title: threadTitle || t('threads.untitled') })}
        </p>
      )}
      <fieldset>
        <legend>{t('compare.papers')}</legend>
        {indexed.length === 0 && <p className="muted">{t('compare.noPapers')}</p>}
        {collections.length > 0 && indexed.length > 0 && (
          <label className="compare-field compare-collection">
            <span>{t('compare.fromCollection')}</span>
            <select value={collectionId} onChange={(e) => pickCollection(e.target.value)}>
              <option value="">{t('compare.byHand')}</option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('compare.collectionOption', { name: c.name, count: c.count })}
                </option>
              ))}
            </select>
          </label>
        )}
        {indexed.length > 0 && (
          <ComparePapers
            papers={indexed}
            chosen={chosen}
            toggle={toggle}
            clear={() => {
              setCollectionId('')
              setChosen([])
            }}
          />
        )}
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
