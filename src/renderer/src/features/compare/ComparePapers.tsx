import { useMemo, useState } from 'react'
import type { Paper } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { usePagedRows } from '../library/usePagedRows'

/** Rows of the picker at first; scrolling (or "show more") adds as many again. */
const ROWS = 100

/** Lower case without accents, so "Atencao" finds "Atenção". */
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Every word of `query` in the paper's title, authors or year. */
function matches(paper: Paper, words: string[]): boolean {
  const text = fold(`${paper.title} ${paper.authors.join(' ')} ${paper.year ?? ''}`)
  return words.every((w) => text.includes(w))
}

export interface ComparePapersProps {
  papers: Paper[]
  chosen: string[]
  toggle: (id: string) => void
  clear: () => void
}

/**
 * The comparison's paper picker: searchable by title, author or year, the chosen papers first,
 * and a page of rows at a time so a library of 10,000 papers draws as fast as one of ten.
 */
export function ComparePapers({ papers, chosen, toggle, clear }: ComparePapersProps) {
  const [query, setQuery] = useState('')
  const { t } = useTranslation()
  const words = fold(query).split(/\s+/).filter(Boolean)
  // The order is taken when the search changes, not on every tick, so a row does not jump away
  // from the pointer when it is checked.
  const [picked] = useState(() => new Set(chosen))
  const shown = useMemo(() => {
    const found = words.length ? papers.filter((p) => matches(p, words)) : papers
    return [...found.filter((p) => picked.has(p.id)), ...found.filter((p) => !picked.has(p.id))]
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [papers, query, picked])
  const { rows, more, hasMore, nextPage, listRef, moreRef } = usePagedRows(
    shown.length,
    query,
    ROWS
  )
  return (
    <>
      <span className="compare-picker-head">
        <input
          type="search"
          className="compare-picker-search"
          aria-label={t('compare.findPapers')}
          placeholder={t('compare.findPapers')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="small muted" role="status">
          {t('compare.chosenCount', { count: chosen.length })}
        </span>
        {chosen.length > 0 && (
          <button type="button" className="btn btn-small btn-quiet" onClick={clear}>
            {t('compare.clearChosen')}
          </button>
        )}
      </span>
      <ul className="compare-picker" aria-label={t('compare.pickerLabel')} ref={listRef}>
        {shown.slice(0, rows).map((p) => (
          <li key={p.id}>
            <label className="compare-paper-option">
              <input
                type="checkbox"
                checked={chosen.includes(p.id)}
                onChange={() => toggle(p.id)}
              />
              <span>{p.title}</span>
            </label>
          </li>
        ))}
        {hasMore && (
          <li className="paper-list-more" ref={moreRef}>
            <button type="button" className="btn btn-small btn-quiet" onClick={nextPage}>
              {t('library.showMore', { count: more })}
            </button>
          </li>
        )}
      </ul>
      {words.length > 0 && shown.length === 0 && (
        <p className="muted small">{t('compare.noPaperMatch', { query })}</p>
      )}
    </>
  )
}
