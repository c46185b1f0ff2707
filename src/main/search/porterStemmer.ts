/**
 * The Porter (1980) suffix-stripping stemmer for English.
 * @remarks The classic algorithm BM25 systems pair with: `position`, `positional` and
 * `positions` all become `posit`; `encode`, `encoding`, `encoder` become `encod`.
 */

const isCons = (w: string, i: number): boolean => {
  const c = w[i]!
  if ('aeiou'.includes(c)) return false
  if (c === 'y') return i === 0 || !isCons(w, i - 1)
  return true
}

/** m: the number of vowel-consonant sequences in `w`. */
function measure(w: string): number {
  let m = 0
  let i = 0
  const n = w.length
  while (i < n && isCons(w, i)) i++
  while (i < n) {
    while (i < n && !isCons(w, i)) i++
    if (i >= n) break
    while (i < n && isCons(w, i)) i++
    m++
  }
  return m
}

const hasVowel = (w: string): boolean => [...w].some((_, i) => !isCons(w, i))
const doubleCons = (w: string): boolean =>
  w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isCons(w, w.length - 1)
/** Ends consonant-vowel-consonant, the last not w, x or y. */
const cvc = (w: string): boolean => {
  const n = w.length
  return (
    n >= 3 &&
    isCons(w, n - 3) &&
    !isCons(w, n - 2) &&
    isCons(w, n - 1) &&
    !'wxy'.includes(w[n - 1]!)
  )
}

function replace(w: string, rules: [string, string][], minMeasure: number): string {
  for (const [suffix, by] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length)
      return measure(stem) > minMeasure ? stem + by : w
    }
  }
  return w
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log']
]
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', '']
]
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize'
]

/** The Porter stem of a lowercase word. */
export function porterStem(word: string): string {
  if (word.length <= 2) return word
  let w = word
  // Step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('ies')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  // Step 1b
  let extra = false
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1)
  } else if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2)
    extra = true
  } else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3)
    extra = true
  }
  if (extra) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e'
    else if (doubleCons(w) && !'lsz'.includes(w[w.length - 1]!)) w = w.slice(0, -1)
    else if (measure(w) === 1 && cvc(w)) w += 'e'
  }
  // Step 1c
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i'
  w = replace(w, STEP2, 0)
  w = replace(w, STEP3, 0)
  // Step 4
  for (const suffix of STEP4) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length)
      if (measure(stem) > 1 && (suffix !== 'ion' || /[st]$/.test(stem))) w = stem
      break
    }
  }
  // Step 5
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1)
    const m = measure(stem)
    if (m > 1 || (m === 1 && !cvc(stem))) w = stem
  }
  if (measure(w) > 1 && doubleCons(w) && w.endsWith('l')) w = w.slice(0, -1)
  return w
}
