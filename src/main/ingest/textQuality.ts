/**
 * Fewer letters and digits than this on a page means it has no usable text layer.
 * @remarks Calibrated on PDF.js's own test files: a scan with a stray 5-character text layer is
 * refused, a 3-page document with 42 characters is kept.
 */
export const MIN_CHARS_PER_PAGE = 10

/** Letters and digits in a text. */
export function letterCount(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0
}

/**
 * True when a page's text layer is too thin or too garbled to use, so OCR should read it.
 * @remarks Garbled layers come from fonts without a Unicode map: runs of private-use or
 * replacement characters, or "words" that are mostly symbols. Real pages (maths and tables of
 * numbers included) keep most of their tokens word- or number-like; a page is garbage only when
 * fewer than a quarter of its tokens are, or more than a tenth of its characters are unmappable.
 */
export function needsOcr(text: string): boolean {
  const letters = letterCount(text)
  if (letters < MIN_CHARS_PER_PAGE) return true
  const visible = text.replace(/\s+/g, '')
  // Private-use and replacement characters: glyphs the font never mapped to Unicode.
  const unmapped = visible.match(/[\uE000-\uF8FF\uFFFD]/g)?.length ?? 0
  if (unmapped > visible.length * 0.1) return true
  const tokens = text.split(/\s+/).filter(Boolean)
  if (tokens.length < 20) return false
  // Words, and numbers (a page of a results table is mostly numbers, and reads fine).
  const wordLike = tokens.filter((t) =>
    /^[^\p{L}\p{N}]{0,2}(\p{L}{2,}|[\p{N}.,%±]+)[^\p{L}]{0,3}$/u.test(t)
  ).length
  return wordLike < tokens.length * 0.25
}
