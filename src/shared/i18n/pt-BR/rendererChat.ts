import type { chatEn } from '../en/rendererChat'
import type { Catalog } from '../en/renderer'

/** The renderer catalog's conversation sections in Brazilian Portuguese (the keys of ../en/rendererChat.ts). */
export const chatPtBR: Pick<Catalog, keyof typeof chatEn> = {
  chat: {
    label: 'Conversa',
    title: 'Perguntar',
    emptyTitle: 'Faça uma pergunta sobre seus artigos',
    emptyBody:
      'As respostas citam os trechos em que se baseiam. Clique numa citação para abrir a página com o trecho destacado.',
    addPapersFirst: 'Primeiro adicione artigos na biblioteca, à esquerda.',
    question: 'Pergunta',
    placeholder: 'Pergunte sobre seus artigos…  (Enter envia, Shift+Enter quebra a linha)',
    ask: 'Perguntar',
    stop: 'Parar',
    stopped: 'Interrompida',
    askAgain: 'Perguntar de novo',
    usage: 'Tokens: {{input, number}} de entrada · {{output, number}} de saída',
    usageTitle: 'Tokens desta resposta (entrada / saída)',
    copy: 'Copiar como Markdown',
    copied: 'Copiado',
    sources: 'Fontes',
    outsideScopeTitle: 'Os artigos desta conversa não parecem tratar disso',
    outsideScopeBody_one: 'Este artigo da sua biblioteca trata:',
    outsideScopeBody_other: 'Estes artigos da sua biblioteca tratam:',
    askAllPapers: 'Perguntar a todos os artigos',
    texError: 'Não foi possível desenhar esta fórmula; ela aparece como foi escrita.',
    sourcePage: 'p. {{page, number}}',
    chipLabel: 'Fonte {{number}}: {{title}}, página {{page, number}}',
    cardPage: 'Página {{page, number}}',
    cardHint: 'Clique para abrir a página',
    copyLink: 'Copiar link para este trecho',
    linkCopied: 'Link copiado.',
    linkCopyFailed: 'Não foi possível copiar o link.',
    chipLabelKind: 'Fonte {{number}}: {{title}}, página {{page, number}} ({{kind}})',
    kinds: { text: 'Texto', ocr: 'OCR', figure: 'Figura', table: 'Tabela' },
    figureNumbered: 'Figura {{number}}',
    tableNumbered: 'Tabela {{number}}',
    figureLabel: 'Fonte {{number}}: {{label}} de {{title}}, página {{page, number}}',
    figureCaption: '[{{number}}] {{label}}, p. {{page, number}}',
    figureDrawing: 'Desenhando a figura…',
    figureFailed: 'Não foi possível desenhar a figura',
    chipOpen: 'aberta no visualizador',
    wholePassage: 'Mostrar o trecho inteiro',
    figureNotRead:
      'Figuras e tabelas aparecem aqui pela legenda e pelo texto ao redor: a figura em si não foi lida.',
    passageHead: '{{title}}, p. {{page, number}}'
  },
  threads: {
    label: 'Conversas',
    new: 'Nova conversa',
    show: 'Mostrar as conversas',
    hide: 'Ocultar as conversas',
    search: 'Buscar conversas',
    untitled: 'Nova conversa',
    compare: 'Comparar estes artigos',
    compareHint:
      'Fazer as mesmas perguntas a cada artigo desta conversa, numa tabela salva com ela',
    comparisons: 'Comparações nesta conversa:',
    titleLabel: 'Título da conversa',
    rename: 'Renomear',
    delete: 'Excluir',
    more: 'Mais',
    moreLabel: 'Mais ações para {{title}}',
    deleted: '“{{title}}” excluída.',
    undo: 'Desfazer',
    damaged_one:
      'Uma conversa salva não pôde ser lida e foi separada em {{dir}}; as outras estão aqui.',
    damaged_other:
      '{{count, number}} conversas salvas não puderam ser lidas e foram separadas em {{dir}}; as outras estão aqui.',
    noMatch: 'Nenhuma conversa corresponde.',
    empty: 'Suas conversas aparecem aqui.',
    justNow: 'agora',
    minutesAgo_one: 'há {{count, number}} min',
    minutesAgo_other: 'há {{count, number}} min',
    hoursAgo_one: 'há {{count, number}} h',
    hoursAgo_other: 'há {{count, number}} h',
    questions_one: '{{count, number}} pergunta',
    questions_other: '{{count, number}} perguntas',
    papers_one: '{{count, number}} artigo',
    papers_other: '{{count, number}} artigos',
    usage: '{{input, number}} de entrada · {{output, number}} de saída',
    usageTitle: 'Tokens usados nesta conversa (entrada / saída)',
    allPapers: 'Todos os artigos',
    allPapersHint: 'As perguntas buscam em todos os artigos',
    limitedToOne: 'Só {{title}}',
    limitedTo_one: 'Só {{count, number}} artigo',
    limitedTo_other: 'Só {{count, number}} artigos',
    scopeLabel: 'Artigos desta conversa',
    scopeHelp: 'Limite esta conversa a alguns artigos, ou deixe todos desmarcados.',
    apply: 'Aplicar',
    askAboutThese: 'Perguntar sobre estes ({{count, number}})',
    clearSelection: 'Limpar seleção',
    choosePaper: 'Escolher {{title}}',
    export: 'Exportar…',
    exportLabel: 'Exportar conversa',
    referencesIn: 'Referências em',
    referencesPlain: 'Numeradas, com chaves BibTeX',
    exportHelp:
      'A conversa com uma lista numerada de referências, ou o BibTeX dos artigos citados.',
    saveMarkdown: 'Salvar Markdown',
    copyMarkdown: 'Copiar Markdown',
    saveBibtex: 'Salvar BibTeX',
    copyBibtex: 'Copiar BibTeX',
    offTopicTitle: 'Não vem dos seus artigos',
    offTopicBody:
      'Esta pergunta não parece ser sobre os artigos da biblioteca; por isso nada foi buscado.',
    markdownOffTopic: '_Não vem dos artigos da biblioteca._',
    interruptedTitle: 'Interrompida',
    interruptedBody: 'O app parou enquanto esta pergunta era respondida.',
    chipRemovedLabel:
      'Fonte {{number}}: {{title}}, página {{page, number}} (removido da biblioteca)',
    cardRemoved: 'Este artigo foi removido da biblioteca; por isso a página não pode ser aberta.'
  },
  labels: {
    evidenceTitle: 'Só trechos — não é uma resposta gerada',
    evidenceDefault: 'Estes são os trechos dos artigos que melhor correspondem à sua pergunta.',
    evidenceNoKey:
      'O Gemini não aceitou uma chave de API (nenhuma foi definida, ou ela foi recusada); por isso, estes são os trechos que melhor correspondem à sua pergunta. Defina uma chave em Configurações para receber respostas escritas.',
    evidenceNoLocalModel:
      'Nenhum modelo local foi escolhido, então estes são os trechos que mais combinam com a sua pergunta. Escolha um em Configurações para receber respostas escritas.',
    evidenceOffline:
      'Sem conexão com a internet: o Gemini não pode ser alcançado; por isso, estes são os trechos que melhor correspondem à sua pergunta. Pergunte de novo quando estiver on-line.',
    checkedTitle: 'Verificada',
    checkedBody: 'O verificador considerou esta resposta apoiada pelas fontes.',
    rejectedTitle: 'Não confirmada pelo verificador (recusada duas vezes)',
    rejectedBody:
      'O verificador apontou problemas na resposta e na sua reescrita; leia as fontes antes de confiar nela.',
    rejectedRewriteTitle: 'Não confirmada pelo verificador',
    rejectedRewrite:
      'O verificador apontou problemas na resposta e não foi possível reescrevê-la ({{why}}); leia as fontes.',
    uncheckedTitle: 'Não foi possível verificar ({{why}})',
    uncheckedTitlePlain: 'Não foi possível verificar',
    uncheckedBody: 'A resposta foi escrita, mas o verificador não pôde rodar; leia as fontes.',
    answeredByLocal: 'Respondida sem internet pelo modelo local {{model}}',
    answeredByFallback:
      'O Gemini não pôde ser alcançado — respondida sem internet pelo modelo local {{model}}',
    partialTitle: 'Baseada em parte das evidências'
  },
  markdown: {
    question: '**P:** {{question}}',
    evidence: '_Só trechos: passagens dos artigos, não uma resposta gerada._',
    unverified: '_Resposta não verificada._',
    references: '**Referências**',
    reference: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”'
  },
  stage: {
    starting: 'começando',
    rewriting: 'reescrevendo a pergunta para a busca',
    searching: 'buscando ‘{{query}}’',
    searchingPapers: 'buscando nos artigos',
    reading: 'lendo {{what}}',
    readingSection: 'lendo uma seção',
    drafting: 'escrevendo a resposta',
    checking: 'verificando a resposta',
    revising: 'revisando a resposta'
  }
}
