import {
  DEFAULT_UI_LANGUAGE,
  LANGUAGES,
  languageRow,
  type UiLanguage
} from '../../shared/languages'
import type { Settings } from '../../shared/types'
import { mainT } from '../i18n'

/** A language the app has its own fixed texts in: the UI languages. */
export type TextLanguage = UiLanguage

/** The language one answer is written in. */
export interface AnswerLanguage {
  /** Fixed texts (fallback, evidence-only label) use this. */
  texts: TextLanguage
  /** Told to the model. */
  instruction: string
}

/** Why an answer holds evidence only. */
export type EvidenceReason = 'NO_API_KEY' | 'NO_LOCAL_MODEL' | 'KEY_REJECTED' | 'OFFLINE'

/** The fixed texts of an answer, per language (from the main catalog). */
export interface AnswerTexts {
  /** Given when the judge rejected the answer twice. */
  fallback: string
  /** Heads an evidence-only answer, saying why nothing was generated. */
  evidenceLabel: (reason: EvidenceReason) => string
  /** An evidence-only answer when search found nothing. */
  noPassages: string
  /** Heads one quoted passage: "[1] Title, p. 4:". */
  passage: (number: number, title: string, page: number) => string
  /** Ends an evidence-only answer that cites a figure or table by its caption. */
  figureNotRead: string
  /** How a passage that is not text-layer text is marked: OCR, Figure, Table. */
  kind: (kind: 'ocr' | 'figure' | 'table') => string
}

function answerTexts(language: TextLanguage): AnswerTexts {
  const t = mainT(language)
  return {
    fallback: t('answer.fallback'),
    evidenceLabel: (reason) => t('answer.evidenceLabel', { reason: t(`answer.reasons.${reason}`) }),
    noPassages: t('answer.noPassages'),
    passage: (number, title, page) => t('answer.passage', { number, title, page }),
    figureNotRead: t('answer.figureNotRead'),
    kind: (kind) => t(`answer.kinds.${kind}`)
  }
}

/** The fixed texts in each language. */
export const ANSWER_TEXTS = Object.fromEntries(
  LANGUAGES.map(({ code }) => [code, answerTexts(code)])
) as Record<TextLanguage, AnswerTexts>

/** Each language's common question words (from the language table). */
const QUESTION_WORDS = LANGUAGES.map((row) => ({
  row,
  words: new Set(row.questionWords.split(' '))
}))

/** How much a question looks like one language: its accents count 2, each common word 1. */
function languageScore(
  { row, words }: (typeof QUESTION_WORDS)[number],
  question: string,
  questionWords: readonly string[]
): number {
  const accents = 'accents' in row && row.accents.test(question) ? 2 : 0
  return accents + questionWords.filter((w) => words.has(w)).length
}

/**
 * Guesses which language a question is in (Portuguese or English) from common words and accents.
 * @remarks Cheap on purpose: it only picks the fixed texts; the model itself is told to answer
 * in the question's language, so other languages still get answers in their own language.
 * A tie between the best two (no word known, or as many of each) is no guess.
 */
export function detectLanguage(question: string): TextLanguage | null {
  const words = question.toLowerCase().match(/[\p{L}]+/gu) ?? []
  const scored = QUESTION_WORDS.map((entry) => ({
    code: entry.row.code,
    score: languageScore(entry, question, words)
  })).sort((a, b) => b.score - a.score)
  const [best, second] = scored
  if (!best || (second && best.score === second.score)) return null
  return best.code
}

/**
 * Resolves the answer-language setting for one question; `ui` follows the interface language,
 * so by default a screen (answer and labels) is in one language.
 */
export function answerLanguage(
  setting: Settings['answerLanguage'],
  question: string,
  ui: UiLanguage = DEFAULT_UI_LANGUAGE
): AnswerLanguage {
  const lang = setting === 'question' ? detectLanguage(question) : setting === 'ui' ? ui : setting
  if (lang) return { texts: lang, instruction: languageRow(lang).answerInstruction }
  return {
    texts: DEFAULT_UI_LANGUAGE,
    instruction: 'Write the answer in the same language as the question.'
  }
}
