import type { EvidenceExcerpt } from '../../shared/types'
import { splitSentences, words } from './snippet'

/** Sentences shorter than this get their neighbour too, so a fragment is never shown alone. */
const SHORT_SENTENCE = 120

/**
 * A passage as a person reads it: words broken by hyphenation joined again ("Ima-geNet",
 * "atten-\ntion" → "ImageNet", "attention"), whitespace collapsed.
 * @remarks Indexing joins a word split at a line end unless its first half is capitalised
 * (it cannot tell "Ima-" + "geNet" from "English-" + "speaking"); a second half with a capital
 * inside ("geNet", "gLeNet") is a broken name, never a compound.
 */
export function readableText(text: string): string {
  return text
    .replace(/(\p{L}{2,})-\s*\n\s*(\p{Ll}{2,})(?!-)/gu, '$1$2')
    .replace(/\b(\p{Lu}\p{Ll}+)-(\p{Ll}+\p{Lu}\p{L}*)/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Splits a passage around the sentence(s) that best answer `question`: the sentence sharing
 * the most question words (normalised by length), plus the next one when it is short.
 * @remarks `before + best + after` is the whole readable passage, so the UI can show the best
 * part and fold the rest.
 */
export function excerptFor(number: number, text: string, question: string): EvidenceExcerpt {
  const readable = readableText(text)
  const sentences = splitSentences(readable).filter(Boolean)
  const wanted = words(question)
  let bestIndex = 0
  let bestScore = -1
  sentences.forEach((s, i) => {
    const own = words(s)
    let hits = 0
    for (const w of own) if (wanted.has(w)) hits++
    const score = hits / Math.sqrt(Math.max(own.size, 4))
    if (score > bestScore) {
      bestIndex = i
      bestScore = score
    }
  })
  let end = bestIndex + 1
  if ((sentences[bestIndex]?.length ?? 0) < SHORT_SENTENCE && end < sentences.length) end++
  return {
    number,
    before: sentences.slice(0, bestIndex).join(' '),
    best: sentences.slice(bestIndex, end).join(' '),
    after: sentences.slice(end).join(' ')
  }
}
