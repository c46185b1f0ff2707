/**
 * Accents in keyword analysis: repaired where PDFs split them off, folded away in index terms.
 */

/** Spacing accents and the combining marks they stand for. */
const COMBINING: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '\u0060': '\u0300', // ` grave
  '\u02dc': '\u0303', // ˜ tilde
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02c6': '\u0302', // ˆ circumflex
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u02d8': '\u0306', // ˘ breve
  '\u02c7': '\u030c', // ˇ caron
  '\u02dd': '\u030b', // ˝ double acute
  '\u02da': '\u030a' // ˚ ring
}
const SPACING_ACCENT =
  /([\u00b4\u0060\u02dc\u00b8\u02c6\u00a8\u02d8\u02c7\u02dd\u02da])\s?([\p{L}])/gu

/**
 * Puts back the accents that LaTeX-made PDFs set as separate characters before their letter
 * ("distribu´ıdo" → "distribuído", "codifica¸c˜ao" → "codificação"); other text is unchanged.
 * @remarks Run before NFKC, which would turn each spacing accent into a space and a mark.
 */
export function repairAccents(text: string): string {
  if (!/[\u00b4\u0060\u02dc\u00b8\u02c6\u00a8\u02d8\u02c7\u02dd\u02da]/u.test(text)) return text
  return text
    .replace(SPACING_ACCENT, (_, accent: string, letter: string) => {
      const base = letter === 'ı' ? 'i' : letter
      return `${base}${COMBINING[accent]!}`.normalize('NFC')
    })
    .replace(/ı/gu, 'i')
}

/** A word without its diacritics ("codificação" → "codificacao"). */
export function foldAccents(word: string): string {
  return /[^ -~]/u.test(word) ? word.normalize('NFD').replace(/\p{M}+/gu, '') : word
}
