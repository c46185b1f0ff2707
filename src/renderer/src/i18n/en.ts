/**
 * The English catalog: every user-facing string of the renderer.
 * @remarks The key set is the contract: `pt-BR.ts` must have exactly the same keys (its type
 * says so, and test/renderer/i18n.test.ts checks it along with every `t('…')` key in src).
 */
export const en = {
  app: {
    noKey: 'No API key — evidence-only answers',
    noLocalModel: 'No local model chosen — evidence-only answers',
    answersGemini: 'Answers: Gemini',
    answersGeminiOffline: 'Answers: Gemini · offline: {{model}}',
    answersLocal: 'Answers: local model · {{model}}',
    keywordOnly: 'Keyword search only',
    settings: 'Settings',
    resizeViewer: 'Resize the viewer',
    details: 'Details',
    skipToQuestion: 'Skip to the question box',
    panes: 'Panes',
    showLibrary: 'Library',
    showChat: 'Chat',
    showViewer: 'Paper',
    theme: 'Colour theme',
    themeSystem: 'Theme: system',
    themeLight: 'Theme: light',
    themeDark: 'Theme: dark',
    shortcutsHint: 'Ctrl+K: search the library · Ctrl+L: question box · Ctrl+F: find in the paper'
  },
  compare: {
    views: 'Views',
    tabChat: 'Chat',
    tabCompare: 'Compare',
    label: 'Compare papers',
    new: 'Compare papers',
    papers: 'Papers',
    fromCollection: 'From a collection',
    byHand: 'Papers chosen one by one',
    collectionOption: '{{name}} ({{count, number}})',
    forThread: 'Saved with the conversation “{{title}}”; its papers are checked.',
    originCollection: 'Papers of the collection “{{name}}”',
    originThread: 'Saved with the conversation “{{title}}”',
    originThreadUnlisted: 'Saved with a conversation that is not in the conversation list',
    backToThread: 'Open the conversation',
    noPapers: 'Add papers to the library and wait until they are indexed to compare them.',
    questions: 'Questions, one per line',
    questionsPlaceholder: 'Which datasets?\nModel size?\nMain result on SQuAD?',
    claim: 'A claim to check against each paper (optional)',
    claimPlaceholder: 'Pre-training on more data improves results',
    needPapers: 'Choose at least one paper and write at least one question or a claim.',
    start: 'Compare',
    saved: 'Saved comparisons',
    savedMeta: '{{papers, number}} papers × {{columns, number}} columns',
    back: '← All comparisons',
    progress: 'Filling cells: {{done, number}} of {{total, number}}',
    paused: 'The model provider asked to slow down: paused, resuming in {{seconds, number}} s.',
    cancel: 'Stop',
    run: 'Fill the missing cells',
    addKind: 'Kind of column to add',
    addQuestion: 'Question',
    addClaim: 'Claim',
    addPlaceholder: 'Another question or claim',
    add: 'Add',
    exportMarkdown: 'Export Markdown',
    exportCsv: 'Export CSV',
    exportBibtex: 'Export BibTeX',
    paperColumn: 'Paper',
    claimColumn: 'Claim: {{text}}',
    removePaper: 'Remove {{title}} from the comparison',
    evidenceNote:
      'Offline or no API key: cells marked “Evidence only” show each paper’s best passages for the question, not generated answers.',
    status: {
      pending: 'Waiting…',
      answered: 'Answered',
      notStated: 'The paper does not say',
      unverified: 'Could not be checked',
      evidence: 'Evidence only',
      failed: 'Could not be filled'
    },
    verdict: {
      supports: 'Supports',
      contradicts: 'Contradicts',
      doesNotAddress: 'Does not address'
    }
  },
  library: {
    label: 'Library',
    title: 'Library',
    count_one: '{{count, number}} paper',
    count_other: '{{count, number}} papers',
    overall: 'Overall progress',
    indexingOf: 'Indexing {{current, number}} of {{total, number}}',
    dismiss: 'Dismiss',
    repairs: 'Library repairs',
    repairsTitle: 'The library found damaged or missing files and repaired what it could',
    empty: 'Your library is empty.',
    adding: 'Adding…',
    addDefaults: 'Add the three default papers',
    defaultsHint:
      'Attention Is All You Need, BERT and RAG, from arXiv. Or add your own PDFs above.',
    dropHint: 'Drop PDF files here to add them.',
    addPdfs: 'Add PDFs…',
    arxivLabel: 'arXiv id, DOI or title',
    arxivPlaceholder: 'arXiv id, DOI or a title',
    candidates: 'Papers found on arXiv',
    candidatesFor: 'On arXiv for “{{query}}”:',
    noCandidates: 'arXiv has no paper titled “{{query}}”.',
    closeCandidates: 'Close the arXiv results',
    add: 'Add',
    statusLabel: 'Library status',
    ready_one: '{{count, number}} ready',
    ready_other: '{{count, number}} ready',
    indexing_one: '{{count, number}} indexing',
    indexing_other: '{{count, number}} indexing',
    failed_one: '{{count, number}} failed',
    failed_other: '{{count, number}} failed',
    citeAll: 'Cite all',
    citeAllTitle: 'BibTeX for the whole library',
    wholeLibrary: 'the whole library',
    search: 'Search the library',
    searchPlaceholder: 'Search titles, authors, tags',
    sortBy: 'Sort by',
    sortAdded: 'Recently added',
    sortYear: 'Year',
    sortTitle: 'Title',
    sortAuthor: 'First author',
    papers: 'Papers',
    noMatch: 'No paper matches “{{query}}”.',
    emptyCollection: 'No papers in this collection yet: drag papers here or use “Add to…”.'
  },
  paper: {
    open: 'Open in the viewer',
    retry: 'Retry',
    cancel: 'Cancel',
    remove: 'Remove',
    removeLabel: 'Remove {{title}}',
    confirmRemove: 'Remove “{{title}}” from the library?',
    etAl: '{{first}} et al.',
    pages_one: '{{count, number}} page',
    pages_other: '{{count, number}} pages',
    progress: 'Progress',
    detailsOf: 'Details of {{title}}',
    detailsHint: 'Edit details, cite',
    failed: 'Failed:'
  },
  collections: {
    label: 'Collections',
    all: 'All papers',
    new: '+ New collection',
    newName: 'New collection name',
    name: 'Collection name',
    create: 'Create',
    rename: 'Rename',
    cancel: 'Cancel',
    cite: 'Cite collection',
    delete: 'Delete',
    confirmDelete: 'Delete the collection “{{name}}”? Its papers stay in the library.'
  },
  selection: {
    label: 'Selection',
    selectAll: 'Select all shown',
    hint: 'Select papers to ask about, file or cite them',
    count_one: '{{count, number}} selected',
    count_other: '{{count, number}} selected',
    addTo: 'Add to collection',
    addToPlaceholder: 'Add to…',
    cite: 'Cite',
    remove: 'Remove',
    confirmRemove_one: 'Remove {{count, number}} paper from the library?',
    confirmRemove_other: 'Remove {{count, number}} papers from the library?',
    papers_one: '{{count, number}} paper',
    papers_other: '{{count, number}} papers'
  },
  details: {
    label: 'Paper details',
    close: 'Close details',
    title: 'Title',
    authors: 'Authors, one per line',
    year: 'Year',
    venue: 'Venue',
    doi: 'DOI',
    tags: 'Tags, separated by commas',
    kept: 'What you edit here is kept: metadata found later in the PDF or online never replaces it.',
    remove: 'Remove paper',
    cite: 'Cite',
    save: 'Save',
    saved: 'Saved',
    sourcePdf: 'read from the PDF',
    sourceArxiv: 'from arXiv',
    sourceCrossref: 'from Crossref',
    sourceOpenalex: 'from OpenAlex',
    sourceImport: 'from your import',
    sourceUser: 'edited by you',
    related: 'Most like this paper',
    relatedNone: 'No other indexed paper is like it yet.',
    missing: 'References not in your library ({{missing, number}} of {{total, number}})',
    missingNone: 'No reference list was found in this paper.',
    loading: 'Looking…',
    addRef: 'Add'
  },
  cite: {
    label: 'Cite',
    heading: 'BibTeX: {{label}}',
    close: 'Close',
    bibtex: 'BibTeX',
    preparing: 'Preparing…',
    copyFailed: 'Copying was not allowed here: select the text and copy it.',
    savedTo: 'Saved to {{path}}',
    copy: 'Copy',
    copied: 'Copied',
    save: 'Save .bib…'
  },
  status: {
    pending: 'Waiting',
    downloading: 'Downloading',
    extracting: 'Reading text',
    ocr: 'OCR: page {{done, number}} of {{total, number}}',
    embedding: 'Indexing',
    ready: 'Ready',
    readyKeyword: 'Ready (keyword search)',
    error: 'Failed'
  },
  viewer: {
    label: 'PDF viewer',
    pages: 'Pages',
    previousPage: 'Previous page',
    page: 'Page',
    nextPage: 'Next page',
    zoom: 'Zoom',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    fitWidth: 'Fit width',
    notFound: 'Passage not found on this page',
    close: 'Close viewer',
    opening: 'Opening the paper…',
    openFailed: 'The paper could not be opened',
    pageFailed: 'Page {{page, number}} could not be drawn',
    back: 'Back (Alt+←)',
    forward: 'Forward (Alt+→)',
    sidebar: 'Thumbnails and outline',
    thumbnails: 'Thumbnails',
    outline: 'Outline',
    noOutline: 'This PDF has no outline.',
    thumbnail: 'Page {{page, number}}',
    find: 'Find in the paper (Ctrl+F)',
    findBox: 'Find in the paper',
    findPlaceholder: 'Find…',
    findNext: 'Next match (Enter)',
    findPrevious: 'Previous match (Shift+Enter)',
    findCount: '{{current, number}} of {{total, number}}',
    findNone: 'No matches',
    findSearching: 'Searching…',
    findClose: 'Close find (Escape)'
  },
  chat: {
    label: 'Chat',
    title: 'Ask',
    emptyTitle: 'Ask a question about your papers',
    emptyBody:
      'Answers cite the passages they rest on. Click a citation to open the page with the passage highlighted.',
    addPapersFirst: 'Add papers in the library on the left first.',
    question: 'Question',
    placeholder: 'Ask about your papers…  (Enter to send, Shift+Enter for a new line)',
    ask: 'Ask',
    stop: 'Stop',
    stopped: 'Stopped',
    askAgain: 'Ask again',
    usage: '{{input, number}} in · {{output, number}} out tokens',
    usageTitle: 'Tokens for this answer (input / output)',
    copy: 'Copy as Markdown',
    copied: 'Copied',
    sources: 'Sources',
    sourceTitle: '{{title}}, p. {{page, number}}',
    chipLabel: 'Source {{number}}: {{title}}, page {{page, number}}',
    cardPage: 'Page {{page, number}}',
    cardHint: 'Click to open the page',
    chipLabelKind: 'Source {{number}}: {{title}}, page {{page, number}} ({{kind}})',
    kinds: { text: 'Text', ocr: 'OCR', figure: 'Figure', table: 'Table' },
    figureLabel: 'Source {{number}}: {{label}} of {{title}}, page {{page, number}}',
    figureCaption: '[{{number}}] {{label}}, p. {{page, number}}',
    figureDrawing: 'Drawing the figure…',
    figureFailed: 'The figure could not be drawn',
    chipOpen: 'open in the viewer',
    wholePassage: 'Show the whole passage',
    figureNotRead:
      'Figures and tables appear here by their captions and the text around them: the figure itself was not read.',
    passageHead: '{{title}}, p. {{page, number}}'
  },
  threads: {
    label: 'Conversations',
    new: 'New conversation',
    search: 'Search conversations',
    untitled: 'New conversation',
    compare: 'Compare these papers',
    compareHint: 'Ask each paper of this conversation the same questions, as a table saved with it',
    comparisons: 'Comparisons in this conversation:',
    titleLabel: 'Conversation title',
    rename: 'Rename',
    renameLabel: 'Rename {{title}}',
    delete: 'Delete',
    deleteLabel: 'Delete {{title}}',
    deleted: 'Deleted “{{title}}”.',
    undo: 'Undo',
    damaged_one:
      'A saved conversation could not be read and was set aside in {{dir}}; the others are here.',
    damaged_other:
      '{{count, number}} saved conversations could not be read and were set aside in {{dir}}; the others are here.',
    noMatch: 'No conversation matches.',
    empty: 'Your conversations appear here.',
    justNow: 'just now',
    minutesAgo_one: '{{count, number}} min ago',
    minutesAgo_other: '{{count, number}} min ago',
    hoursAgo_one: '{{count, number}} h ago',
    hoursAgo_other: '{{count, number}} h ago',
    questions_one: '{{count, number}} question',
    questions_other: '{{count, number}} questions',
    papers_one: '{{count, number}} paper',
    papers_other: '{{count, number}} papers',
    usage: '{{input, number}} in · {{output, number}} out',
    usageTitle: 'Tokens used in this conversation (input / output)',
    allPapers: 'All papers',
    allPapersHint: 'Questions search every paper',
    limitedToOne: 'Limited to {{title}}',
    limitedTo_one: 'Limited to {{count, number}} paper',
    limitedTo_other: 'Limited to {{count, number}} papers',
    scopeLabel: 'Papers for this conversation',
    scopeHelp: 'Limit this conversation to some papers, or leave all unchecked.',
    apply: 'Apply',
    askAboutThese: 'Ask about these ({{count, number}})',
    clearSelection: 'Clear selection',
    choosePaper: 'Choose {{title}}',
    export: 'Export…',
    exportLabel: 'Export conversation',
    exportHelp: 'The conversation with a numbered reference list, or BibTeX for the cited papers.',
    saveMarkdown: 'Save Markdown',
    copyMarkdown: 'Copy Markdown',
    saveBibtex: 'Save BibTeX',
    copyBibtex: 'Copy BibTeX',
    offTopicTitle: 'Not from your papers',
    offTopicBody:
      'This question does not seem to be about the papers in the library, so nothing was searched.',
    markdownOffTopic: '_Not from the papers in the library._',
    interruptedTitle: 'Interrupted',
    interruptedBody: 'The app stopped while this question was being answered.',
    chipRemovedLabel:
      'Source {{number}}: {{title}}, page {{page, number}} (removed from the library)',
    cardRemoved: 'This paper was removed from the library, so the page cannot be opened.'
  },
  labels: {
    evidenceTitle: 'Evidence only — not a generated answer',
    evidenceDefault:
      'These are the passages that best match your question, quoted from the papers.',
    evidenceNoKey:
      'Gemini did not accept an API key (none is set, or it was rejected), so these are the passages that best match your question. Set a key in Settings to get written answers.',
    evidenceNoLocalModel:
      'No local model is chosen, so these are the passages that best match your question. Choose one in Settings to get written answers.',
    evidenceOffline:
      'No internet connection: Gemini cannot be reached, so these are the passages that best match your question. Ask again when you are online.',
    checkedTitle: 'Checked',
    checkedBody: 'The checker found this answer supported by its sources.',
    rejectedTitle: 'Not confirmed by the checker (rejected twice)',
    rejectedBody:
      'The checker flagged the answer and its rewrite; read the sources before relying on it.',
    rejectedRewriteTitle: 'Not confirmed by the checker',
    rejectedRewrite:
      'The checker flagged the answer and it could not be rewritten ({{why}}); read its sources.',
    uncheckedTitle: 'Could not be checked ({{why}})',
    uncheckedTitlePlain: 'Could not be checked',
    uncheckedBody: 'The answer was written, but the checker could not run; read its sources.',
    answeredByLocal: 'Answered offline by the local model {{model}}',
    answeredByFallback:
      'Gemini could not be reached — answered offline by the local model {{model}}',
    partialTitle: 'Based on part of the evidence'
  },
  markdown: {
    question: '**Q:** {{question}}',
    evidence: '_Evidence only: passages from the papers, not a generated answer._',
    unverified: '_Unverified answer._',
    references: '**References**',
    reference: '[{{number}}] {{title}}, p. {{page}} — “{{snippet}}”'
  },
  stage: {
    starting: 'starting',
    rewriting: 'rewriting the question for search',
    searching: 'searching ‘{{query}}’',
    searchingPapers: 'searching the papers',
    reading: 'reading {{what}}',
    readingSection: 'reading a section',
    drafting: 'drafting the answer',
    checking: 'checking the answer',
    revising: 'revising the answer'
  },
  errors: {
    retry: 'Retry',
    openSettings: 'Open Settings',
    NO_API_KEY: {
      title: 'No working Gemini API key',
      action: 'Set a Gemini API key in Settings, then retry.'
    },
    RATE_LIMITED: {
      title: 'Gemini quota reached',
      action: 'Wait a minute for the quota to refill, then retry.',
      actionWait: 'Wait {{seconds, number}} s for the quota to refill, then retry.',
      countdown: 'You can retry in {{seconds, number}} s.',
      ready: 'The wait is over: you can retry now.'
    },
    OFFLINE: {
      title: 'No internet connection',
      action: 'Check your internet connection, then retry. Search and reading still work offline.'
    },
    UPSTREAM_UNAVAILABLE: {
      title: 'Gemini is overloaded or unavailable',
      action: 'This is on Google’s side; retry in a little while.'
    },
    LOCAL_MODEL_UNREACHABLE: {
      title: 'The local model server is not answering',
      action: 'Start Ollama (or your local server), or check its address in Settings; then retry.'
    },
    LOCAL_MODEL_MISSING: {
      title: 'The local model is not installed',
      action: 'Install it with the command above, or choose an installed model in Settings.'
    },
    CONTEXT_TOO_SMALL: {
      title: 'The local model’s context window is too small',
      action: 'Give the model a larger context in its server, set the same in Settings, then retry.'
    },
    TIMEOUT: {
      title: 'The model took too long to answer',
      action: 'Retry; if it keeps happening, raise the request timeout in Settings.'
    },
    MODEL_MISSING: {
      title: 'The embedding model is missing',
      action: 'Search runs on keywords only; see Settings for how to get the model.'
    },
    INVALID_INPUT: {
      title: 'The question was not accepted',
      action: 'Edit it and retry.'
    },
    NOT_FOUND: {
      title: 'Nothing to answer from yet',
      action: 'Add papers (or wait until they are indexed), then ask again.'
    },
    OTHER: {
      title: 'Something went wrong',
      action: 'Retry; if it happens again, the log in the data folder has the details.'
    }
  },
  settings: {
    title: 'Settings',
    close: 'Close settings',
    geminiModel: 'Gemini model',
    provider: 'Answers written by',
    providerGemini: 'Gemini (online)',
    providerLocal: 'A local model (offline: Ollama, LM Studio, llama.cpp)',
    providerHelpGemini:
      'When Gemini cannot be reached, the local model below answers, if one is chosen.',
    providerHelpLocal:
      'Answers are written on this computer; questions and papers are not sent anywhere.',
    localServer: 'Local model server',
    localServerAddress: 'Local server address',
    localServerHelp:
      'An OpenAI-compatible server on this computer: Ollama (http://127.0.0.1:11434/v1), LM Studio (http://127.0.0.1:1234/v1) or llama.cpp (http://127.0.0.1:8080/v1). Another computer only over https.',
    localModelPick: 'Local model',
    chooseModel: 'Choose a model',
    loadingModels: 'Loading…',
    refresh: 'Refresh',
    refreshing: 'Refreshing…',
    noModels:
      'The server lists no models. Install one, for example <code>ollama pull qwen2.5:3b</code>, then Refresh.',
    contextWindow: 'Context window (tokens)',
    contextWindowLabel: 'Context window',
    contextWindowHelp:
      'What the server gives the model (Ollama: 4096 unless OLLAMA_CONTEXT_LENGTH is set). Evidence is trimmed to fit, and the answer says so.',
    test: 'Test',
    testing: 'Testing…',
    testReply: '{{model}} replied in {{seconds}} s: “{{reply}}”',
    save: 'Save',
    uiLanguage: 'Interface language',
    uiSystem: 'System ({{language}})',
    answerLanguage: 'Answer language',
    answerUi: 'Same as the interface',
    answerQuestion: 'Same as the question',
    answerLanguageHelp: 'Papers stay in English; answers are written in this language.',
    toolRounds: 'Search rounds per answer',
    ocrLanguage: 'OCR language for scanned pages',
    ocrLanguages: { eng: 'English' },
    ocrHelp:
      'Pages without a text layer are read by OCR, offline. Only English recognition data is available.',
    rounds1: '1 — fast (one question, one paper)',
    rounds3: '3 — for comparisons across papers',
    apiKey: 'Gemini API key',
    pasteKey: 'Paste your key',
    saveKey: 'Save key',
    keySaved: '•••••••••••• saved',
    replace: 'Replace',
    forget: 'Forget',
    keyHelpSaved: 'Stored encrypted on this computer. Answers are generated with Gemini.',
    keyHelpSavedWeak:
      'Stored on this computer with a fixed password (see above). Answers are generated with Gemini.',
    keyStorageWeak:
      'No keyring was found on this computer (GNOME Keyring or KWallet), so the key is kept with a fixed password that any program running as you can undo. Start a keyring and save the key again, or set GEMINI_API_KEY in the environment instead.',
    keyStorageUnavailable:
      'This computer offers no secure storage for the key, so it cannot be saved here. Set GEMINI_API_KEY in the environment instead.',
    keyReentry:
      'The Gemini API address changed, so the saved key was removed: a key is only sent to the address it was entered for. Enter the key again to use the new address.',
    keyHelpMissing:
      'Without a key, answers show the best passages from your papers (evidence only). Get a key at aistudio.google.com.',
    embedder: 'Embedding model',
    embedderReady: 'Ready — {{id}}; search is semantic + keyword.',
    localModel: 'local model',
    embedderMissing: 'Missing — search is keyword-only.',
    embedderError: 'Could not load — search is keyword-only.',
    embedderHelp:
      'To get it, run <code>npm run fetch-model</code> once on a computer with internet access; missing vectors are computed when it appears.',
    embedderHelpDir:
      'To get it, run <code>npm run fetch-model</code> once on a computer with internet access, or copy it into <code>{{dir}}</code>; missing vectors are computed when it appears.',
    dataFolder: 'Data folder: {{dir}} · version {{version}}',
    mcp: 'Use from Claude Desktop, Cursor and other MCP clients',
    mcpHelp:
      'Add this to claude_desktop_config.json (Claude Desktop) or .cursor/mcp.json (Cursor). The client can search, read and cite your papers but not change the library; add <code>--allow-add</code> to args to let it add arXiv papers, and <code>GEMINI_API_KEY</code> to env for generated answers.',
    copy: 'Copy',
    copied: 'Copied.',
    copyFailed: 'Could not copy; select the text and copy it.'
  }
}

/** A catalog's shape: the English one's keys, any string values. */
export type Catalog = {
  [K in keyof typeof en]: Strings<(typeof en)[K]>
}
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }
