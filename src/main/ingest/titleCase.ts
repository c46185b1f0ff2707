const SMALL =
  /^(?:a|an|and|as|at|but|by|for|from|in|into|nor|of|on|or|over|the|to|via|vs\.?|with|without)$/i

/**
 * A title as printed, unless it is set in capitals: then it is title-cased, keeping the
 * spelling the paper itself uses for its acronyms and names ("LORA" -> "LoRA", "BERT").
 * @remarks `body` is the rest of the first page; a word found there with capitals inside it
 * (BERT, LoRA, GPT-3) is kept in that form, any other word is capitalised, small words lowered.
 */
export function sensibleTitleCase(title: string, body: string): string {
  const letters = title.replace(/[^\p{L}]/gu, '')
  if (letters.length < 4 || letters !== letters.toUpperCase()) return title
  const forms = bodyForms(body)
  let first = true
  return title
    .split(/(\s+)/)
    .map((token) => {
      if (/^\s+$/.test(token)) return token
      const out = token
        .split('-')
        .map((part, i) => caseWord(part, forms, first || i > 0))
        .join('-')
      first = /[:.?!]$/.test(token)
      return out
    })
    .join('')
}

function caseWord(word: string, forms: Map<string, string>, capitalise: boolean): string {
  const m = /^([^\p{L}\p{N}]*)([\p{L}\p{N}'’]+)(.*)$/u.exec(word)
  if (!m) return word
  const [, pre, core, post] = m as unknown as [string, string, string, string]
  const known = forms.get(core.toLowerCase())
  let out: string
  if (known) out = known
  else if (!capitalise && SMALL.test(core)) out = core.toLowerCase()
  else out = core.charAt(0) + core.slice(1).toLowerCase()
  return pre + out + post
}

/** Words of the text with capitals after their first letter, keyed by their lower case. */
function bodyForms(body: string): Map<string, string> {
  const forms = new Map<string, string>()
  for (const line of body.split('\n')) {
    // A line in capitals throughout is a heading ("1 INTRODUCTION"), not acronyms.
    if (!/\p{Ll}/u.test(line)) continue
    for (const w of line.match(/[\p{L}\p{N}'’]+/gu) ?? []) {
      if (w.length < 2 || !/\p{Lu}/u.test(w.slice(1))) continue
      const key = w.toLowerCase()
      // The mixed-case spelling wins over capitals (LoRA over LORA in a heading-like line).
      if (!forms.has(key) || /\p{Ll}/u.test(w)) forms.set(key, w)
    }
  }
  return forms
}
