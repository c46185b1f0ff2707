import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react'
import { chunkKindOf } from '../../../../shared/retrieval'
import type { Citation } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { CopyPassageLink } from '../../components/CopyPassageLink'
import { CopyReference } from '../../components/CopyReference'

/** The gap kept between a hover card and the window's edges or its chip. */
const MARGIN = 8

/** How long the card stays after the pointer leaves, so it can cross the gap to the card. */
const CLOSE_DELAY_MS = 250

/** Shortens a snippet for the hover card. */
function clip(text: string, max = 320): string {
  const t = text.replace(/\s+/g, ' ').trim()
  return t.length > max ? `${t.slice(0, max).replace(/\s\S*$/, '')}…` : t
}

/**
 * Where a card of `card` size goes for a chip at `chip`: below it, or above when there is no
 * room below; shifted sideways so it stays inside a `view`-sized window.
 */
export function placeCard(
  chip: { left: number; top: number; bottom: number },
  card: { width: number; height: number },
  view: { width: number; height: number }
): { left: number; top: number } {
  const left = Math.min(Math.max(MARGIN, chip.left), view.width - card.width - MARGIN)
  const below = chip.bottom + MARGIN
  const above = chip.top - MARGIN - card.height
  const top =
    below + card.height <= view.height - MARGIN || above < MARGIN
      ? Math.min(below, view.height - card.height - MARGIN)
      : above
  return { left: Math.max(MARGIN, left), top: Math.max(MARGIN, top) }
}

/**
 * Whether the pointer or focus is on the chip or its card; turning it off waits CLOSE_DELAY_MS,
 * and turning it on again meanwhile keeps the card.
 */
function useLingeringHover(): [boolean, (on: boolean) => void] {
  const [hover, setHoverNow] = useState(false)
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null)
  const closeNow = useRef(() => setHoverNow(false))
  const setHover = (on: boolean): void => {
    if (closing.current) clearTimeout(closing.current)
    closing.current = null
    if (on) {
      // One card at a time: the pointer on another chip closes a focused chip's card.
      if (shownCard && shownCard !== closeNow.current) shownCard()
      shownCard = closeNow.current
      setHoverNow(true)
    } else closing.current = setTimeout(() => setHoverNow(false), CLOSE_DELAY_MS)
  }
  useEffect(() => {
    const mine = closeNow.current
    return () => {
      if (closing.current) clearTimeout(closing.current)
      if (shownCard === mine) shownCard = null
    }
  }, [])
  return [hover, setHover]
}

/** Closes the hover card shown now, if any. */
let shownCard: (() => void) | null = null

/** The hover card: the paper, page, kind and snippet, with a link to copy the passage. */
function HoverCard({
  ref,
  citation,
  place,
  removed
}: {
  ref: Ref<HTMLSpanElement>
  citation: Citation
  place: { left: number; top: number } | null
  removed: boolean
}) {
  const { t } = useTranslation()
  const kind = chunkKindOf(citation)
  return (
    <span
      ref={ref}
      className="hover-card"
      role="tooltip"
      style={place ? { left: place.left, top: place.top } : { visibility: 'hidden' }}
    >
      <span className="hover-card-title">{citation.title}</span>
      <span className="hover-card-page">
        {t('chat.cardPage', { page: citation.page })}
        {kind !== 'text' && (
          <span className="kind-badge" data-kind={kind}>
            {t(`chat.kinds.${kind}`)}
          </span>
        )}
      </span>
      <span className="hover-card-snippet">“{clip(citation.snippet)}”</span>
      <span className="hover-card-hint">
        {t(removed ? 'threads.cardRemoved' : 'chat.cardHint')}
      </span>
      {!removed && (
        <span className="hover-card-actions">
          <CopyPassageLink
            paperId={citation.paperId}
            page={citation.page}
            quote={citation.snippet}
          />
          <CopyReference paperId={citation.paperId} />
        </span>
      )}
    </span>
  )
}

/**
 * A numbered citation chip: hover or focus shows the paper, page and snippet; a click opens
 * the viewer at the cited page with the snippet highlighted. The chip of the passage the
 * viewer shows is marked. A citation of a paper removed since the answer was saved stays a
 * chip, and says so instead of opening nothing.
 * @remarks With `children`, the button shows them instead of the bare number and takes the
 * `source-open` class instead of `chip`: a row of the source list behaves as its chip does
 * (same card, same click, same marking) without counting as a chip of the answer's text.
 */
export function CitationChip({ citation, children }: { citation: Citation; children?: ReactNode }) {
  const openCitation = useAppStore((s) => s.openCitation)
  const isOpen = useAppStore(
    (s) =>
      s.viewer.open &&
      s.viewer.paperId === citation.paperId &&
      s.viewer.highlight?.page === citation.page &&
      s.viewer.highlight.snippet === citation.snippet
  )
  const [hover, setHover] = useLingeringHover()
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null)
  const chipRef = useRef<HTMLButtonElement>(null)
  const cardRef = useRef<HTMLSpanElement>(null)
  const { t } = useTranslation()

  // The card is fixed to the window and measured once drawn, so no pane edge clips it.
  useLayoutEffect(() => {
    if (!hover || !chipRef.current || !cardRef.current) return setPlace(null)
    const chip = chipRef.current.getBoundingClientRect()
    const card = cardRef.current.getBoundingClientRect()
    setPlace(placeCard(chip, card, { width: window.innerWidth, height: window.innerHeight }))
  }, [hover])

  const kind = chunkKindOf(citation)
  const label =
    kind !== 'text'
      ? t('chat.chipLabelKind', {
          number: citation.number,
          title: citation.title,
          page: citation.page,
          kind: t(`chat.kinds.${kind}`)
        })
      : t('chat.chipLabel', {
          number: citation.number,
          title: citation.title,
          page: citation.page
        })
  const removed = citation.paperRemoved === true
  return (
    <span
      className="chip-wrap"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHover(false)
      }}
    >
      <button
        ref={chipRef}
        type="button"
        className={`${children ? 'source-open' : 'chip'}${isOpen ? ' chip-open' : ''}${removed ? ' chip-removed' : ''}`}
        data-removed={removed || undefined}
        data-citation={citation.number}
        data-paper-id={citation.paperId}
        data-page={citation.page}
        data-snippet={citation.snippet}
        data-kind={kind}
        aria-label={
          removed
            ? t('threads.chipRemovedLabel', {
                number: citation.number,
                title: citation.title,
                page: citation.page
              })
            : isOpen
              ? `${label} (${t('chat.chipOpen')})`
              : label
        }
        aria-current={isOpen ? 'true' : undefined}
        onClick={() => {
          if (!removed) openCitation(citation)
        }}
      >
        {children ?? (
          <>
            {citation.number}
            {kind === 'ocr' && <span className="chip-kind">{t('chat.kinds.ocr')}</span>}
          </>
        )}
      </button>
      {hover && <HoverCard ref={cardRef} citation={citation} place={place} removed={removed} />}
    </span>
  )
}
