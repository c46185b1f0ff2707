import type { TFunction } from '../../i18n'
import type { Stage } from '../../store/chatSlice'

/** The live stage line: "searching 'scaled dot-product attention'", "checking the answer". */
export function stageText(stage: Stage | null, t: TFunction): string {
  if (!stage) return t('stage.starting')
  const detail = stage.detail.trim()
  switch (stage.stage) {
    case 'rewriting':
      return t('stage.rewriting')
    case 'searching':
      return detail
        ? t('stage.searching', { query: detail.replace(/^["'‘]|["'’]$/g, '') })
        : t('stage.searchingPapers')
    case 'reading':
      return detail ? t('stage.reading', { what: detail }) : t('stage.readingSection')
    case 'drafting':
      return t('stage.drafting')
    case 'checking':
      return t('stage.checking')
    case 'revising':
      return t('stage.revising')
  }
}
