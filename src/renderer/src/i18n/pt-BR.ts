import type { Catalog } from './en'

/** The Brazilian Portuguese catalog: the same keys as `en.ts` (its type enforces it). */
export const ptBR: Catalog = {
  app: {
    noKey: 'Sem chave de API — só trechos dos artigos',
    noLocalModel: 'Nenhum modelo local escolhido — só trechos dos artigos',
    answersGemini: 'Respostas: Gemini',
    answersGeminiOffline: 'Respostas: Gemini · sem internet: {{model}}',
    answersLocal: 'Respostas: modelo local · {{model}}',
    keywordOnly: 'Só busca por palavras-chave',
    settings: 'Configurações',
    resizeViewer: 'Redimensionar o visualizador',
    details: 'Detalhes (em inglês)',
    skipToQuestion: 'Ir para a caixa de pergunta',
    panes: 'Painéis',
    showLibrary: 'Biblioteca',
    showChat: 'Conversa',
    showViewer: 'Artigo',
    theme: 'Tema de cores',
    themeSystem: 'Tema: do sistema',
    themeLight: 'Tema: claro',
    themeDark: 'Tema: escuro',
    shortcutsHint:
      'Ctrl+K: buscar na biblioteca · Ctrl+L: caixa de pergunta · Ctrl+F: localizar no artigo'
  },
  compare: {
    views: 'Modos de exibição',
    tabChat: 'Conversa',
    tabCompare: 'Comparar',
    label: 'Comparar artigos',
    new: 'Comparar artigos',
    papers: 'Artigos',
    fromCollection: 'De uma coleção',
    byHand: 'Artigos escolhidos um a um',
    collectionOption: '{{name}} ({{count, number}})',
    forThread: 'Salva com a conversa “{{title}}”; os artigos dela estão marcados.',
    originCollection: 'Artigos da coleção “{{name}}”',
    originThread: 'Salva com a conversa “{{title}}”',
    originThreadUnlisted: 'Salva com uma conversa que não está na lista de conversas',
    backToThread: 'Abrir a conversa',
    noPapers: 'Adicione artigos à biblioteca e espere a indexação terminar para compará-los.',
    questions: 'Perguntas, uma por linha',
    questionsPlaceholder:
      'Quais conjuntos de dados?\nTamanho do modelo?\nResultado principal no SQuAD?',
    claim: 'Uma afirmação para verificar em cada artigo (opcional)',
    claimPlaceholder: 'Pré-treinar com mais dados melhora os resultados',
    needPapers: 'Escolha ao menos um artigo e escreva ao menos uma pergunta ou uma afirmação.',
    start: 'Comparar',
    saved: 'Comparações salvas',
    savedMeta: '{{papers, number}} artigos × {{columns, number}} colunas',
    back: '← Todas as comparações',
    progress: 'Preenchendo células: {{done, number}} de {{total, number}}',
    paused:
      'O provedor do modelo pediu para desacelerar: em pausa, retomando em {{seconds, number}} s.',
    cancel: 'Parar',
    run: 'Preencher as células que faltam',
    addKind: 'Tipo de coluna a adicionar',
    addQuestion: 'Pergunta',
    addClaim: 'Afirmação',
    addPlaceholder: 'Outra pergunta ou afirmação',
    add: 'Adicionar',
    exportMarkdown: 'Exportar Markdown',
    exportCsv: 'Exportar CSV',
    exportBibtex: 'Exportar BibTeX',
    paperColumn: 'Artigo',
    claimColumn: 'Afirmação: {{text}}',
    removePaper: 'Remover {{title}} da comparação',
    evidenceNote:
      'Sem conexão ou sem chave de API: as células “Só trechos” mostram os melhores trechos de cada artigo para a pergunta, não respostas geradas.',
    status: {
      pending: 'Aguardando…',
      answered: 'Respondida',
      notStated: 'O artigo não diz',
      unverified: 'Não foi possível verificar',
      evidence: 'Só trechos',
      failed: 'Não foi possível preencher'
    },
    verdict: {
      supports: 'Apoia',
      contradicts: 'Contradiz',
      doesNotAddress: 'Não trata disso'
    }
  },
  library: {
    label: 'Biblioteca',
    title: 'Biblioteca',
    count_one: '{{count, number}} artigo',
    count_other: '{{count, number}} artigos',
    overall: 'Progresso geral',
    indexingOf: 'Indexando {{current, number}} de {{total, number}}',
    dismiss: 'Fechar aviso',
    repairs: 'Reparos da biblioteca',
    repairsTitle: 'A biblioteca encontrou arquivos danificados ou ausentes e reparou o que pôde',
    empty: 'Sua biblioteca está vazia.',
    adding: 'Adicionando…',
    addDefaults: 'Adicionar os três artigos sugeridos',
    defaultsHint:
      'Attention Is All You Need, BERT e RAG, do arXiv. Ou adicione seus próprios PDFs acima.',
    dropHint: 'Solte arquivos PDF aqui para adicioná-los.',
    addPdfs: 'Adicionar PDFs…',
    arxivLabel: 'Identificador arXiv, DOI ou título',
    arxivPlaceholder: 'Identificador arXiv, DOI ou um título',
    candidates: 'Artigos encontrados no arXiv',
    candidatesFor: 'No arXiv para “{{query}}”:',
    noCandidates: 'O arXiv não tem artigo com o título “{{query}}”.',
    closeCandidates: 'Fechar os resultados do arXiv',
    add: 'Adicionar',
    statusLabel: 'Situação da biblioteca',
    ready_one: '{{count, number}} pronto',
    ready_other: '{{count, number}} prontos',
    indexing_one: '{{count, number}} indexando',
    indexing_other: '{{count, number}} indexando',
    failed_one: '{{count, number}} com falha',
    failed_other: '{{count, number}} com falha',
    citeAll: 'Citar todos',
    citeAllTitle: 'BibTeX da biblioteca inteira',
    wholeLibrary: 'a biblioteca inteira',
    search: 'Buscar na biblioteca',
    searchPlaceholder: 'Buscar títulos, autores, etiquetas',
    sortBy: 'Ordenar por',
    sortAdded: 'Adicionados por último',
    sortYear: 'Ano',
    sortTitle: 'Título',
    sortAuthor: 'Primeiro autor',
    papers: 'Artigos',
    noMatch: 'Nenhum artigo corresponde a “{{query}}”.',
    emptyCollection:
      'Ainda não há artigos nesta coleção: arraste artigos para cá ou use “Adicionar a…”.'
  },
  paper: {
    open: 'Abrir no visualizador',
    retry: 'Tentar de novo',
    cancel: 'Cancelar',
    remove: 'Remover',
    removeLabel: 'Remover {{title}}',
    confirmRemove: 'Remover “{{title}}” da biblioteca?',
    etAl: '{{first}} et al.',
    pages_one: '{{count, number}} página',
    pages_other: '{{count, number}} páginas',
    progress: 'Progresso',
    detailsOf: 'Detalhes de {{title}}',
    detailsHint: 'Editar detalhes, citar',
    failed: 'Falhou:'
  },
  collections: {
    label: 'Coleções',
    all: 'Todos os artigos',
    new: '+ Nova coleção',
    newName: 'Nome da nova coleção',
    name: 'Nome da coleção',
    create: 'Criar',
    rename: 'Renomear',
    cancel: 'Cancelar',
    cite: 'Citar coleção',
    delete: 'Excluir',
    confirmDelete: 'Excluir a coleção “{{name}}”? Os artigos continuam na biblioteca.'
  },
  selection: {
    label: 'Seleção',
    selectAll: 'Selecionar todos os mostrados',
    hint: 'Selecione artigos para perguntar, organizar ou citar',
    count_one: '{{count, number}} selecionado',
    count_other: '{{count, number}} selecionados',
    addTo: 'Adicionar à coleção',
    addToPlaceholder: 'Adicionar a…',
    cite: 'Citar',
    remove: 'Remover',
    confirmRemove_one: 'Remover {{count, number}} artigo da biblioteca?',
    confirmRemove_other: 'Remover {{count, number}} artigos da biblioteca?',
    papers_one: '{{count, number}} artigo',
    papers_other: '{{count, number}} artigos'
  },
  details: {
    label: 'Detalhes do artigo',
    close: 'Fechar detalhes',
    title: 'Título',
    authors: 'Autores, um por linha',
    year: 'Ano',
    venue: 'Publicado em',
    doi: 'DOI',
    tags: 'Etiquetas, separadas por vírgulas',
    kept: 'O que você edita aqui é mantido: metadados encontrados depois no PDF ou online nunca o substituem.',
    remove: 'Remover artigo',
    cite: 'Citar',
    save: 'Salvar',
    saved: 'Salvo',
    sourcePdf: 'lido do PDF',
    sourceArxiv: 'do arXiv',
    sourceCrossref: 'do Crossref',
    sourceOpenalex: 'do OpenAlex',
    sourceImport: 'da sua importação',
    sourceUser: 'editado por você',
    related: 'Mais parecidos com este artigo',
    relatedNone: 'Ainda não há outro artigo indexado parecido.',
    missing:
      'Referências que não estão na sua biblioteca ({{missing, number}} de {{total, number}})',
    missingNone: 'Nenhuma lista de referências foi encontrada neste artigo.',
    loading: 'Procurando…',
    addRef: 'Adicionar'
  },
  cite: {
    label: 'Citar',
    heading: 'BibTeX: {{label}}',
    close: 'Fechar',
    bibtex: 'BibTeX',
    preparing: 'Preparando…',
    copyFailed: 'Não foi permitido copiar aqui: selecione o texto e copie.',
    savedTo: 'Salvo em {{path}}',
    copy: 'Copiar',
    copied: 'Copiado',
    save: 'Salvar .bib…'
  },
  status: {
    pending: 'Na fila',
    downloading: 'Baixando',
    extracting: 'Lendo o texto',
    ocr: 'OCR: página {{done, number}} de {{total, number}}',
    embedding: 'Indexando',
    ready: 'Pronto',
    readyKeyword: 'Pronto (busca por palavras-chave)',
    error: 'Falhou'
  },
  viewer: {
    label: 'Visualizador de PDF',
    pages: 'Páginas',
    previousPage: 'Página anterior',
    page: 'Página',
    nextPage: 'Próxima página',
    zoom: 'Ampliação',
    zoomOut: 'Reduzir',
    zoomIn: 'Ampliar',
    fitWidth: 'Ajustar à largura',
    notFound: 'Trecho não encontrado nesta página',
    close: 'Fechar o visualizador',
    opening: 'Abrindo o artigo…',
    openFailed: 'Não foi possível abrir o artigo',
    pageFailed: 'Não foi possível desenhar a página {{page, number}}',
    back: 'Voltar (Alt+←)',
    forward: 'Avançar (Alt+→)',
    sidebar: 'Miniaturas e sumário',
    thumbnails: 'Miniaturas',
    outline: 'Sumário',
    noOutline: 'Este PDF não tem sumário.',
    thumbnail: 'Página {{page, number}}',
    find: 'Localizar no artigo (Ctrl+F)',
    findBox: 'Localizar no artigo',
    findPlaceholder: 'Localizar…',
    findNext: 'Próxima ocorrência (Enter)',
    findPrevious: 'Ocorrência anterior (Shift+Enter)',
    findCount: '{{current, number}} de {{total, number}}',
    findNone: 'Nenhuma ocorrência',
    findSearching: 'Procurando…',
    findClose: 'Fechar a busca (Esc)'
  },
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
    sourceTitle: '{{title}}, p. {{page, number}}',
    chipLabel: 'Fonte {{number}}: {{title}}, página {{page, number}}',
    cardPage: 'Página {{page, number}}',
    cardHint: 'Clique para abrir a página',
    chipLabelKind: 'Fonte {{number}}: {{title}}, página {{page, number}} ({{kind}})',
    kinds: { text: 'Texto', ocr: 'OCR', figure: 'Figura', table: 'Tabela' },
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
    search: 'Buscar conversas',
    untitled: 'Nova conversa',
    compare: 'Comparar estes artigos',
    compareHint:
      'Fazer as mesmas perguntas a cada artigo desta conversa, numa tabela salva com ela',
    comparisons: 'Comparações nesta conversa:',
    titleLabel: 'Título da conversa',
    rename: 'Renomear',
    renameLabel: 'Renomear {{title}}',
    delete: 'Excluir',
    deleteLabel: 'Excluir {{title}}',
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
  },
  errors: {
    retry: 'Tentar de novo',
    openSettings: 'Abrir Configurações',
    NO_API_KEY: {
      title: 'Nenhuma chave da API Gemini válida',
      action: 'Defina uma chave da API Gemini em Configurações e tente de novo.'
    },
    RATE_LIMITED: {
      title: 'Cota do Gemini esgotada',
      action: 'Espere um minuto até a cota se renovar e tente de novo.',
      actionWait: 'Espere {{seconds, number}} s até a cota se renovar e tente de novo.',
      countdown: 'Você poderá tentar de novo em {{seconds, number}} s.',
      ready: 'A espera acabou: já pode tentar de novo.'
    },
    OFFLINE: {
      title: 'Sem conexão com a internet',
      action:
        'Verifique sua conexão com a internet e tente de novo. A busca e a leitura continuam funcionando sem conexão.'
    },
    UPSTREAM_UNAVAILABLE: {
      title: 'O Gemini está sobrecarregado ou indisponível',
      action: 'O problema é do lado do Google; tente de novo daqui a pouco.'
    },
    LOCAL_MODEL_UNREACHABLE: {
      title: 'O servidor do modelo local não responde',
      action:
        'Inicie o Ollama (ou seu servidor local), ou confira o endereço em Configurações; depois tente de novo.'
    },
    LOCAL_MODEL_MISSING: {
      title: 'O modelo local não está instalado',
      action: 'Instale-o com o comando acima, ou escolha um modelo instalado em Configurações.'
    },
    CONTEXT_TOO_SMALL: {
      title: 'A janela de contexto do modelo local é pequena demais',
      action:
        'Dê ao modelo um contexto maior no servidor, informe o mesmo valor em Configurações e tente de novo.'
    },
    TIMEOUT: {
      title: 'O modelo demorou demais para responder',
      action:
        'Tente de novo; se continuar, aumente o tempo limite das requisições em Configurações.'
    },
    MODEL_MISSING: {
      title: 'O modelo de embeddings não está instalado',
      action: 'A busca usa só palavras-chave; veja em Configurações como obter o modelo.'
    },
    INVALID_INPUT: {
      title: 'A pergunta não foi aceita',
      action: 'Edite-a e tente de novo.'
    },
    NOT_FOUND: {
      title: 'Ainda não há nada para responder',
      action: 'Adicione artigos (ou espere a indexação terminar) e pergunte de novo.'
    },
    OTHER: {
      title: 'Algo deu errado',
      action: 'Tente de novo; se acontecer outra vez, o registro na pasta de dados tem os detalhes.'
    }
  },
  settings: {
    title: 'Configurações',
    close: 'Fechar configurações',
    geminiModel: 'Modelo do Gemini',
    provider: 'Respostas escritas por',
    providerGemini: 'Gemini (online)',
    providerLocal: 'Um modelo local (sem internet: Ollama, LM Studio, llama.cpp)',
    providerHelpGemini:
      'Quando o Gemini não puder ser alcançado, o modelo local abaixo responde, se houver um escolhido.',
    providerHelpLocal:
      'As respostas são escritas neste computador; perguntas e artigos não são enviados a lugar nenhum.',
    localServer: 'Servidor do modelo local',
    localServerAddress: 'Endereço do servidor local',
    localServerHelp:
      'Um servidor compatível com a API da OpenAI neste computador: Ollama (http://127.0.0.1:11434/v1), LM Studio (http://127.0.0.1:1234/v1) ou llama.cpp (http://127.0.0.1:8080/v1). Outro computador só por https.',
    localModelPick: 'Modelo local',
    chooseModel: 'Escolha um modelo',
    loadingModels: 'Carregando…',
    refresh: 'Atualizar',
    refreshing: 'Atualizando…',
    noModels:
      'O servidor não lista nenhum modelo. Instale um, por exemplo <code>ollama pull qwen2.5:3b</code>, e clique em Atualizar.',
    contextWindow: 'Janela de contexto (tokens)',
    contextWindowLabel: 'Janela de contexto',
    contextWindowHelp:
      'O que o servidor dá ao modelo (Ollama: 4096, a menos que OLLAMA_CONTEXT_LENGTH esteja definido). As evidências são cortadas para caber, e a resposta avisa.',
    test: 'Testar',
    testing: 'Testando…',
    testReply: '{{model}} respondeu em {{seconds}} s: “{{reply}}”',
    save: 'Salvar',
    uiLanguage: 'Idioma da interface',
    uiSystem: 'Sistema ({{language}})',
    answerLanguage: 'Idioma das respostas',
    answerUi: 'O mesmo da interface',
    answerQuestion: 'O mesmo da pergunta',
    answerLanguageHelp: 'Os artigos continuam em inglês; as respostas são escritas neste idioma.',
    toolRounds: 'Rodadas de busca por resposta',
    ocrLanguage: 'Idioma do OCR para páginas digitalizadas',
    ocrLanguages: { eng: 'Inglês' },
    ocrHelp:
      'Páginas sem camada de texto são lidas por OCR, sem internet. Só há dados de reconhecimento para inglês.',
    rounds1: '1 — rápido (uma pergunta, um artigo)',
    rounds3: '3 — para comparar artigos',
    apiKey: 'Chave da API Gemini',
    pasteKey: 'Cole sua chave',
    saveKey: 'Salvar chave',
    keySaved: '•••••••••••• salva',
    replace: 'Trocar',
    forget: 'Esquecer',
    keyHelpSaved: 'Guardada criptografada neste computador. As respostas são geradas pelo Gemini.',
    keyHelpSavedWeak:
      'Guardada neste computador com uma senha fixa (veja acima). As respostas são geradas pelo Gemini.',
    keyStorageWeak:
      'Nenhum chaveiro foi encontrado neste computador (GNOME Keyring ou KWallet), então a chave fica guardada com uma senha fixa que qualquer programa executado por você consegue desfazer. Inicie um chaveiro e salve a chave de novo, ou defina GEMINI_API_KEY no ambiente.',
    keyStorageUnavailable:
      'Este computador não oferece armazenamento seguro para a chave, então ela não pode ser salva aqui. Defina GEMINI_API_KEY no ambiente.',
    keyReentry:
      'O endereço da API do Gemini mudou, então a chave salva foi removida: uma chave só é enviada ao endereço para o qual foi digitada. Digite a chave de novo para usar o novo endereço.',
    keyHelpMissing:
      'Sem chave, as respostas mostram os melhores trechos dos seus artigos (só trechos). Obtenha uma chave em aistudio.google.com.',
    embedder: 'Modelo de embeddings',
    embedderReady: 'Pronto — {{id}}; a busca é semântica + por palavras-chave.',
    localModel: 'modelo local',
    embedderMissing: 'Ausente — a busca é só por palavras-chave.',
    embedderError: 'Não foi possível carregar — a busca é só por palavras-chave.',
    embedderHelp:
      'Para obtê-lo, rode <code>npm run fetch-model</code> uma vez num computador com internet; os vetores que faltam são calculados quando ele aparecer.',
    embedderHelpDir:
      'Para obtê-lo, rode <code>npm run fetch-model</code> uma vez num computador com internet, ou copie-o para <code>{{dir}}</code>; os vetores que faltam são calculados quando ele aparecer.',
    dataFolder: 'Pasta de dados: {{dir}} · versão {{version}}',
    mcp: 'Usar no Claude Desktop, no Cursor e em outros clientes MCP',
    mcpHelp:
      'Adicione isto ao claude_desktop_config.json (Claude Desktop) ou ao .cursor/mcp.json (Cursor). O cliente pode buscar, ler e citar seus artigos, mas não alterar a biblioteca; acrescente <code>--allow-add</code> aos args para deixá-lo adicionar artigos do arXiv, e <code>GEMINI_API_KEY</code> ao env para respostas geradas.',
    copy: 'Copiar',
    copied: 'Copiado.',
    copyFailed: 'Não foi possível copiar; selecione o texto e copie-o.'
  }
}
