import { detect } from 'jschardet'

/** A file's text and the encoding it was read in (WHATWG label, e.g. `utf-8`, `windows-1252`). */
export interface DecodedText {
  text: string
  encoding: string
}

/** jschardet's names -> TextDecoder labels, for the encodings reference managers write. */
const LABELS: Record<string, string> = {
  ascii: 'utf-8',
  'utf-8': 'utf-8',
  'iso-8859-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  'iso-8859-2': 'iso-8859-2',
  'windows-1250': 'windows-1250',
  'iso-8859-15': 'iso-8859-15',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'mac-roman': 'macintosh'
}

/**
 * Decodes a text file whose encoding nobody wrote down: a byte-order mark wins, then strict
 * UTF-8, then what jschardet guesses (windows-1252 for the Latin-1 family, which WHATWG treats
 * as one), decoding with `TextDecoder`.
 * @remarks The only import of jschardet. Valid UTF-8 is taken as UTF-8 before any guess, since
 * detectors misjudge short accented files; latin-1 is read as windows-1252 (its superset, as
 * browsers do), so curly quotes and dashes from Word come through.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' }
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    // not UTF-8: guess below
  }
  const sample = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 256 * 1024))
  const found = detect(sample)
  // A weak guess on a short file is noise (Portuguese reads as Hungarian 1250): the Latin-1
  // family is then the likely one for an accented Western bibliography.
  const guess = found.confidence >= 0.5 ? (found.encoding?.toLowerCase() ?? '') : ''
  // Text without a BOM that has a zero byte in every other position is UTF-16 too.
  const label = utf16Without(bytes) ?? LABELS[guess] ?? 'windows-1252'
  const text = new TextDecoder(label).decode(bytes)
  return { text: label === 'windows-1252' ? windows1252C1(text) : text, encoding: label }
}

/** windows-1252's letters at 0x80–0x9f (quotes, dashes, Œ, €), by their byte. */
const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

/**
 * Node 20's TextDecoder reads `windows-1252` as ISO-8859-1 (0x80–0x9f become C1 controls;
 * Node 22, which Electron embeds, does not): put the code page's letters back.
 */
function windows1252C1(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!)
}

function utf16Without(bytes: Uint8Array): string | null {
  let even = 0
  let odd = 0
  const n = Math.min(bytes.length, 4096)
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0) continue
    if (i % 2) odd++
    else even++
  }
  if (odd > n / 4 && even === 0) return 'utf-16le'
  if (even > n / 4 && odd === 0) return 'utf-16be'
  return null
}
