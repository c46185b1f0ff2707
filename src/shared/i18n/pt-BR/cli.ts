import type { CliCatalog } from '../en/cli'
import { cliUsageErrorsPtBR } from './cliUsage'
import { cliSyncPtBR } from './cliSync'

/** The command line's texts in Brazilian Portuguese: the same keys (its type enforces it). */
export const cliPtBR: CliCatalog = {
  localModel: '[Modelo local {{model}}]',
  localModelFallback:
    '[Modelo local {{model}} — o Gemini não pôde ser alcançado, então o modelo local respondeu]',
  evidenceOnly: '[Só trechos — não é uma resposta gerada]',
  evidenceOnlyWhy: '[Só trechos — não é uma resposta gerada: {{why}}]',
  unverified: '[Não verificada]',
  unverifiedWhy: '[Não verificada: {{why}}]',
  keyHint: 'A linha de comando lê a chave da API Gemini da variável de ambiente GEMINI_API_KEY.',
  outsideScope:
    '[Os artigos a que esta conversa se limita não parecem tratar disso; estes artigos da sua biblioteca tratam: {{papers}}. Pergunte numa conversa sobre todos os artigos para usá-los.]',
  sources: 'Fontes:',
  source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
  usage: '(tokens: {{input, number}} de entrada / {{output, number}} de saída)',
  paperRemoved: '(artigo removido da biblioteca)',
  followUp:
    'Conversa {{threadId}} (turno {{turnId}}). Continue com: ask --thread {{threadId}} "..."',
  noThreads: 'Nenhuma conversa ainda. Comece uma com: ask --new-thread "<pergunta>"',
  damagedThread: '! {{file}} não pôde ser lido ({{reason}}); movido para {{movedTo}}',
  recoveredThread:
    '! {{file}} estava danificado ({{reason}}): a conversa voltou com as {{count}} pergunta(s) lidas inteiras antes do dano; o que vinha depois não pôde ser recuperado. O arquivo danificado foi guardado como {{movedTo}}',
  error: 'Erro ({{code}}): {{message}}',
  ingested: '✓ {{id}}  {{pages, number}} páginas, {{chunks, number}} trechos',
  ingestedOcr:
    '✓ {{id}}  {{pages, number}} páginas, {{chunks, number}} trechos (OCR: {{ocr, number}} páginas lidas, {{skipped, number}} páginas em branco puladas)',
  notice: '! {{message}}',
  help: `ResearchPal — faça perguntas sobre os PDFs dos seus artigos, com citações.

Uso: npm run --silent cli -- <comando> [opções]

Comandos:
  ingest <pdf|pasta|id do arXiv>...  Adiciona artigos e os indexa (sai com 1 se algum falhar)
  import-folder <pasta>            Importa todos os PDFs de uma pasta (milhares), com tempo
                                   restante; Ctrl-C pausa, e rodá-lo de novo (ou sair e
                                   reiniciar) continua de onde parou; duplicatas e falhas
                                   são listadas no fim
  tune-ingest [pasta]              Mede de novo qual arranjo do embedder (workers × threads
                                   do ONNX Runtime) e tamanho de lote indexam mais rápido
                                   aqui, de ponta a ponta nos primeiros PDFs da pasta (ou da
                                   biblioteca); senão, medido uma vez por máquina
  papers                           Lista a biblioteca (--json: com autores, ano, veículo,
                                   DOI, etiquetas, coleções e a origem de cada campo)
  paper edit <paperId> [--title T] [--authors "A; B"] [--year N] [--venue V] [--doi D]
                       [--language pt|en] [--tags "a, b"]
                                   Corrige os dados de um artigo; os metadados automáticos
                                   nunca sobrescrevem o que você editou (um valor vazio
                                   apaga o campo)
  bib [paperId...] [--collection NOME]
                                   BibTeX desses artigos, de uma coleção ou de tudo
  cite [paperId...] [--collection NOME] [--style apa|abnt|ieee|chicago|vancouver|bibtex|ris]
                                   Referências formatadas desses artigos, de uma coleção ou de
                                   tudo (estilo padrão: ABNT em português, APA em inglês)
  import-bib <arquivo.bib|arquivo.ris> [--collection NOME]
                                   Adiciona as entradas cujo campo file aponta para um PDF,
                                   com seus metadados; guarda as outras como referências
                                   sem PDF (listadas, citáveis, fora das buscas até ter PDF)
  import-zotero <pasta do Zotero> [--collection NOME]...
                                   Adiciona os PDFs de uma biblioteca do Zotero (ou das
                                   coleções indicadas) com seus metadados; as coleções do
                                   Zotero viram coleções aqui. O Zotero pode ficar aberto.
  watch add|remove|list [<pasta>] [--poll]
                                   Observar pastas: PDFs novos ou alterados entram sozinhos
                                   (quando param de crescer), um arquivo renomeado mantém
                                   seu artigo, um apagado o marca "arquivo ausente" (nunca
                                   removido). --poll para pastas de rede ou da nuvem.
                                   watch pause|resume pausa ou retoma a sincronização
  zotero link <pasta do Zotero> [--collection NOME]...
                                   Acompanhar uma biblioteca do Zotero (só leitura): itens
                                   novos com PDF chegam, mudanças de campos e coleções
                                   seguem, itens na lixeira do Zotero são marcados aqui,
                                   não removidos
  zotero unlink                    Deixar de acompanhar o Zotero (seus artigos ficam)
  sync [--once]                    Pôr em dia as pastas observadas e o Zotero, e seguir
                                   observando até Ctrl-C (--once: uma passada e sai)
  lab connect|status|publish|search|open|disconnect
                                   Biblioteca de laboratório compartilhada em PostgreSQL +
                                   pgvector (lab: ajuda)
  add-doi <DOI>                    Adiciona o PDF de acesso aberto de um artigo (Unpaywall)
                                   com os dados do Crossref
  search-arxiv "<título>"          Artigos do arXiv com esse título, para adicionar com
                                   ingest <id>
  refresh-metadata [paperId...]    Pede ao arXiv e ao Crossref (OpenAlex como alternativa) os
                                   dados dos artigos; suas edições são mantidas
  related <paperId>                Os artigos da biblioteca mais parecidos com este
  missing-refs <paperId>           Referências citadas pelo artigo que faltam na biblioteca,
                                   com o id do arXiv ou o DOI para adicionar cada uma
  graph [--collection NOME]        O mapa de citações: quais artigos citam quais, obras
                                   que vários citam e faltam na biblioteca, grupos
  collections                      Lista as coleções
  collection create|rename|delete|add|remove NOME [NOVO NOME | paperId...]
                                   Organiza os artigos em coleções
  remove <paperId>                 Remove um artigo, seu texto, seus vetores e seu PDF
  repair                           Verifica cada artigo e reconstrói o que estiver danificado
                                   (texto das páginas, arquivos do índice) a partir do PDF
  search "<consulta>" [--k N] [--paper <paperId>]...
                                   Busca híbrida (semântica + palavras-chave) na biblioteca
  section <paperId> <nome>         Mostra uma seção (abstract, introduction, conclusion, ...)
  ask "<pergunta>" [--provider gemini|local] [--model <nome>]
                                   Responde com citações numeradas: o Gemini, ou um servidor
                                   local compatível com OpenAI (Ollama, LM Studio,
                                   llama.cpp); só trechos sem uma chave ou um modelo
  compare --papers <id,id,...> | --collection NOME | --thread <id>
          --question "<p>" [--question ...] [--claim "<a>"] [--export markdown|csv|bibtex]
                                   Faz as mesmas perguntas a cada artigo: uma tabela de
                                   evidências, cada célula a partir dos trechos do próprio
                                   artigo (só trechos sem GEMINI_API_KEY ou sem rede); salva
                                   na biblioteca. --thread: os artigos da conversa, salva
                                   junto com ela
  comparisons [--thread <id>]      Lista as comparações salvas (as de uma conversa)
  ask --new-thread "<pergunta>" [--paper <paperId>]...
                                   Começa uma conversa salva (limitada a esses artigos)
  ask --thread <id> "<pergunta>"   Faz uma pergunta de continuação numa conversa; ela vê o
                                   histórico
  threads                          Lista as conversas, as mais recentes primeiro
  thread show <id>                 Mostra uma conversa, turno a turno, e suas comparações
  thread export <id> --format md|bib [--turn <turnId>]
                                   Exporta a conversa em Markdown com referências, ou o
                                   BibTeX dela
  demo                             Indexa os três artigos padrão e faz uma pergunta de exemplo
  mcp [--http <porta>] [--allow-add]
                                   Servidor MCP para Claude Desktop, Cursor...: stdio, ou HTTP
                                   em 127.0.0.1 com um token bearer (mostrado no stderr).
                                   Só leitura, a menos que --allow-add (acrescenta a
                                   ferramenta add_paper)
  serve [--port <n>] [--allow-add] API HTTP para scripts e notebooks em 127.0.0.1 (porta
                                   padrão 8765): POST /ask, /papers, /search, /threads;
                                   documentação em /docs, MCP em /mcp. Token bearer em
                                   <biblioteca>/api-token. Só leitura, a menos que
                                   --allow-add (acrescenta POST /papers)

Opções:
  --data-dir <pasta>  Pasta da biblioteca (padrão: a pasta de dados do app, ou
                      RESEARCHPAL_DATA_DIR)
  --json              Imprime exatamente um documento JSON no stdout (o progresso vai para
                      o stderr)
  --wait <segundos>   Quanto ingest/remove/demo/ask/thread(s) (padrão 300) e
                      mcp --allow-add (padrão 0) esperam enquanto outro processo (o app,
                      outro comando) grava na pasta de dados; 0 recusa na hora.
                      papers, search e section só leem, e nunca esperam
  --help              Mostra esta ajuda

Ambiente:
  GEMINI_API_KEY     Chave da API Gemini para respostas geradas
  GEMINI_MODEL       Modelo (padrão gemini-3.5-flash); GEMINI_BASE_URL: URL base da API
                     (proxies)
  RESEARCHPAL_LLM_BASE_URL  Servidor local (padrão http://127.0.0.1:11434/v1, o do Ollama);
                     https, ou http só para este computador. Sem conexão com o Gemini, ele é
                     usado no lugar.
  RESEARCHPAL_LLM_MODEL     O modelo local, por exemplo qwen2.5:3b
  RESEARCHPAL_MODEL_DIR  Pasta com o modelo de embeddings all-MiniLM-L6-v2
  RESEARCHPAL_ARXIV_URL  Espelho do arXiv de onde baixar os PDFs (padrão https://arxiv.org)
  RESEARCHPAL_API_TOKEN  Token bearer para serve e mcp --http (padrão: o salvo em
                     <biblioteca>/api-token, criado no primeiro início);
                     RESEARCHPAL_MCP_TOKEN o substitui para mcp --http
  O idioma deste texto: o idioma da interface do app, ou LC_ALL/LC_MESSAGES/LANG
`,
  usageErrors: cliUsageErrorsPtBR,
  signals: {
    pausing:
      'Pausando… os artigos em andamento terminam; rode o mesmo comando de novo para continuar. Ctrl-C de novo sai na hora (a importação ainda continua depois).',
    cancelling: 'Cancelando… a biblioteca continua consistente. Ctrl-C de novo sai na hora.'
  },
  status: {
    metadata: 'sem PDF',
    pending: 'na fila',
    downloading: 'baixando',
    extracting: 'lendo o texto',
    embedding: 'indexando',
    indexed: 'indexado',
    error: 'falhou'
  },
  stages: {
    rewriting: 'reescrevendo a pergunta para a busca',
    searching: 'buscando',
    reading: 'lendo',
    drafting: 'escrevendo a resposta',
    checking: 'verificando a resposta',
    revising: 'revisando a resposta'
  },
  stage: '… $t(cli.stages.{{stage}})',
  stageDetail: '… $t(cli.stages.{{stage}}): {{detail}}',
  ingestLine: '[{{done, number}}/{{total, number}}] {{paperId}}: $t(cli.status.{{stage}})',
  ingestBar:
    '{{bar}} {{done, number}}/{{total, number}} artigos · {{paperId}} $t(cli.status.{{stage}}){{step}}',
  compare: {
    rateLimited: '… limite de requisições: pausado por {{seconds, number}} s, depois continua',
    running: '… {{done, number}}/{{total, number}} células',
    ended: '… {{done, number}}/{{total, number}} células, $t(cli.compare.states.{{state}})',
    states: {
      running: 'em andamento',
      paused: 'pausada',
      done: 'concluída',
      cancelled: 'cancelada'
    },
    heading: 'Comparação {{id}}: {{papers, number}} artigo(s) × {{columns, number}} coluna(s)',
    evidenceOnly:
      'Só trechos (§): {{why}} As células mostram os melhores trechos de cada artigo, não respostas geradas.',
    noModel: 'nenhum modelo.',
    legend:
      'Legenda: ✓ respondida e verificada  – o artigo não diz  ? não verificada  § só trechos  ✗ falhou',
    claim: 'Afirmação: {{text}}',
    notStated: 'O artigo não diz.',
    verdicts: {
      supports: 'apoia',
      contradicts: 'contradiz',
      'does-not-address': 'não trata disso'
    },
    check: '(verificação: {{problem}})',
    passage: 'p. {{page}}: "{{snippet}}"',
    listRow:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  {{papers, number}} × {{columns, number}}  {{title}}',
    fromCollection: ' [coleção {{name}}]',
    fromConversation: ' [conversa {{id}}]',
    none: 'Nenhuma comparação salva ainda.',
    savedWithThread: 'Comparações salvas com esta conversa:'
  },
  threads: {
    row_zero:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  nenhum turno  {{scope}}{{title}}',
    row_one:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  {{count}} turno   {{scope}}{{title}}',
    row_other:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  {{count}} turnos  {{scope}}{{title}}',
    scope_one: '[{{count}} artigo] ',
    scope_other: '[{{count}} artigos] ',
    untitled: '(sem título)',
    headScoped_zero:
      '{{id}} · artigos {{papers}} · nenhum turno · atualizada em {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headScoped_one:
      '{{id}} · artigos {{papers}} · {{count}} turno · atualizada em {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headScoped_other:
      '{{id}} · artigos {{papers}} · {{count}} turnos · atualizada em {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headAll_zero:
      '{{id}} · todos os artigos · nenhum turno · atualizada em {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headAll_one:
      '{{id}} · todos os artigos · {{count}} turno · atualizada em {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headAll_other:
      '{{id}} · todos os artigos · {{count}} turnos · atualizada em {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    question: '--- {{number}}. P: {{question}}',
    turnStatus: {
      running: 'em andamento',
      done: 'concluído',
      stopped: 'interrompido',
      failed: 'falhou',
      interrupted: 'interrompido pelo fechamento do app'
    }
  },
  removed: '{{id}} removido.',
  repaired: 'A biblioteca foi verificada e todos os reparos necessários foram feitos.',
  repairedSome:
    'A biblioteca foi verificada e reparada; {{count}} artigo(s) ainda têm erro ({{ids}}): veja em papers --json o que cada um precisa.',
  cite: {
    none: 'Nenhum artigo para citar.'
  },
  search: {
    hybrid: 'Busca: híbrida ({{embedder}})',
    keyword: 'Busca: só palavras-chave (falta o modelo de embeddings)',
    result:
      '{{rank}}. {{title}}, p. {{page}} [{{section}}] pontuação {{score, number(minimumFractionDigits: 3; maximumFractionDigits: 3)}}'
  },
  section_one: '{{section}} (página {{pages}})',
  section_other: '{{section}} (páginas {{pages}})',
  papers: {
    row: '{{id}}  {{status}} {{pages}} p.  {{title}}',
    empty: 'A biblioteca está vazia. Adicione artigos com: ingest <pdf|pasta|id do arXiv>',
    unknownAuthors: 'autores desconhecidos',
    etAl: '{{author}} et al.',
    unreadable: '{{id}}  ilegível (mantido sem alteração): {{reason}}',
    from: 'de {{origin}}',
    fileMissing: '(arquivo ausente: mantido; devolva o arquivo ou remova o artigo)',
    zoteroTrash: '(na lixeira do Zotero: mantido; remova-o aqui se quiser)',
    noId: '(sem id)',
    authors: '  autores: {{value}}',
    yearVenueDoi: '  ano: {{year}}   veículo: {{venue}}   DOI: {{doi}}',
    tags: '  etiquetas: {{value}}',
    language: '  idioma: {{value}}',
    edited: '  editado à mão (mantido em vez dos metadados automáticos): {{fields}}',
    fields: {
      title: 'título',
      authors: 'autores',
      year: 'ano',
      venue: 'veículo',
      doi: 'DOI',
      abstract: 'resumo',
      language: 'idioma'
    }
  },
  collections: {
    row_zero: '{{name}}  (nenhum artigo)',
    row_one: '{{name}}  ({{count}} artigo)',
    row_other: '{{name}}  ({{count}} artigos)',
    none: 'Nenhuma coleção ainda. Crie uma com: collection create NOME',
    created: 'Coleção "{{name}}" criada.',
    renamed: 'Renomeada para "{{name}}".',
    deleted: 'Coleção "{{name}}" apagada (os artigos dela continuam na biblioteca).',
    added_one: '{{count}} artigo adicionado a "{{name}}".',
    added_other: '{{count}} artigos adicionados a "{{name}}".',
    removed_one: '{{count}} artigo removido de "{{name}}".',
    removed_other: '{{count}} artigos removidos de "{{name}}".'
  },
  imports: {
    added: '✓ {{id}}  {{title}}',
    duplicate: '✓ {{id}}  {{title}}  (já está na biblioteca)',
    failed: '✗ {{file}}  {{reason}}',
    read_one: '{{count}} entrada lida ({{encoding}}).',
    read_other: '{{count}} entradas lidas ({{encoding}}).',
    readItems_one: '{{count}} item lido.',
    readItems_other: '{{count}} itens lidos.',
    issue: '  linha {{line}} ({{key}}): {{reason}}',
    issues: {
      noKey: 'entrada sem chave — importada com a chave {{detail}}',
      recovered: 'erro de sintaxe ({{detail}}) — os campos foram lidos linha a linha; confira-os',
      syntax: 'erro de sintaxe ({{detail}}) — entrada ignorada',
      unknownType: 'tipo de entrada desconhecido @{{detail}} — importada como referência genérica',
      badDate: 'data "{{detail}}" não entendida — importada sem ano',
      missingCrossref: 'o crossref/xdata "{{detail}}" não está no arquivo — importada sem ele'
    },
    matched_one: '{{count}} entrada sem PDF já está na biblioteca:',
    matched_other: '{{count}} entradas sem PDF já estão na biblioteca:',
    matchedEntry: '  = {{title}} → {{id}}',
    withoutPdf_one:
      '{{count}} entrada não tem PDF: guardada na biblioteca como referência sem PDF (listada com os artigos como "sem PDF", fora das buscas até o PDF ser buscado ou anexado):',
    withoutPdf_other:
      '{{count}} entradas não têm PDF: guardadas na biblioteca como referências sem PDF (listadas com os artigos como "sem PDF", fora das buscas até o PDF ser buscado ou anexado):',
    reading: '… {{done, number}}/{{total, number}} entradas lidas',
    untitled: '(sem título)',
    entry: '  - {{title}}: {{reason}}',
    entryArxiv: '  - {{title}}: {{reason}} — busque o PDF com: ingest {{arxivId}}',
    entryDoi: '  - {{title}}: {{reason}} — busque o PDF com: add-doi {{doi}}',
    collections: 'Coleções: {{names}}',
    nothing: 'Nada para importar.'
  },
  online: {
    arxivCandidate: '{{arxivId}}  {{title}} — {{author}}{{year}}',
    addOne: 'Adicione um com: ingest <id do arXiv>',
    noArxivMatch: 'O arXiv não tem artigo com esse título.',
    updated_zero: 'Nenhum artigo atualizado pelo arXiv/Crossref.',
    updated_one: '{{count}} artigo atualizado pelo arXiv/Crossref.',
    updated_other: '{{count}} artigos atualizados pelo arXiv/Crossref.',
    stopped: '{{message}} ({{count, number}} ainda a consultar)'
  },
  discover: {
    mostLike: 'Mais parecidos com {{id}} (por {{mode}}):',
    modes: {
      vectors: 'vetores ({{embedder}}) e palavras-chave',
      keywords: 'palavras-chave'
    },
    noOther: 'Ainda não há outro artigo indexado na biblioteca.',
    missing: '{{count, number}} de {{total, number}} referências não estão na biblioteca:',
    withoutPdf: 'outras {{count, number}} estão na biblioteca sem PDF (sem PDF):'
  },
  graph: {
    summary:
      '{{papers, number}} artigos, {{cites, number}} citações entre eles, {{similar, number}} ligações por semelhança, {{ghosts, number}} obras citadas por dois ou mais que faltam na biblioteca',
    cluster: 'Grupo {{id}} ({{label}}):',
    cites: '{{source}} cita {{target}}',
    ghost: '{{title}} — citada por {{count, number}}',
    ghosts: 'Citadas por dois ou mais, fora da biblioteca:'
  },
  folderImport: {
    line: '… {{settled, number}}/{{total, number}} arquivos (indexados: {{indexed, number}}, duplicados: {{duplicates, number}}, com falha: {{failed, number}}), {{rate, number(minimumFractionDigits: 2; maximumFractionDigits: 2)}} artigos/s, {{eta}}',
    done: 'concluído',
    paused: 'pausado',
    pausing: 'pausando',
    estimating: 'estimando…',
    left: 'faltam cerca de {{duration}}',
    starting: 'Importando {{total, number}} PDF(s) de {{folder}}',
    resuming:
      'Importando {{total, number}} PDF(s) de {{folder}} (continuando: {{done, number}} já feitos)',
    finished:
      '{{folder}} importada em {{duration}}, de {{total, number}} PDF(s) — indexados: {{indexed, number}}, duplicados: {{duplicates, number}}, com falha: {{failed, number}}.',
    stoppedPaused:
      'Importação de {{folder}} pausada — indexados: {{indexed, number}}, duplicados: {{duplicates, number}}, com falha: {{failed, number}}, faltam {{left, number}} de {{total, number}}. Rode o mesmo comando de novo para continuar.',
    stoppedCancelled:
      'Importação de {{folder}} cancelada — indexados: {{indexed, number}}, duplicados: {{duplicates, number}}, com falha: {{failed, number}}, faltam {{left, number}} de {{total, number}}. Rode o mesmo comando de novo para continuar.',
    failures: 'Com falha:',
    duplicates: 'Duplicados (ignorados):'
  },
  sync: cliSyncPtBR,
  tuning: {
    head: 'Indexação nesta máquina: {{workers, number}} worker(s) do embedder × {{threads, number}} thread(s) do ONNX Runtime, lotes de {{batch, number}} (salvo em {{file}}).',
    trial:
      '  {{mark}} {{workers, number}} worker(s) × {{threads, number}} thread(s), lote {{batch, number}}: {{rate, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} trechos/s de ponta a ponta, maior pausa {{stall, number(maximumFractionDigits: 0)}} ms'
  },
  demo: {
    adding: 'Adicionando os três artigos padrão (Transformer, BERT, RAG)...',
    paper: '✓ {{id}}  {{title}} ({{pages, number}} páginas, {{chunks, number}} trechos)',
    question: 'P: {{question}}',
    prompt: 'Pergunte sobre os artigos (linha vazia para sair): '
  },
  mcp: {
    onStdio: 'Servidor MCP do ResearchPal no stdio',
    serverAt: 'Servidor MCP do ResearchPal em {{url}}',
    header: 'Toda requisição precisa do cabeçalho: Authorization: Bearer {{token}}'
  },
  serve: {
    at: 'API do ResearchPal em {{url}} (documentação: {{url}}/docs, MCP: {{url}}/mcp)',
    readOnly: 'Só leitura: inicie com --allow-add para adicionar artigos por HTTP.',
    tokenCreated: 'Novo token bearer (salvo em {{file}}; mostrado só desta vez): {{token}}',
    tokenSaved: 'Token bearer: o salvo em {{file}}',
    tokenEnv: 'Token bearer: RESEARCHPAL_API_TOKEN',
    stop: 'Ctrl+C encerra o servidor.'
  }
}
