/**
 * The texts main writes for people (inside answers, and the CLI's human output), in each UI
 * language. Plain data, shared so the catalog test can compare the languages; main reads it
 * through i18next in src/main/i18n.ts.
 */
export const mainEn = {
  answer: {
    fallback:
      'I could not write a reliable answer to this question from the papers in the library. The sources below are the closest passages I found; read them directly or rephrase the question.',
    evidenceLabel:
      'Not a generated answer ({{reason}}). These are the passages from the papers most relevant to the question, without summary or interpretation:',
    reasons: {
      NO_API_KEY: 'no Gemini API key is set',
      KEY_REJECTED: 'Gemini rejected the API key',
      OFFLINE: 'no internet connection: Gemini cannot be reached'
    },
    noPassages: 'No relevant passage was found in the papers in the library.',
    passage: '[{{number}}] {{title}}, p. {{page}}:',
    figureNotRead:
      'Figures and tables appear here by their captions and the text around them: the figure itself was not read.',
    kinds: { ocr: 'OCR', figure: 'Figure', table: 'Table' }
  },
  cli: {
    evidenceOnly: '[Evidence only — not a generated answer]',
    evidenceOnlyWhy: '[Evidence only — not a generated answer: {{why}}]',
    unverified: '[Unverified]',
    unverifiedWhy: '[Unverified: {{why}}]',
    keyHint:
      'The command line reads the Gemini API key from the GEMINI_API_KEY environment variable.',
    sources: 'Sources:',
    source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
    usage: '({{input}} input / {{output}} output tokens)'
  }
}

/** A main catalog's shape: the English one's keys, any string values. */
export type MainCatalog = Strings<typeof mainEn>
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }

/** The Brazilian Portuguese main catalog: the same keys (its type enforces it). */
export const mainPtBR: MainCatalog = {
  answer: {
    fallback:
      'Não consegui escrever uma resposta confiável a esta pergunta com base nos artigos da biblioteca. As fontes abaixo são os trechos mais próximos que encontrei; consulte-as diretamente ou reformule a pergunta.',
    evidenceLabel:
      'Resposta não gerada ({{reason}}). Abaixo estão os trechos dos artigos mais relevantes para a pergunta, sem resumo nem interpretação:',
    reasons: {
      NO_API_KEY: 'nenhuma chave da API Gemini configurada',
      KEY_REJECTED: 'o Gemini recusou a chave da API',
      OFFLINE: 'sem conexão com a internet: o Gemini não pode ser alcançado'
    },
    noPassages: 'Nenhum trecho relevante foi encontrado nos artigos da biblioteca.',
    passage: '[{{number}}] {{title}}, p. {{page}}:',
    figureNotRead:
      'Figuras e tabelas aparecem aqui pela legenda e pelo texto ao redor: a figura em si não foi lida.',
    kinds: { ocr: 'OCR', figure: 'Figura', table: 'Tabela' }
  },
  cli: {
    evidenceOnly: '[Só trechos — não é uma resposta gerada]',
    evidenceOnlyWhy: '[Só trechos — não é uma resposta gerada: {{why}}]',
    unverified: '[Não verificada]',
    unverifiedWhy: '[Não verificada: {{why}}]',
    keyHint: 'A linha de comando lê a chave da API Gemini da variável de ambiente GEMINI_API_KEY.',
    sources: 'Fontes:',
    source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
    usage: '(tokens: {{input}} de entrada / {{output}} de saída)'
  }
}
