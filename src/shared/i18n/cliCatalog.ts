/**
 * The command line's texts for people (help, usage errors, progress, lists), in each UI
 * language: the `cli` section of main's catalog (mainCatalog.ts), kept in its own file.
 * @remarks Numbers go through i18next's `number` format and dates through `datetime`
 * (Intl, in the language of the text), so "0.42 papers/s" is "0,42 artigos/s" in Portuguese.
 */
export const cliEn = {
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
  usage: '({{input, number}} input / {{output, number}} output tokens)',
  paperRemoved: '(paper removed from the library)',
  followUp:
    'Thread {{threadId}} (turn {{turnId}}). Follow up with: ask --thread {{threadId}} "..."',
  noThreads: 'No conversations yet. Start one with: ask --new-thread "<question>"',
  damagedThread: '! {{file}} could not be read ({{reason}}); moved to {{movedTo}}',
  error: 'Error ({{code}}): {{message}}',
  ingested: '✓ {{id}}  {{pages, number}} pages, {{chunks, number}} chunks',
  notice: '! {{message}}',
  help: `ResearchPal — ask questions about your paper PDFs, with citations.

Usage: npm run --silent cli -- <command> [options]

Commands:
  ingest <pdf|folder|arXiv id>...  Add papers and index them (exit 1 if any failed)
  import-folder <folder>           Import every PDF under a folder (thousands), with ETA;
                                   Ctrl-C pauses, and running it again (or quitting and
                                   restarting) resumes where it stopped; duplicates and
                                   failures are listed at the end
  tune-ingest [folder]             Measure again which ONNX Runtime thread count and batch
                                   size ingest fastest here (on the folder's PDFs or the
                                   library's); measured once per machine otherwise
  papers                           List the library (--json: with authors, year, venue,
                                   DOI, tags, collections and where each field came from)
  paper edit <paperId> [--title T] [--authors "A; B"] [--year N] [--venue V] [--doi D]
                       [--tags "a, b"]
                                   Correct a paper's details; automatic metadata never
                                   overwrites what you edit (an empty value clears a field)
  bib [paperId...] [--collection NAME]
                                   BibTeX for those papers, a collection, or everything
  import-bib <file.bib|file.ris> [--collection NAME]
                                   Add the entries whose file field points at a PDF, with
                                   their metadata; list the others (add them by arXiv id)
  import-zotero <Zotero folder> [--collection NAME]...
                                   Add the PDFs of a Zotero library (or of the named
                                   collections) with their metadata; Zotero collections
                                   become collections here. Zotero may stay open.
  add-doi <DOI>                    Add a paper's open-access PDF (Unpaywall) with Crossref's
                                   details
  search-arxiv "<title>"           arXiv papers with that title, to add with ingest <id>
  refresh-metadata [paperId...]    Ask arXiv and Crossref (OpenAlex as fallback) for the
                                   papers' details; your edits are kept
  related <paperId>                The library's papers most like this one
  missing-refs <paperId>           References the paper cites that the library lacks,
                                   with the arXiv id or DOI to add each
  collections                      List collections
  collection create|rename|delete|add|remove NAME [NEW NAME | paperId...]
                                   Organise papers into collections
  remove <paperId>                 Remove a paper, its text, vectors and PDF
  search "<query>" [--k N] [--paper <paperId>]...
                                   Hybrid (semantic + keyword) search over the library
  section <paperId> <name>         Print a section (abstract, introduction, conclusion, ...)
  ask "<question>" [--provider gemini|local] [--model <name>]
                                   Answer with numbered citations: Gemini, or a local
                                   OpenAI-compatible server (Ollama, LM Studio, llama.cpp);
                                   evidence-only without a key or a model
  compare --papers <id,id,...> | --collection NAME | --thread <id>
          --question "<q>" [--question ...] [--claim "<c>"] [--export markdown|csv|bibtex]
                                   Ask each paper the same questions: an evidence table, each
                                   cell from that paper's own passages (evidence-only
                                   without GEMINI_API_KEY or network); saved in the library.
                                   --thread: the conversation's papers, saved with it
  comparisons [--thread <id>]      List saved comparisons (those of one conversation)
  ask --new-thread "<question>" [--paper <paperId>]...
                                   Start a saved conversation (limited to those papers)
  ask --thread <id> "<follow-up>"  Ask a follow-up in a conversation; it sees the history
  threads                          List the conversations, newest first
  thread show <id>                 Print a conversation, turn by turn, and its comparisons
  thread export <id> --format md|bib [--turn <turnId>]
                                   Export it as Markdown with references, or its BibTeX
  demo                             Ingest the three default papers and ask a sample question
  mcp [--http <port>] [--allow-add]
                                   MCP server for Claude Desktop, Cursor...: stdio, or HTTP
                                   on 127.0.0.1 with a bearer token (printed on stderr).
                                   Read-only unless --allow-add (adds the add_paper tool)

Options:
  --data-dir <dir>   Library folder (default: the app's data folder, or RESEARCHPAL_DATA_DIR)
  --json             Print exactly one JSON document on stdout (progress goes to stderr)
  --wait <seconds>   How long ingest/remove/demo/ask/thread(s) (default 300) and
                     mcp --allow-add (default 0) wait while another process (the app, another
                     command) writes to the data folder; 0 refuses at once.
                     papers, search and section only read, and never wait
  --help             Show this help

Environment:
  GEMINI_API_KEY     Gemini API key for generated answers
  GEMINI_MODEL       Model (default gemini-3.5-flash); GEMINI_BASE_URL: API base URL (proxies)
  RESEARCHPAL_LLM_BASE_URL  Local server (default http://127.0.0.1:11434/v1, Ollama's);
                     https, or http to this computer only. Gemini offline falls back to it.
  RESEARCHPAL_LLM_MODEL     The local model, e.g. qwen2.5:3b
  RESEARCHPAL_MODEL_DIR  Folder with the all-MiniLM-L6-v2 embedding model
  RESEARCHPAL_ARXIV_URL  arXiv mirror to download PDFs from (default https://arxiv.org)
  RESEARCHPAL_MCP_TOKEN  Bearer token for mcp --http (default: a new random one each start)
  The language of this text: the app's interface language, or LC_ALL/LC_MESSAGES/LANG
`,
  usageErrors: {
    unknownOption: 'Unknown option {{option}}',
    needsValue: '{{option}} needs a value',
    needsValueDash:
      '{{option}} needs a value (write {{option}}=VALUE for a value that starts with a dash)',
    wholeNumber: "--{{name}} must be a whole number from {{min}} to {{max}}, not '{{value}}'",
    port: "--http must be a port number from 0 to 65535, not '{{value}}'",
    oneOf: "--{{name}} must be {{allowed}}, not '{{value}}'",
    wait: "--wait must be a number of seconds from 0 to 86400, not '{{value}}'",
    modelNeedsProvider: '--model needs --provider (gemini or local) to say whose model it is',
    needs: '{{command}} needs $t(cli.usageErrors.what.{{what}})',
    what: {
      inputs: 'at least one PDF, folder or arXiv id',
      paperId: 'a paper id',
      paperIdSeePapers: 'a paper id (see: papers)',
      query: 'a query in quotes',
      paperAndSection: 'a paper id and a section name',
      question: 'a question in quotes',
      threadVerb: '"show <id>" or "export <id> --format md|bib"',
      folder: 'a folder of PDFs',
      bibFile: 'a BibTeX or RIS file',
      zoteroFolder: 'the Zotero data folder (usually ~/Zotero)',
      doi: 'a DOI such as 10.18653/v1/N19-1423',
      title: 'a title in quotes',
      paperEdit: 'edit <paperId> [--title T] [--authors "A; B"] ...',
      paperEditField: 'at least one of --title --authors --year --venue --doi --tags',
      collectionVerb: 'create|rename|delete|add|remove NAME ...',
      renameNames: 'the old and the new name',
      paperIds: 'paper ids',
      exportFormat: '--format md or --format bib'
    },
    threadBoth: 'Use --thread or --new-thread, not both',
    paperNeedsNewThread: '--paper with ask limits a new conversation: add --new-thread',
    compareBoth: 'compare takes --papers or --collection, not both',
    comparePapers: 'compare needs --papers <id,id,...>, --collection NAME or --thread <id>',
    compareQuestion: 'compare needs at least one --question "..." or --claim "..."',
    year: "--year must be a year such as 2019, not '{{value}}'",
    unknownThreadCommand: "Unknown thread command '{{verb}}' (show or export)",
    unknownCollectionCommand: "Unknown collection command '{{verb}}'",
    unknownCommand: "Unknown command '{{command}}'",
    noCommand: 'No command given'
  },
  signals: {
    pausing:
      'Pausing… the papers in flight finish; run the same command again to resume. Ctrl-C again quits at once (the import still resumes).',
    cancelling: 'Cancelling… the library stays consistent. Ctrl-C again quits at once.'
  },
  /** A paper's place in ingestion (PAPER_STATUSES). */
  status: {
    pending: 'pending',
    downloading: 'downloading',
    extracting: 'extracting',
    embedding: 'embedding',
    indexed: 'indexed',
    error: 'error'
  },
  /** What an answer is doing (ANSWER_STAGES). */
  stages: {
    rewriting: 'rewriting the question',
    searching: 'searching',
    reading: 'reading',
    drafting: 'writing the answer',
    checking: 'checking the answer',
    revising: 'revising the answer'
  },
  stage: '… $t(cli.stages.{{stage}})',
  stageDetail: '… $t(cli.stages.{{stage}}): {{detail}}',
  ingestLine: '[{{done, number}}/{{total, number}}] {{paperId}}: $t(cli.status.{{stage}})',
  ingestBar:
    '{{bar}} {{done, number}}/{{total, number}} papers · {{paperId}} $t(cli.status.{{stage}}){{step}}',
  compare: {
    rateLimited: '… rate limited: paused for {{seconds, number}} s, then resuming',
    running: '… {{done, number}}/{{total, number}} cells',
    ended: '… {{done, number}}/{{total, number}} cells, $t(cli.compare.states.{{state}})',
    states: { running: 'running', paused: 'paused', done: 'done', cancelled: 'cancelled' },
    heading: 'Comparison {{id}}: {{papers, number}} papers × {{columns, number}} columns',
    evidenceOnly:
      "Evidence only (§): {{why}} Cells show each paper's best passages, not generated answers.",
    noModel: 'no model.',
    legend:
      'Legend: ✓ answered and checked  – the paper does not say  ? unverified  § evidence only  ✗ failed',
    claim: 'Claim: {{text}}',
    notStated: 'The paper does not say.',
    verdicts: {
      supports: 'supports',
      contradicts: 'contradicts',
      'does-not-address': 'does not address'
    },
    check: '(check: {{problem}})',
    passage: 'p. {{page}}: "{{snippet}}"',
    listRow:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  {{papers, number}} × {{columns, number}}  {{title}}',
    fromCollection: ' [collection {{name}}]',
    fromConversation: ' [conversation {{id}}]',
    none: 'No comparisons saved yet.',
    savedWithThread: 'Comparisons saved with this conversation:'
  },
  threads: {
    row_zero:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  no turns  {{scope}}{{title}}',
    row_one:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  {{count}} turn   {{scope}}{{title}}',
    row_other:
      '{{id}}  {{updated, datetime(dateStyle: short; timeStyle: short)}}  {{count}} turns  {{scope}}{{title}}',
    scope_one: '[{{count}} paper] ',
    scope_other: '[{{count}} papers] ',
    untitled: '(untitled)',
    headScoped_zero:
      '{{id}} · papers {{papers}} · no turns · updated {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headScoped_one:
      '{{id}} · papers {{papers}} · {{count}} turn · updated {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headScoped_other:
      '{{id}} · papers {{papers}} · {{count}} turns · updated {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headAll_zero:
      '{{id}} · all papers · no turns · updated {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headAll_one:
      '{{id}} · all papers · {{count}} turn · updated {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    headAll_other:
      '{{id}} · all papers · {{count}} turns · updated {{updated, datetime(dateStyle: medium; timeStyle: short)}}',
    question: '--- {{number}}. Q: {{question}}',
    turnStatus: {
      running: 'running',
      done: 'done',
      stopped: 'stopped',
      failed: 'failed',
      interrupted: 'interrupted'
    }
  },
  removed: 'Removed {{id}}.',
  search: {
    hybrid: 'Search: hybrid ({{embedder}})',
    keyword: 'Search: keyword only (embedding model missing)',
    result:
      '{{rank}}. {{title}}, p. {{page}} [{{section}}] score {{score, number(minimumFractionDigits: 3; maximumFractionDigits: 3)}}'
  },
  section_one: '{{section}} (page {{pages}})',
  section_other: '{{section}} (pages {{pages}})',
  papers: {
    row: '{{id}}  {{status}} {{pages}} pp  {{title}}',
    empty: 'The library is empty. Add papers with: ingest <pdf|folder|arXiv id>',
    unknownAuthors: 'unknown authors',
    etAl: '{{author}} et al.',
    unreadable: '{{id}}  unreadable (kept unchanged): {{reason}}',
    noId: '(no id)',
    authors: '  authors: {{value}}',
    yearVenueDoi: '  year: {{year}}   venue: {{venue}}   DOI: {{doi}}',
    tags: '  tags: {{value}}',
    edited: '  edited by hand (kept over automatic metadata): {{fields}}',
    fields: {
      title: 'title',
      authors: 'authors',
      year: 'year',
      venue: 'venue',
      doi: 'DOI',
      abstract: 'abstract'
    }
  },
  collections: {
    row_zero: '{{name}}  (no papers)',
    row_one: '{{name}}  ({{count}} paper)',
    row_other: '{{name}}  ({{count}} papers)',
    none: 'No collections yet. Create one with: collection create NAME',
    created: 'Created collection "{{name}}".',
    renamed: 'Renamed to "{{name}}".',
    deleted: 'Deleted collection "{{name}}" (its papers stay in the library).',
    added_one: 'Added {{count}} paper to "{{name}}".',
    added_other: 'Added {{count}} papers to "{{name}}".',
    removed_one: 'Removed {{count}} paper from "{{name}}".',
    removed_other: 'Removed {{count}} papers from "{{name}}".'
  },
  imports: {
    added: '✓ {{id}}  {{title}}',
    duplicate: '✓ {{id}}  {{title}}  (already in the library)',
    failed: '✗ {{file}}  {{reason}}',
    withoutPdf_one: '{{count}} entry was not added (no PDF):',
    withoutPdf_other: '{{count}} entries were not added (no PDF):',
    untitled: '(untitled)',
    entry: '  - {{title}}: {{reason}}',
    entryArxiv: '  - {{title}}: {{reason}} — add it with: ingest {{arxivId}}',
    entryDoi: '  - {{title}}: {{reason}} — DOI {{doi}}',
    collections: 'Collections: {{names}}',
    nothing: 'Nothing to import.'
  },
  online: {
    arxivCandidate: '{{arxivId}}  {{title}} — {{author}}{{year}}',
    addOne: 'Add one with: ingest <arXiv id>',
    noArxivMatch: 'arXiv has no paper with that title.',
    updated_zero: 'No paper updated from arXiv/Crossref.',
    updated_one: '{{count}} paper updated from arXiv/Crossref.',
    updated_other: '{{count}} papers updated from arXiv/Crossref.',
    stopped: '{{message}} ({{count, number}} still to ask)'
  },
  discover: {
    mostLike: 'Most like {{id}} (by {{mode}}):',
    modes: {
      vectors: 'vectors ({{embedder}}) and keywords',
      keywords: 'keywords'
    },
    noOther: 'No other indexed paper in the library yet.',
    missing: '{{count, number}} of {{total, number}} references are not in the library:'
  },
  folderImport: {
    line: '… {{settled, number}}/{{total, number}} files ({{indexed, number}} indexed, {{duplicates, number}} duplicate, {{failed, number}} failed), {{rate, number(minimumFractionDigits: 2; maximumFractionDigits: 2)}} papers/s, {{eta}}',
    done: 'done',
    paused: 'paused',
    pausing: 'pausing',
    estimating: 'estimating…',
    left: 'about {{duration}} left',
    starting: 'Importing {{total, number}} PDF(s) from {{folder}}',
    resuming:
      'Importing {{total, number}} PDF(s) from {{folder}} (resuming: {{done, number}} already done)',
    finished:
      'Imported {{folder}}: {{indexed, number}} indexed, {{duplicates, number}} duplicate(s), {{failed, number}} failed, of {{total, number}} PDF(s) in {{duration}}.',
    stoppedPaused:
      'Import of {{folder}} paused: {{indexed, number}} indexed, {{duplicates, number}} duplicate(s), {{failed, number}} failed, {{left, number}} left of {{total, number}}. Run the same command again to resume.',
    stoppedCancelled:
      'Import of {{folder}} cancelled: {{indexed, number}} indexed, {{duplicates, number}} duplicate(s), {{failed, number}} failed, {{left, number}} left of {{total, number}}. Run the same command again to resume.',
    failures: 'Failed:',
    duplicates: 'Duplicates (skipped):'
  },
  tuning: {
    head: 'Ingestion on this machine: {{threads, number}} ONNX Runtime thread(s), batches of {{batch, number}} (saved in {{file}}).',
    trial:
      '  {{mark}} {{threads, number}} thread(s), batch {{batch, number}}: {{rate, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} chunks/s, longest stall {{stall, number(maximumFractionDigits: 0)}} ms'
  },
  demo: {
    adding: 'Adding the three default papers (Transformer, BERT, RAG)...',
    paper: '✓ {{id}}  {{title}} ({{pages, number}} pages, {{chunks, number}} chunks)',
    question: 'Q: {{question}}',
    prompt: 'Ask about the papers (empty line to quit): '
  },
  mcp: {
    serverAt: 'ResearchPal MCP server at {{url}}',
    header: 'Every request needs the header: Authorization: Bearer {{token}}'
  }
}

/** The CLI catalog's shape: the English one's keys, any string values. */
export type CliCatalog = Strings<typeof cliEn>
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }

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
  sources: 'Fontes:',
  source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
  usage: '(tokens: {{input, number}} de entrada / {{output, number}} de saída)',
  paperRemoved: '(artigo removido da biblioteca)',
  followUp:
    'Conversa {{threadId}} (turno {{turnId}}). Continue com: ask --thread {{threadId}} "..."',
  noThreads: 'Nenhuma conversa ainda. Comece uma com: ask --new-thread "<pergunta>"',
  damagedThread: '! {{file}} não pôde ser lido ({{reason}}); movido para {{movedTo}}',
  error: 'Erro ({{code}}): {{message}}',
  ingested: '✓ {{id}}  {{pages, number}} páginas, {{chunks, number}} trechos',
  notice: '! {{message}}',
  help: `ResearchPal — faça perguntas sobre os PDFs dos seus artigos, com citações.

Uso: npm run --silent cli -- <comando> [opções]

Comandos:
  ingest <pdf|pasta|id do arXiv>...  Adiciona artigos e os indexa (sai com 1 se algum falhar)
  import-folder <pasta>            Importa todos os PDFs de uma pasta (milhares), com tempo
                                   restante; Ctrl-C pausa, e rodá-lo de novo (ou sair e
                                   reiniciar) continua de onde parou; duplicatas e falhas
                                   são listadas no fim
  tune-ingest [pasta]              Mede de novo qual número de threads do ONNX Runtime e
                                   tamanho de lote indexam mais rápido aqui (com os PDFs da
                                   pasta ou da biblioteca); senão, medido uma vez por máquina
  papers                           Lista a biblioteca (--json: com autores, ano, veículo,
                                   DOI, etiquetas, coleções e a origem de cada campo)
  paper edit <paperId> [--title T] [--authors "A; B"] [--year N] [--venue V] [--doi D]
                       [--tags "a, b"]
                                   Corrige os dados de um artigo; os metadados automáticos
                                   nunca sobrescrevem o que você editou (um valor vazio
                                   apaga o campo)
  bib [paperId...] [--collection NOME]
                                   BibTeX desses artigos, de uma coleção ou de tudo
  import-bib <arquivo.bib|arquivo.ris> [--collection NOME]
                                   Adiciona as entradas cujo campo file aponta para um PDF,
                                   com seus metadados; lista as outras (adicione-as pelo id
                                   do arXiv)
  import-zotero <pasta do Zotero> [--collection NOME]...
                                   Adiciona os PDFs de uma biblioteca do Zotero (ou das
                                   coleções indicadas) com seus metadados; as coleções do
                                   Zotero viram coleções aqui. O Zotero pode ficar aberto.
  add-doi <DOI>                    Adiciona o PDF de acesso aberto de um artigo (Unpaywall)
                                   com os dados do Crossref
  search-arxiv "<título>"          Artigos do arXiv com esse título, para adicionar com
                                   ingest <id>
  refresh-metadata [paperId...]    Pede ao arXiv e ao Crossref (OpenAlex como alternativa) os
                                   dados dos artigos; suas edições são mantidas
  related <paperId>                Os artigos da biblioteca mais parecidos com este
  missing-refs <paperId>           Referências citadas pelo artigo que faltam na biblioteca,
                                   com o id do arXiv ou o DOI para adicionar cada uma
  collections                      Lista as coleções
  collection create|rename|delete|add|remove NOME [NOVO NOME | paperId...]
                                   Organiza os artigos em coleções
  remove <paperId>                 Remove um artigo, seu texto, seus vetores e seu PDF
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
  RESEARCHPAL_MCP_TOKEN  Token bearer para mcp --http (padrão: um novo, aleatório, a cada início)
  O idioma deste texto: o idioma da interface do app, ou LC_ALL/LC_MESSAGES/LANG
`,
  usageErrors: {
    unknownOption: 'Opção desconhecida {{option}}',
    needsValue: '{{option}} precisa de um valor',
    needsValueDash:
      '{{option}} precisa de um valor (escreva {{option}}=VALOR para um valor que começa com hífen)',
    wholeNumber: "--{{name}} deve ser um número inteiro de {{min}} a {{max}}, não '{{value}}'",
    port: "--http deve ser um número de porta de 0 a 65535, não '{{value}}'",
    oneOf: "--{{name}} deve ser {{allowed}}, não '{{value}}'",
    wait: "--wait deve ser um número de segundos de 0 a 86400, não '{{value}}'",
    modelNeedsProvider:
      '--model precisa de --provider (gemini ou local) para dizer de quem é o modelo',
    needs: '{{command}} precisa de $t(cli.usageErrors.what.{{what}})',
    what: {
      inputs: 'pelo menos um PDF, uma pasta ou um id do arXiv',
      paperId: 'um id de artigo',
      paperIdSeePapers: 'um id de artigo (veja: papers)',
      query: 'uma consulta entre aspas',
      paperAndSection: 'um id de artigo e o nome de uma seção',
      question: 'uma pergunta entre aspas',
      threadVerb: '"show <id>" ou "export <id> --format md|bib"',
      folder: 'uma pasta de PDFs',
      bibFile: 'um arquivo BibTeX ou RIS',
      zoteroFolder: 'a pasta de dados do Zotero (normalmente ~/Zotero)',
      doi: 'um DOI como 10.18653/v1/N19-1423',
      title: 'um título entre aspas',
      paperEdit: 'edit <paperId> [--title T] [--authors "A; B"] ...',
      paperEditField: 'pelo menos uma destas opções: --title --authors --year --venue --doi --tags',
      collectionVerb: 'create|rename|delete|add|remove NOME ...',
      renameNames: 'o nome antigo e o novo',
      paperIds: 'ids de artigos',
      exportFormat: '--format md ou --format bib'
    },
    threadBoth: 'Use --thread ou --new-thread, não os dois',
    paperNeedsNewThread: '--paper com ask limita uma conversa nova: acrescente --new-thread',
    compareBoth: 'compare aceita --papers ou --collection, não os dois',
    comparePapers: 'compare precisa de --papers <id,id,...>, --collection NOME ou --thread <id>',
    compareQuestion: 'compare precisa de pelo menos uma --question "..." ou --claim "..."',
    year: "--year deve ser um ano como 2019, não '{{value}}'",
    unknownThreadCommand: "Comando de thread desconhecido '{{verb}}' (show ou export)",
    unknownCollectionCommand: "Comando de collection desconhecido '{{verb}}'",
    unknownCommand: "Comando desconhecido '{{command}}'",
    noCommand: 'Nenhum comando informado'
  },
  signals: {
    pausing:
      'Pausando… os artigos em andamento terminam; rode o mesmo comando de novo para continuar. Ctrl-C de novo sai na hora (a importação ainda continua depois).',
    cancelling: 'Cancelando… a biblioteca continua consistente. Ctrl-C de novo sai na hora.'
  },
  status: {
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
    noId: '(sem id)',
    authors: '  autores: {{value}}',
    yearVenueDoi: '  ano: {{year}}   veículo: {{venue}}   DOI: {{doi}}',
    tags: '  etiquetas: {{value}}',
    edited: '  editado à mão (mantido em vez dos metadados automáticos): {{fields}}',
    fields: {
      title: 'título',
      authors: 'autores',
      year: 'ano',
      venue: 'veículo',
      doi: 'DOI',
      abstract: 'resumo'
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
    withoutPdf_one: '{{count}} entrada não foi adicionada (sem PDF):',
    withoutPdf_other: '{{count}} entradas não foram adicionadas (sem PDF):',
    untitled: '(sem título)',
    entry: '  - {{title}}: {{reason}}',
    entryArxiv: '  - {{title}}: {{reason}} — adicione com: ingest {{arxivId}}',
    entryDoi: '  - {{title}}: {{reason}} — DOI {{doi}}',
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
    missing: '{{count, number}} de {{total, number}} referências não estão na biblioteca:'
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
  tuning: {
    head: 'Indexação nesta máquina: {{threads, number}} thread(s) do ONNX Runtime, lotes de {{batch, number}} (salvo em {{file}}).',
    trial:
      '  {{mark}} {{threads, number}} thread(s), lote {{batch, number}}: {{rate, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} trechos/s, maior pausa {{stall, number(maximumFractionDigits: 0)}} ms'
  },
  demo: {
    adding: 'Adicionando os três artigos padrão (Transformer, BERT, RAG)...',
    paper: '✓ {{id}}  {{title}} ({{pages, number}} páginas, {{chunks, number}} trechos)',
    question: 'P: {{question}}',
    prompt: 'Pergunte sobre os artigos (linha vazia para sair): '
  },
  mcp: {
    serverAt: 'Servidor MCP do ResearchPal em {{url}}',
    header: 'Toda requisição precisa do cabeçalho: Authorization: Bearer {{token}}'
  }
}
