import type { Strings } from '../shape'
import { cliUsageErrorsEn } from './cliUsage'
import { cliSyncEn } from './cliSync'

/**
 * The command line's texts for people (help, usage errors, progress, lists), in English
 * (Brazilian Portuguese: ../pt-BR/cli.ts): the `cli` section of main's catalog
 * (main.ts), kept in its own file.
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
  outsideScope:
    '[The papers this conversation is limited to do not seem to discuss this; these papers of your library do: {{papers}}. Ask in a conversation over all papers to use them.]',
  sources: 'Sources:',
  source: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”',
  usage: '({{input, number}} input / {{output, number}} output tokens)',
  paperRemoved: '(paper removed from the library)',
  followUp:
    'Thread {{threadId}} (turn {{turnId}}). Follow up with: ask --thread {{threadId}} "..."',
  noThreads: 'No conversations yet. Start one with: ask --new-thread "<question>"',
  damagedThread: '! {{file}} could not be read ({{reason}}); moved to {{movedTo}}',
  recoveredThread:
    '! {{file}} was damaged ({{reason}}): the conversation is back with the {{count}} turn(s) read whole before the damage; anything after it could not be recovered. The damaged file was kept as {{movedTo}}',
  error: 'Error ({{code}}): {{message}}',
  ingested: '✓ {{id}}  {{pages, number}} pages, {{chunks, number}} chunks',
  ingestedOcr:
    '✓ {{id}}  {{pages, number}} pages, {{chunks, number}} chunks (OCR: {{ocr, number}} pages read, {{skipped, number}} blank pages skipped)',
  notice: '! {{message}}',
  help: `ResearchPal — ask questions about your paper PDFs, with citations.

Usage: npm run --silent cli -- <command> [options]

Commands:
  ingest <pdf|folder|arXiv id>...  Add papers and index them (exit 1 if any failed)
  import-folder <folder>           Import every PDF under a folder (thousands), with ETA;
                                   Ctrl-C pauses, and running it again (or quitting and
                                   restarting) resumes where it stopped; duplicates and
                                   failures are listed at the end
  tune-ingest [folder]             Measure again which embedder layout (workers × ONNX
                                   Runtime threads) and batch size ingest fastest here, end
                                   to end on the folder's first PDFs (or the library's);
                                   measured once per machine otherwise
  papers                           List the library (--json: with authors, year, venue,
                                   DOI, tags, collections and where each field came from)
  paper edit <paperId> [--title T] [--authors "A; B"] [--year N] [--venue V] [--doi D]
                       [--language pt|en] [--tags "a, b"]
                                   Correct a paper's details; automatic metadata never
                                   overwrites what you edit (an empty value clears a field)
  bib [paperId...] [--collection NAME]
                                   BibTeX for those papers, a collection, or everything
  cite [paperId...] [--collection NAME] [--style apa|abnt|ieee|chicago|vancouver|bibtex|ris]
                                   Formatted references for those papers, a collection, or
                                   everything (default style: ABNT in Portuguese, APA in English)
  import-bib <file.bib|file.ris> [--collection NAME]
                                   Add the entries whose file field points at a PDF, with
                                   their metadata; keep the others as references without
                                   a PDF (listed, citable, not searched until one arrives)
  import-zotero <Zotero folder> [--collection NAME]...
                                   Add the PDFs of a Zotero library (or of the named
                                   collections) with their metadata; Zotero collections
                                   become collections here. Zotero may stay open.
  watch add|remove|list [<folder>] [--poll]
                                   Watch folders: new or changed PDFs come in by
                                   themselves (after they stop growing), a renamed file
                                   keeps its paper, a deleted one marks it "file missing"
                                   (never removed). --poll for network or cloud folders.
                                   watch pause|resume pauses or resumes syncing
  zotero link <Zotero folder> [--collection NAME]...
                                   Follow a Zotero library (read-only): new items with PDFs
                                   arrive, changes to their fields and collections follow,
                                   items in Zotero's trash are marked here, not removed
  zotero unlink                    Stop following Zotero (its papers stay)
  sync [--once]                    Catch up with the watched folders and Zotero, then keep
                                   watching until Ctrl-C (--once: one pass, then exit)
  lab connect|status|publish|search|open|disconnect
                                   A lab library shared on PostgreSQL + pgvector (lab: help)
  add-doi <DOI>                    Add a paper's open-access PDF (Unpaywall) with Crossref's
                                   details
  search-arxiv "<title>"           arXiv papers with that title, to add with ingest <id>
  refresh-metadata [paperId...]    Ask arXiv and Crossref (OpenAlex as fallback) for the
                                   papers' details; your edits are kept
  related <paperId>                The library's papers most like this one
  missing-refs <paperId>           References the paper cites that the library lacks,
                                   with the arXiv id or DOI to add each
  graph [--collection NAME]        The citation map: which papers cite which, works
                                   several cite that the library lacks, clusters
  collections                      List collections
  collection create|rename|delete|add|remove NAME [NEW NAME | paperId...]
                                   Organise papers into collections
  remove <paperId>                 Remove a paper, its text, vectors and PDF
  repair                           Check every paper and rebuild what is damaged (page
                                   text, index files) from its PDF, then exit
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
  serve [--port <n>] [--allow-add] HTTP API for scripts and notebooks on 127.0.0.1 (default
                                   port 8765): POST /ask, /papers, /search, /threads; docs at
                                   /docs, MCP at /mcp. Bearer token in <library>/api-token.
                                   Read-only unless --allow-add (adds POST /papers)

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
  RESEARCHPAL_API_TOKEN  Bearer token for serve and mcp --http (default: the one saved in
                     <library>/api-token, made at the first start); RESEARCHPAL_MCP_TOKEN
                     overrides it for mcp --http
  The language of this text: the app's interface language, or LC_ALL/LC_MESSAGES/LANG
`,
  usageErrors: cliUsageErrorsEn,
  signals: {
    pausing:
      'Pausing… the papers in flight finish; run the same command again to resume. Ctrl-C again quits at once (the import still resumes).',
    cancelling: 'Cancelling… the library stays consistent. Ctrl-C again quits at once.'
  },
  /** A paper's place in ingestion (PAPER_STATUSES). */
  status: {
    metadata: 'no PDF',
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
  repaired: 'The library was checked and every repair it needed is done.',
  repairedSome:
    'The library was checked and repaired; {{count}} paper(s) still have an error ({{ids}}): see papers --json for what each needs.',
  cite: {
    none: 'No papers to cite.'
  },
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
    from: 'from {{origin}}',
    fileMissing: '(file missing: kept; put the file back or remove the paper)',
    zoteroTrash: "(in Zotero's trash: kept; remove it here if you wish)",
    noId: '(no id)',
    authors: '  authors: {{value}}',
    yearVenueDoi: '  year: {{year}}   venue: {{venue}}   DOI: {{doi}}',
    tags: '  tags: {{value}}',
    language: '  language: {{value}}',
    edited: '  edited by hand (kept over automatic metadata): {{fields}}',
    fields: {
      title: 'title',
      authors: 'authors',
      year: 'year',
      venue: 'venue',
      doi: 'DOI',
      abstract: 'abstract',
      language: 'language'
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
    read_one: 'Read {{count}} entry ({{encoding}}).',
    read_other: 'Read {{count}} entries ({{encoding}}).',
    readItems_one: 'Read {{count}} item.',
    readItems_other: 'Read {{count}} items.',
    issue: '  line {{line}} ({{key}}): {{reason}}',
    issues: {
      noKey: 'entry without a key — imported with the key {{detail}}',
      recovered: 'syntax error ({{detail}}) — its fields were read line by line; check them',
      syntax: 'syntax error ({{detail}}) — entry skipped',
      unknownType: 'unknown entry type @{{detail}} — imported as a generic reference',
      badDate: 'date "{{detail}}" not understood — imported without a year',
      missingCrossref: 'its crossref/xdata "{{detail}}" is not in the file — imported without it'
    },
    matched_one: '{{count}} entry without a PDF is already in the library:',
    matched_other: '{{count}} entries without a PDF are already in the library:',
    matchedEntry: '  = {{title}} → {{id}}',
    withoutPdf_one:
      '{{count}} entry has no PDF: kept in the library as a reference without PDF (listed with papers as "no PDF", not searched until its PDF is fetched or attached):',
    withoutPdf_other:
      '{{count}} entries have no PDF: kept in the library as references without PDF (listed with papers as "no PDF", not searched until their PDF is fetched or attached):',
    reading: '… {{done, number}}/{{total, number}} entries read',
    untitled: '(untitled)',
    entry: '  - {{title}}: {{reason}}',
    entryArxiv: '  - {{title}}: {{reason}} — fetch its PDF with: ingest {{arxivId}}',
    entryDoi: '  - {{title}}: {{reason}} — fetch its PDF with: add-doi {{doi}}',
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
    missing: '{{count, number}} of {{total, number}} references are not in the library:',
    withoutPdf: '{{count, number}} more are in the library without a PDF (no PDF):'
  },
  graph: {
    summary:
      '{{papers, number}} papers, {{cites, number}} citations between them, {{similar, number}} similarity links, {{ghosts, number}} works cited by two or more that the library lacks',
    cluster: 'Cluster {{id}} ({{label}}):',
    cites: '{{source}} cites {{target}}',
    ghost: '{{title}} — cited by {{count, number}}',
    ghosts: 'Cited by two or more, not in the library:'
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
  sync: cliSyncEn,
  tuning: {
    head: 'Ingestion on this machine: {{workers, number}} embedder worker(s) × {{threads, number}} ONNX Runtime thread(s), batches of {{batch, number}} (saved in {{file}}).',
    trial:
      '  {{mark}} {{workers, number}} worker(s) × {{threads, number}} thread(s), batch {{batch, number}}: {{rate, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} chunks/s end to end, longest stall {{stall, number(maximumFractionDigits: 0)}} ms'
  },
  demo: {
    adding: 'Adding the three default papers (Transformer, BERT, RAG)...',
    paper: '✓ {{id}}  {{title}} ({{pages, number}} pages, {{chunks, number}} chunks)',
    question: 'Q: {{question}}',
    prompt: 'Ask about the papers (empty line to quit): '
  },
  mcp: {
    onStdio: 'ResearchPal MCP server on stdio',
    serverAt: 'ResearchPal MCP server at {{url}}',
    header: 'Every request needs the header: Authorization: Bearer {{token}}'
  },
  serve: {
    at: 'ResearchPal API at {{url}} (docs: {{url}}/docs, MCP: {{url}}/mcp)',
    readOnly: 'Read-only: start with --allow-add to add papers over HTTP.',
    tokenCreated: 'New bearer token (saved in {{file}}; shown only this once): {{token}}',
    tokenSaved: 'Bearer token: the one saved in {{file}}',
    tokenEnv: 'Bearer token: RESEARCHPAL_API_TOKEN',
    stop: 'Ctrl+C stops the server.'
  }
}

/** The CLI catalog's shape: the English one's keys, any string values. */
export type CliCatalog = Strings<typeof cliEn>
