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
      NO_LOCAL_MODEL: 'no local model is chosen',
      KEY_REJECTED: 'Gemini rejected the API key',
      OFFLINE: 'no internet connection: Gemini cannot be reached'
    },
    noPassages: 'No relevant passage was found in the papers in the library.',
    passage: '[{{number}}] {{title}}, p. {{page}}:',
    figureNotRead:
      'Figures and tables appear here by their captions and the text around them: the figure itself was not read.',
    kinds: { ocr: 'OCR', figure: 'Figure', table: 'Table' },
    greeting:
      'Hello! Ask me anything about the papers in your library; I answer with citations that open the cited page.',
    thanks: "You're welcome! Ask another question about the papers whenever you like.",
    farewell: 'See you! This conversation stays in the conversation list.',
    appHelp:
      'I am ResearchPal: I answer questions about the papers in your library, with numbered citations. Add PDFs or arXiv ids in the library on the left; click a citation to open the page with the passage highlighted; limit a conversation to some papers with "Ask about these"; export a conversation as Markdown and BibTeX. The Gemini key goes in Settings; without it, answers are the most relevant passages.',
    offTopicNoModel:
      'This question does not seem to be about the papers in your library, and with no model available I can only answer from them. Ask something about the papers.',
    offTopicLabel: 'This is not from the papers in your library:'
  },
  cli: {
    localModel: '[Local model {{model}}]',
    localModelFallback:
      '[Local model {{model}} — Gemini could not be reached, so the local model answered]',
    evidenceOnly: '[Evidence only — not a generated answer]',
    evidenceOnlyWhy: '[Evidence only — not a generated answer: {{why}}]',
    unverified: '[Unverified]',
    unverifiedWhy: '[Unverified: {{why}}]',
    keyHint:
      'The command line reads the Gemini API key from the GEMINI_API_KEY environment variable.',
    sources: 'Sources:',
    source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
    usage: '({{input}} input / {{output}} output tokens)',
    paperRemoved: '(paper removed from the library)',
    followUp:
      'Thread {{threadId}} (turn {{turnId}}). Follow up with: ask --thread {{threadId}} "..."',
    noThreads: 'No conversations yet. Start one with: ask --new-thread "<question>"',
    damagedThread: '! {{file}} could not be read ({{reason}}); moved to {{movedTo}}'
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
      NO_LOCAL_MODEL: 'nenhum modelo local escolhido',
      KEY_REJECTED: 'o Gemini recusou a chave da API',
      OFFLINE: 'sem conexão com a internet: o Gemini não pode ser alcançado'
    },
    noPassages: 'Nenhum trecho relevante foi encontrado nos artigos da biblioteca.',
    passage: '[{{number}}] {{title}}, p. {{page}}:',
    figureNotRead:
      'Figuras e tabelas aparecem aqui pela legenda e pelo texto ao redor: a figura em si não foi lida.',
    kinds: { ocr: 'OCR', figure: 'Figura', table: 'Tabela' },
    greeting:
      'Olá! Pergunte o que quiser sobre os artigos da sua biblioteca; eu respondo com citações que abrem a página citada.',
    thanks: 'De nada! Se quiser, faça outra pergunta sobre os artigos.',
    farewell: 'Até mais! Esta conversa fica salva na lista de conversas.',
    appHelp:
      'Sou o ResearchPal: respondo perguntas sobre os artigos da sua biblioteca, com citações numeradas. Adicione PDFs ou ids do arXiv na biblioteca à esquerda; clique numa citação para abrir a página com o trecho destacado; limite uma conversa a alguns artigos com "Perguntar sobre estes"; exporte a conversa em Markdown e BibTeX. A chave do Gemini fica em Configurações; sem ela, as respostas são os trechos mais relevantes.',
    offTopicNoModel:
      'Esta pergunta não parece ser sobre os artigos da sua biblioteca, e sem um modelo disponível eu só consigo responder a partir deles. Pergunte algo sobre os artigos.',
    offTopicLabel: 'Isto não vem dos artigos da sua biblioteca:'
  },
  cli: {
    localModel: '[Modelo local {{model}}]',
    localModelFallback:
      '[Modelo local {{model}} — o Gemini não pôde ser alcançado, então o modelo local respondeu]',
    evidenceOnly: '[Só trechos — não é uma resposta gerada]',
    evidenceOnlyWhy: '[Só trechos — não é uma resposta gerada: {{why}}]',
    unverified: '[Não verificada]',
    unverifiedWhy: '[Não verificada: {{why}}]',
    keyHint: 'A linha de comando lê a chave da API Gemini da variável de ambiente GEMINI_API_KEY.',
    sources: 'Fontes:',
    source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
    usage: '(tokens: {{input}} de entrada / {{output}} de saída)',
    paperRemoved: '(artigo removido da biblioteca)',
    followUp:
      'Conversa {{threadId}} (turno {{turnId}}). Continue com: ask --thread {{threadId}} "..."',
    noThreads: 'Nenhuma conversa ainda. Comece uma com: ask --new-thread "<pergunta>"',
    damagedThread: '! {{file}} não pôde ser lido ({{reason}}); movido para {{movedTo}}'
  }
}
