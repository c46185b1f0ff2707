import type { TFunction } from '../../i18n'

/**
 * How the UI names a cited figure or table: "Figure 2" / "Figura 2", from the label its caption
 * starts with ("Figure 2:", "Fig. 2.", "Table 3|"), else by its kind alone ("Figure" / "Figura").
 * @remarks The paper's own word ("Fig.", "Table") is English whatever the UI language; the
 * number is the paper's, the word is the UI's.
 */
export function figureName(snippet: string, kind: string | undefined, t: TFunction): string {
  const m = /^(Figure|Fig\.|Table)\s*(\S+?)(?=[:.|])/i.exec(snippet)
  if (m) {
    const table = m[1]!.toLowerCase() === 'table'
    return t(table ? 'chat.tableNumbered' : 'chat.figureNumbered', { number: m[2] })
  }
  return kind === 'table' || kind === 'figure' ? t(`chat.kinds.${kind}`) : t('chat.kinds.figure')
}
