import { useState, type SyntheticEvent } from 'react'
import type { Citation } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

const CARD_WIDTH = 340

/** Shortens a snippet for the hover card. */
function clip(text: string, max = 320): string {
  const t = text.replace(/\s+/g, ' ').trim()
  return t.length > max ? `${t.slice(0, max).replace(/\s\S*$/, '')}…` : t
}

/**
 * A numbered citation chip: hover or focus shows the paper, page and snippet; a click opens
 * the viewer at the cited page with the snippet highlighted. A citation of a paper removed
 * since the answer was saved stays a chip, and says so instead of opening nothing.
 */
export function CitationChip({ citation }: { citation: Citation }) {
  const openCitation = useAppStore((s) => s.openCitation)
  const [hover, setHover] = useState<string | null>(null)
  const { t } = useTranslation()
  // Opens the card on the side of the chip that has room, inside the scrolling chat.
  const show = (e: SyntheticEvent<HTMLElement>): void => {
    const chip = e.currentTarget.getBoundingClientRect()
    const pane = e.currentTarget.closest('.chat-log')?.getBoundingClientRect()
    const right = pane ? pane.right : window.innerWidth
    const bottom = pane ? pane.bottom : window.innerHeight
    const x = chip.left + CARD_WIDTH > right - 8 ? 'align-right' : 'align-left'
    const y = chip.bottom + 220 > bottom && chip.top - 220 > (pane?.top ?? 0) ? 'above' : 'below'
    setHover(`${x} ${y}`)
  }
  const removed = citation.paperRemoved === true
  return (
    <span className="chip-wrap" onMouseEnter={show} onMouseLeave={() => setHover(null)}>
      <button
        type="button"
        className={removed ? 'chip chip-removed' : 'chip'}
        data-removed={removed || undefined}
        data-citation={citation.number}
        data-paper-id={citation.paperId}
        data-page={citation.page}
        data-snippet={citation.snippet}
        data-kind={citation.kind ?? 'text'}
        aria-label={
          citation.kind && citation.kind !== 'text' && !removed
            ? t('chat.chipLabelKind', {
                number: citation.number,
                title: citation.title,
                page: citation.page,
                kind: t(`chat.kinds.${citation.kind}`)
              })
            : t(removed ? 'threads.chipRemovedLabel' : 'chat.chipLabel', {
                number: citation.number,
                title: citation.title,
                page: citation.page
              })
        }
        onFocus={show}
        onBlur={() => setHover(null)}
        onClick={() => {
          if (!removed) openCitation(citation)
        }}
      >
        {citation.number}
        {citation.kind === 'ocr' && <span className="chip-kind">{t('chat.kinds.ocr')}</span>}
      </button>
      {hover && (
        <span className={`hover-card ${hover}`} role="tooltip">
          <span className="hover-card-title">{citation.title}</span>
          <span className="hover-card-page">
            {t('chat.cardPage', { page: citation.page })}
            {citation.kind && citation.kind !== 'text' && (
              <span className="kind-badge" data-kind={citation.kind}>
                {t(`chat.kinds.${citation.kind}`)}
              </span>
            )}
          </span>
          <span className="hover-card-snippet">“{clip(citation.snippet)}”</span>
          <span className="hover-card-hint">
            {t(removed ? 'threads.cardRemoved' : 'chat.cardHint')}
          </span>
        </span>
      )}
    </span>
  )
}
