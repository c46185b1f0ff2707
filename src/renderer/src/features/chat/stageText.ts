import type { Stage } from '../../store/chatSlice'

/** The live stage line: "searching 'scaled dot-product attention'", "checking the answer". */
export function stageText(stage: Stage | null): string {
  if (!stage) return 'starting'
  const detail = stage.detail.trim()
  switch (stage.stage) {
    case 'rewriting':
      return 'rewriting the question for search'
    case 'searching':
      return detail ? `searching ‘${detail.replace(/^["'‘]|["'’]$/g, '')}’` : 'searching the papers'
    case 'reading':
      return detail ? `reading ${detail}` : 'reading a section'
    case 'drafting':
      return 'drafting the answer'
    case 'checking':
      return 'checking the answer'
    case 'revising':
      return 'revising the answer'
  }
}
