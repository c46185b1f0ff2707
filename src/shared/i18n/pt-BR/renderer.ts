import type { Catalog } from '../en/renderer'
import { libraryPtBR } from './rendererLibrary'
import { chatPtBR } from './rendererChat'
import { labPtBR } from './rendererLab'
import { settingsFormPtBR } from './rendererSettings'

/** The Brazilian Portuguese catalog: the same keys as `../en/renderer.ts` (its type enforces it). */
export const ptBR: Catalog = {
  app: {
    dropTitle: 'Solte os PDFs para adicioná-los à biblioteca',
    dropHint: 'Solto sobre uma referência marcada “Sem PDF”, o PDF passa a ser o arquivo dela.',
    noKey: 'Sem chave de API — só trechos',
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
    themeDark: 'Tema: escuro'
  },
  shortcuts: {
    button: 'Atalhos de teclado',
    title: 'Atalhos de teclado',
    close: 'Fechar',
    hint: 'Tecle ? (ou {{mod}}+/) para ver esta lista.',
    groupWindow: 'Em qualquer lugar',
    groupThreads: 'Conversas',
    groupViewer: 'Com um artigo aberto',
    library: 'Buscar na biblioteca',
    question: 'Ir para a caixa de pergunta',
    newThread: 'Nova conversa',
    prevNextThread: 'Conversa anterior / seguinte',
    listMove: 'Percorrer a lista de conversas',
    rename: 'Renomear a conversa em foco',
    delete: 'Excluir a conversa em foco (Desfazer a traz de volta)',
    find: 'Localizar no artigo',
    zoom: 'Ampliar / reduzir / ajustar à largura',
    backForward: 'Voltar / avançar para o lugar anterior',
    escape: 'Fechar a busca, depois o artigo (o foco volta para a citação)',
    help: 'Mostrar esta lista'
  },
  map: {
    tab: 'Mapa',
    label: 'Mapa de citações',
    filters: 'Filtros do mapa',
    collection: 'Coleção',
    allPapers: 'Todos os artigos',
    fromYear: 'Do ano',
    toYear: 'Até o ano',
    search: 'Buscar um título ou autor',
    showMissing: 'Obras que faltam',
    loading: 'Desenhando o mapa…',
    nodes: 'Artigos no mapa',
    summary:
      '{{papers, number}} artigos, {{cites, number}} citações entre eles, {{missing, number}} obras citadas por dois ou mais que você não tem',
    noYear: 'sem ano',
    citedBy: 'Citado por {{count, number}} dos seus artigos',
    missingCitedBy: 'Fora da biblioteca; citada por {{count, number}} dos seus artigos',
    noIdentifier: 'Nenhum id do arXiv ou DOI foi impresso para esta obra',
    add: 'Adicionar',
    clusters: 'Grupos',
    cluster: '{{label}} ({{count, number}})',
    compareThese: 'Comparar estes ({{count, number}})',
    colourBy: 'Colorir por',
    colourByCluster: 'Cor: grupo',
    colourByCollection: 'Cor: coleção',
    collections: 'Coleções',
    noCollection: 'Em nenhuma coleção',
    selectHint:
      'Shift+clique nos artigos (ou Shift+Enter em um) para escolher vários; escolha um grupo para escolher os artigos dele.',
    selection: 'Artigos escolhidos',
    selected: '{{count, number}} escolhidos',
    clearSelection: 'Limpar'
  },
  compare: {
    views: 'Modos de exibição',
    tabChat: 'Conversa',
    tabCompare: 'Comparar',
    label: 'Comparar artigos',
    new: 'Comparar artigos',
    papers: 'Artigos',
    pickerLabel: 'Artigos a comparar',
    findPapers: 'Buscar artigos por título, autor ou ano',
    chosenCount_one: '{{count, number}} artigo escolhido',
    chosenCount_other: '{{count, number}} artigos escolhidos',
    clearChosen: 'Limpar',
    noPaperMatch: 'Nenhum artigo indexado corresponde a “{{query}}”.',
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
  ...libraryPtBR,
  ...labPtBR,
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
  ...chatPtBR,
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
    ...settingsFormPtBR,
    themes: { system: 'Igual ao sistema', light: 'Claro', dark: 'Escuro' },
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
    localModelIdle:
      'O modelo local só é usado quando o Gemini não responde; agora ele também não responde:',
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
    uiLanguageNames: { en: 'Inglês', 'pt-BR': 'Português (Brasil)' },
    answerLanguage: 'Idioma das respostas',
    answerUi: 'O mesmo da interface',
    answerQuestion: 'O mesmo da pergunta',
    answerLanguageHelp: 'Os artigos continuam em inglês; as respostas são escritas neste idioma.',
    toolRounds: 'Rodadas de busca por resposta',
    autoUpdate: 'Procurar atualizações automaticamente',
    autoUpdateHelp:
      'Ao iniciar e uma vez por dia, novas versões são procuradas no GitHub e baixadas em segundo plano; o app pergunta antes de reiniciar. Versões que não se atualizam sozinhas (um .deb, um app de Mac sem assinatura) nunca procuram.',
    ocrLanguage: 'Idioma do OCR para páginas digitalizadas',
    ocrLanguages: { eng: 'Inglês', por: 'Português' },
    ocrHelp:
      'Páginas sem camada de texto são lidas por OCR, sem internet; páginas em branco são puladas. Um artigo cujas outras páginas estão em inglês ou português é lido nessa língua; esta começa um artigo que é só digitalização, e se as primeiras páginas estiverem na outra língua, o resto é lido nela.',
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
    addressUnconfirmed:
      'O arquivo de configurações indica {{address}} como endereço da API do Gemini, mas sua chave não foi digitada nem confirmada para ele (um arquivo de configurações copiado ou sincronizado de outro lugar pode indicar qualquer endereço). Até você confirmar, a chave só é enviada para {{keyAddress}}.',
    confirmAddress: 'Enviar minha chave para este endereço',
    googleEndpoint: 'o endpoint do próprio Google',
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
    sync: {
      heading: 'Pastas observadas e Zotero',
      help: 'PDFs novos ou alterados nestas pastas e itens novos da biblioteca do Zotero vinculada entram na biblioteca sozinhos enquanto o app está aberto. Um arquivo renomeado ou movido continua com o seu artigo; quando um arquivo ou item some, o artigo é mantido e marcado, nunca removido.',
      folders: 'Pastas observadas',
      noFolders: 'Nenhuma pasta observada ainda.',
      addFolder: 'Observar uma pasta…',
      poll: 'Verificar periodicamente (para pastas de rede e sincronizadas na nuvem)',
      files_one: '{{count, number}} PDF',
      files_other: '{{count, number}} PDFs',
      missing: '{{count, number}} ausentes',
      polled: 'verificada periodicamente',
      lastSync: 'sincronizada {{when}}',
      never: 'ainda não sincronizada',
      remove: 'Parar de observar',
      removeLabel: 'Parar de observar {{path}}',
      zotero: 'Zotero',
      zoteroNone: 'Nenhuma biblioteca do Zotero vinculada.',
      linkZotero: 'Vincular uma pasta de dados do Zotero…',
      collections: 'Coleções a acompanhar (nenhuma marcada: a biblioteca inteira)',
      link: 'Vincular',
      cancel: 'Cancelar',
      zoteroLinked:
        'Acompanhando {{dir}} só para leitura (o Zotero pode continuar aberto): {{scope}}.',
      wholeLibrary: 'a biblioteca inteira',
      items_one: '{{count, number}} item',
      items_other: '{{count, number}} itens',
      trashed: '{{count, number}} na lixeira dele',
      unlink: 'Desvincular o Zotero',
      pause: 'Pausar',
      resume: 'Retomar',
      paused: 'Pausado: nada é sincronizado até você retomar.',
      syncNow: 'Sincronizar agora',
      syncing: 'Sincronizando…',
      lastRun: 'Última sincronização {{when}}: {{summary}}.',
      noRun: 'Nada sincronizado ainda.',
      noChanges: 'nenhuma mudança',
      count: {
        new_one: '{{count, number}} novo',
        new_other: '{{count, number}} novos',
        updated_one: '{{count, number}} atualizado',
        updated_other: '{{count, number}} atualizados',
        moved_one: '{{count, number}} movido',
        moved_other: '{{count, number}} movidos',
        restored_one: '{{count, number}} de volta',
        restored_other: '{{count, number}} de volta',
        missing_one: '{{count, number}} arquivo ausente',
        missing_other: '{{count, number}} arquivos ausentes',
        trashed_one: '{{count, number}} na lixeira do Zotero',
        trashed_other: '{{count, number}} na lixeira do Zotero',
        duplicate_one: '{{count, number}} já na biblioteca',
        duplicate_other: '{{count, number}} já na biblioteca',
        failed_one: '{{count, number}} não pôde ser lido',
        failed_other: '{{count, number}} não puderam ser lidos',
        noPdf_one: '{{count, number}} sem PDF (só os dados)',
        noPdf_other: '{{count, number}} sem PDF (só os dados)'
      },
      kind: {
        new: 'novo',
        updated: 'atualizado',
        moved: 'movido ou renomeado',
        restored: 'de volta',
        missing: 'arquivo ausente, mantido',
        trashed: 'na lixeira do Zotero, mantido',
        duplicate: 'já na biblioteca',
        failed: 'não pôde ser lido',
        noPdf: 'sem PDF, só os dados'
      }
    },
    apiServer: {
      heading: 'API local para scripts e notebooks',
      switch: 'Rodar a API HTTP local enquanto o aplicativo estiver aberto',
      port: 'Porta',
      portInvalid: 'Escolha uma porta de 1024 a 65535.',
      help: 'Python, R ou curl neste computador podem então perguntar com <code>POST /ask</code> e ler artigos, páginas e BibTeX, com o token abaixo. Ela atende só em 127.0.0.1 e não adiciona nem remove artigos. A mesma API roda sem o aplicativo com <code>researchpal serve</code>.',
      running:
        'Atendendo em <code>{{url}}</code>; a documentação interativa está em <code>{{docs}}</code>.',
      tokenOnce:
        'O token a enviar como "Authorization: Bearer <token>". Ele aparece aqui uma vez só; copie-o agora.',
      tokenFile:
        'O token fica guardado em {{file}} (só você pode lê-lo); apague o arquivo para ter um novo.',
      tokenEnv: 'O token é o definido por RESEARCHPAL_API_TOKEN.'
    },
    mcp: 'Usar no Claude Desktop, no Cursor e em outros clientes MCP',
    mcpHelp:
      'Adicione isto ao claude_desktop_config.json (Claude Desktop) ou ao .cursor/mcp.json (Cursor). O cliente pode buscar, ler e citar seus artigos, mas não alterar a biblioteca; acrescente <code>--allow-add</code> aos args para deixá-lo adicionar artigos do arXiv, e <code>GEMINI_API_KEY</code> ao env para respostas geradas.',
    copy: 'Copiar',
    copied: 'Copiado.',
    copyFailed: 'Não foi possível copiar; selecione o texto e copie-o.'
  }
}
