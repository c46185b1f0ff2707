import type { Settings } from '../../shared/types'

/** A language the app has its own fixed texts in. */
export type TextLanguage = 'pt-BR' | 'en'

/** The language one answer is written in. */
export interface AnswerLanguage {
  /** Fixed texts (fallback, evidence-only label) use this. */
  texts: TextLanguage
  /** Told to the model. */
  instruction: string
}

/** Why an answer holds evidence only. */
export type EvidenceReason = 'NO_API_KEY' | 'KEY_REJECTED' | 'OFFLINE'

/** The fixed texts of an answer, per language. */
export interface AnswerTexts {
  /** Given when the judge rejected the answer twice. */
  fallback: string
  /** Heads an evidence-only answer; `{reason}` is why nothing was generated. */
  evidenceLabel: string
  evidenceReasons: Record<EvidenceReason, string>
  /** An evidence-only answer when search found nothing. */
  noPassages: string
  page: string
  /** Ends an evidence-only answer that cites a figure or table by its caption. */
  figureNotRead: string
}

/** The fixed texts in each language. */
export const ANSWER_TEXTS: Record<TextLanguage, AnswerTexts> = {
  'pt-BR': {
    fallback:
      'Não consegui escrever uma resposta confiável a esta pergunta com base nos artigos da biblioteca. As fontes abaixo são os trechos mais próximos que encontrei; consulte-as diretamente ou reformule a pergunta.',
    evidenceLabel:
      'Resposta não gerada ({reason}). Abaixo estão os trechos dos artigos mais relevantes para a pergunta, sem resumo nem interpretação:',
    evidenceReasons: {
      NO_API_KEY: 'nenhuma chave da API Gemini configurada',
      KEY_REJECTED: 'o Gemini recusou a chave da API',
      OFFLINE: 'sem conexão com o Gemini'
    },
    noPassages: 'Nenhum trecho relevante foi encontrado nos artigos da biblioteca.',
    page: 'p.',
    figureNotRead:
      'Figuras e tabelas aparecem aqui pela legenda e pelo texto ao redor: a figura em si não foi lida.'
  },
  en: {
    fallback:
      'I could not write a reliable answer to this question from the papers in the library. The sources below are the closest passages I found; read them directly or rephrase the question.',
    evidenceLabel:
      'Not a generated answer ({reason}). These are the passages from the papers most relevant to the question, without summary or interpretation:',
    evidenceReasons: {
      NO_API_KEY: 'no Gemini API key is set',
      KEY_REJECTED: 'Gemini rejected the API key',
      OFFLINE: 'Gemini cannot be reached'
    },
    noPassages: 'No relevant passage was found in the papers in the library.',
    page: 'p.',
    figureNotRead:
      'Figures and tables appear here by their captions and the text around them: the figure itself was not read.'
  }
}

const PT = new Set(
  'que qual quais como por para uma um os as dos das do da no na nos nas não é são em com sobre entre diferença quanto onde quando porque artigo artigos modelo usa usam isso esse essa este esta foi ser qual'.split(
    ' '
  )
)
const EN = new Set(
  'the what which how is are does do of in and to for with between difference paper papers model why when where this that was be use uses used'.split(
    ' '
  )
)

/**
 * Guesses whether a question is Portuguese or English from common words and accents.
 * @remarks Cheap on purpose: it only picks the fixed texts; the model itself is told to answer
 * in the question's language, so other languages still get answers in their own language.
 */
export function detectLanguage(question: string): TextLanguage | null {
  const words = question.toLowerCase().match(/[\p{L}]+/gu) ?? []
  let pt = /[ãõçâêôáéíóú]/i.test(question) ? 2 : 0
  let en = 0
  for (const w of words) {
    if (PT.has(w)) pt++
    if (EN.has(w)) en++
  }
  if (pt === en) return null
  return pt > en ? 'pt-BR' : 'en'
}

/** Resolves the answer-language setting for one question. */
export function answerLanguage(
  setting: Settings['answerLanguage'],
  question: string
): AnswerLanguage {
  const lang = setting === 'question' ? detectLanguage(question) : setting
  if (lang === 'pt-BR') {
    return { texts: 'pt-BR', instruction: 'Write the answer in Brazilian Portuguese (pt-BR).' }
  }
  if (lang === 'en') return { texts: 'en', instruction: 'Write the answer in English.' }
  return {
    texts: 'en',
    instruction: 'Write the answer in the same language as the question.'
  }
}
