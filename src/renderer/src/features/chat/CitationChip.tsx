import { useState } from 'react'
import type { Citation } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'

/** Shortens a snippet for the hover card. */
function clip(text: string, max = 320): string {
  const t = text.replace(/\s+/g, ' ').trim()
  return t.length > max ? `${t.slice(0, max).replace(/\s\S*$/, '')}…` : t
}

/**
 * A numbered citation chip: hover or focus shows the paper, page and snippet; a click opens
 * the viewer at the cited page with the snippet highlighted.
 */
export function CitationChip({ citation }: { citation: Citation }) {
  const openCitation = useAppStore((s) => s.openCitation)
  const [hover, setHover] = useState(false)
  return (
    <span
      className="chip-wrap"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
    >
      <button
        type="button"
        className="chip"
        data-citation={citation.number}
        data-paper-id={citation.paperId}
        data-page={citation.page}
        data-snippet={citation.snippet}
        aria-label={`Source ${citation.number}: ${citation.title}, page ${citation.page}`}
        onFocus={() => setHover(true)}
        onBlur={() => setHover(false)}
        onClick={() => openCitation(citation)}
      >
        {citation.number}
      </button>
      {hover && (
        <span className="hover-card" role="tooltip">
          <span className="hover-card-title">{citation.title}</span>
          <span className="hover-card-page">Page {citation.page}</span>
          <span className="hover-card-snippet">“{clip(citation.snippet)}”</span>
          <span className="hover-card-hint">Click to open the page</span>
        </span>
      )}
    </span>
  )
}
