/**
 * The names a paper introduces, read from its abstract ("We propose a new simple network
 * architecture, the Transformer, …", "a new language representation model called BERT",
 * "we introduce RAG models", "um modelo denominado BERTimbau").
 * @remarks A question that names a model, method or dataset is best answered by the paper that
 * introduced it, yet many papers after it use the name on every page ("Transformer" is in most
 * of a modern NLP library) and the introducing paper's title need not carry it ("Attention Is
 * All You Need"). Abstracts announce what they introduce in a few fixed ways, in English and
 * Portuguese: a naming verb ("called", "named", "denominado"), or an introducing verb followed
 * by the name set off by a comma or a determiner. The name itself is told by typography: it is
 * capitalised, and when it stands right after the verb it has two capitals or a digit (RAG,
 * ALBERT, GPT-2), so "we introduce Hierarchical attention" is not read as a name.
 */

/** A name: a capitalised word, possibly hyphenated ("Sentence-BERT", "GPT-2", "T5"). */
const NAME = String.raw`(\p{Lu}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*)`
const INTRODUCE = String.raw`(?:(?:propose|introduce|present|develop|describe|release)s?|propomos|apresentamos|introduzimos|desenvolvemos|descrevemos)`
const WE = String.raw`(?:[Ww]e|[Tt]his (?:paper|work|article|thesis)|(?:[Ee]ste|[Nn]este|[Oo] presente) (?:trabalho|artigo|estudo))`

const PATTERNS: { re: RegExp; strict: boolean }[] = [
  // "... model called BERT", "denominado BERTimbau", "dubbed the Reformer"
  {
    re: new RegExp(
      String.raw`\b(?:called|named|dubbed|termed|coined|chamad[oa]s?|denominad[oa]s?|intitulad[oa]s?|batizad[oa]s?)\s+(?:as\s+|de\s+)?(?:the\s+|o\s+|a\s+)?${NAME}`,
      'gu'
    ),
    strict: false
  },
  // "We propose a new simple network architecture, the Transformer, based ..."
  {
    re: new RegExp(
      String.raw`\b${WE}\s+${INTRODUCE}\b[^.;:]{0,120}?,\s+(?:the|o|a)\s+${NAME}(?=\s*[,.;:)(]|\s+(?:which|that|based|for|to|is|que|para|baseado|baseada)\b)`,
      'gu'
    ),
    strict: false
  },
  // "we introduce RAG models", "We present SQuAD", "apresentamos o BERTimbau"
  {
    re: new RegExp(String.raw`\b${WE}\s+${INTRODUCE}\s+(?:the\s+|o\s+|a\s+)?${NAME}`, 'gu'),
    strict: true
  }
]

/** Two capitals, or a capital and a digit: an acronym-like name that can stand after a verb. */
const STRICT_NAME = /^(?=(?:.*\p{Lu}){2}|.*\p{N})/u
/** Capitalised words that start sentences or titles, never the name of a model. */
const NOT_NAMES = new Set([
  'A',
  'An',
  'The',
  'This',
  'These',
  'Our',
  'We',
  'O',
  'Os',
  'As',
  'Um',
  'Uma'
])

/** The names an abstract introduces, in order, each once. */
export function introducedNames(abstract: string): string[] {
  const text = abstract.replace(/\s+/gu, ' ')
  const out = new Set<string>()
  for (const { re, strict } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const name = m[1]!
      if (NOT_NAMES.has(name) || name.length < 2 || name.length > 40) continue
      if (strict && !STRICT_NAME.test(name)) continue
      out.add(name)
    }
  }
  return [...out]
}

/** How many chunks of an abstract's first page are read (a longer "abstract" is mislabelled). */
const ABSTRACT_CHUNKS = 4

/** The text of a paper's abstract: its chunks on the abstract's first page, a few at most. */
export function abstractText(
  chunks: readonly { section: string; page: number; text: string }[]
): string {
  const abstract = chunks.filter((c) => c.section === 'abstract')
  if (abstract.length === 0) return ''
  const first = Math.min(...abstract.map((c) => c.page))
  return abstract
    .filter((c) => c.page === first)
    .slice(0, ABSTRACT_CHUNKS)
    .map((c) => c.text)
    .join(' ')
}

/**
 * The key a name is matched by: lowercase, hyphens and accents kept out ("Sentence-BERT" →
 * sentencebert, "GPT-2" → gpt2). Unstemmed, so "transformation" does not meet "Transformer".
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/** The keys a question could name something by: each word and compound, and its singular. */
export function questionNameKeys(question: string): string[] {
  const out = new Set<string>()
  for (const m of question.matchAll(/[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu)) {
    const parts = [m[0], ...m[0].split(/[-_.]/u)]
    for (const part of parts) {
      const key = nameKey(part)
      if (key.length < 2) continue
      out.add(key)
      if (key.length > 3 && key.endsWith('s')) out.add(key.slice(0, -1))
    }
  }
  return [...out]
}
