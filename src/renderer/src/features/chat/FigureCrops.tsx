import { useEffect, useState } from 'react'
import { chunkKindOf } from '../../../../shared/retrieval'
import type { Citation } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { figureName } from './figureName'
import { useAppStore } from '../../store/StoreContext'

/** Width in pixels of a figure's crop in the chat. */
const CROP_WIDTH = 240

/**
 * Small crops of the figures and tables an answer cites, each opening its page in the viewer
 * with the region highlighted.
 */
export function FigureCrops({ citations }: { citations: Citation[] }) {
  const figures = citations.filter(
    (c) => ['figure', 'table'].includes(chunkKindOf(c)) && c.region && c.region.width < 1
  )
  if (figures.length === 0) return null
  return (
    <div className="figure-crops">
      {figures.map((c) => (
        <FigureCrop key={c.number} citation={c} />
      ))}
    </div>
  )
}

function FigureCrop({ citation }: { citation: Citation }) {
  const { t } = useTranslation()
  const fetchRegionImage = useAppStore((s) => s.fetchRegionImage)
  const openCitation = useAppStore((s) => s.openCitation)
  const [src, setSrc] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    let stale = false
    void fetchRegionImage(citation, CROP_WIDTH * 2).then((url) => {
      if (!stale) setSrc(url)
    })
    return () => {
      stale = true
    }
  }, [citation, fetchRegionImage])
  const label = figureName(citation.snippet, chunkKindOf(citation), t)
  return (
    <button
      type="button"
      className="figure-crop"
      data-citation={citation.number}
      aria-label={t('chat.figureLabel', {
        number: citation.number,
        label,
        title: citation.title,
        page: citation.page
      })}
      onClick={() => openCitation(citation)}
    >
      {src ? (
        <img src={src} alt="" width={CROP_WIDTH} />
      ) : (
        <span className="figure-crop-missing">
          {src === null ? t('chat.figureFailed') : t('chat.figureDrawing')}
        </span>
      )}
      <span className="figure-crop-label">
        {t('chat.figureCaption', { number: citation.number, label, page: citation.page })}
      </span>
    </button>
  )
}
