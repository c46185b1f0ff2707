import type { Strings } from '../shape'
import { libraryEn } from './rendererLibrary'
import { chatEn } from './rendererChat'
import { labEn } from './rendererLab'
import { settingsFormEn } from './rendererSettings'

/**
 * The English catalog: every user-facing string of the renderer.
 * @remarks The key set is the contract: `../pt-BR/renderer.ts` must have exactly the same keys (its
 * type says so, and test/renderer/i18n.test.ts checks it along with every `t('…')` key in src).
 */
export const en = {
  app: {
    dropTitle: 'Drop PDFs to add them to the library',
    dropHint: 'Dropped on a reference marked “No PDF”, a PDF becomes its file.',
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
    themeDark: 'Theme: dark'
  },
  shortcuts: {
    button: 'Keyboard shortcuts',
    title: 'Keyboard shortcuts',
    close: 'Close',
    hint: 'Press ? (or {{mod}}+/) to show this list.',
    groupWindow: 'Anywhere',
    groupThreads: 'Conversations',
    groupViewer: 'While a paper is open',
    library: 'Search the library',
    question: 'Go to the question box',
    newThread: 'New conversation',
    prevNextThread: 'Previous / next conversation',
    listMove: 'Move through the conversation list',
    rename: 'Rename the conversation in focus',
    delete: 'Delete the conversation in focus (Undo brings it back)',
    find: 'Find in the paper',
    zoom: 'Zoom in / out / fit the width',
    backForward: 'Back / forward to the previous place',
    escape: 'Close the find bar, then the paper (focus goes back to the citation)',
    help: 'Show this list'
  },
  map: {
    tab: 'Map',
    label: 'Citation map',
    filters: 'Map filters',
    collection: 'Collection',
    allPapers: 'All papers',
    fromYear: 'From year',
    toYear: 'To year',
    search: 'Find a title or author',
    showMissing: 'Missing works',
    loading: 'Drawing the map…',
    nodes: 'Papers on the map',
    summary:
      '{{papers, number}} papers, {{cites, number}} citations between them, {{missing, number}} works cited by two or more that you do not have',
    noYear: 'no year',
    citedBy: 'Cited by {{count, number}} of your papers',
    missingCitedBy: 'Not in the library; cited by {{count, number}} of your papers',
    noIdentifier: 'No arXiv id or DOI was printed for this work',
    add: 'Add',
    clusters: 'Clusters',
    cluster: '{{label}} ({{count, number}})',
    compareThese: 'Compare these ({{count, number}})',
    colourBy: 'Colour by',
    colourByCluster: 'Colour: cluster',
    colourByCollection: 'Colour: collection',
    collections: 'Collections',
    noCollection: 'In no collection',
    selectHint:
      'Shift-click papers (or Shift+Enter on one) to pick several; pick a cluster to pick its papers.',
    selection: 'Picked papers',
    selected: '{{count, number}} picked',
    clearSelection: 'Clear'
  },
  compare: {
    views: 'Views',
    tabChat: 'Chat',
    tabCompare: 'Compare',
    label: 'Compare papers',
    new: 'Compare papers',
    papers: 'Papers',
    pickerLabel: 'Papers to compare',
    findPapers: 'Find papers by title, author or year',
    chosenCount_one: '{{count, number}} paper chosen',
    chosenCount_other: '{{count, number}} papers chosen',
    clearChosen: 'Clear',
    noPaperMatch: 'No indexed paper matches “{{query}}”.',
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
  ...libraryEn,
  ...labEn,
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
  ...chatEn,
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
    ...settingsFormEn,
    themes: { system: 'Same as the system', light: 'Light', dark: 'Dark' },
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
    localModelIdle:
      'The local model is used only when Gemini cannot be reached; it cannot be reached now either:',
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
    uiLanguageNames: { en: 'English', 'pt-BR': 'Portuguese (Brazil)' },
    answerLanguage: 'Answer language',
    answerUi: 'Same as the interface',
    answerQuestion: 'Same as the question',
    answerLanguageHelp: 'Papers stay in English; answers are written in this language.',
    toolRounds: 'Search rounds per answer',
    autoUpdate: 'Check for updates automatically',
    autoUpdateHelp:
      'At start and once a day, new versions are looked for on GitHub and downloaded in the background; the app asks before restarting. Builds that cannot update themselves (a .deb, an unsigned Mac app) never check.',
    ocrLanguage: 'OCR language for scanned pages',
    ocrLanguages: { eng: 'English', por: 'Portuguese' },
    ocrHelp:
      'Pages without a text layer are read by OCR, offline; blank pages are skipped. A paper whose other pages are in English or Portuguese is read in that language; this one starts a paper that is all scans, and when its first pages turn out to be in the other language the rest is read in that one.',
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
    addressUnconfirmed:
      'The settings file names {{address}} as the Gemini API address, but your key was not entered or confirmed for it (a settings file copied or synced from elsewhere can name any address). Until you confirm it, the key is sent only to {{keyAddress}}.',
    confirmAddress: 'Send my key to this address',
    googleEndpoint: "Google's own endpoint",
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
    sync: {
      heading: 'Watched folders and Zotero',
      help: 'New or changed PDFs in these folders, and new items in the linked Zotero library, come into the library by themselves while the app is open. A file that is renamed or moved keeps its paper; when a file or an item goes away, its paper is kept and marked, never removed.',
      folders: 'Watched folders',
      noFolders: 'No folder is watched yet.',
      addFolder: 'Watch a folder…',
      poll: 'Check by polling (for network and cloud-synced folders)',
      files_one: '{{count, number}} PDF',
      files_other: '{{count, number}} PDFs',
      missing: '{{count, number}} missing',
      polled: 'polled',
      lastSync: 'synced {{when}}',
      never: 'not synced yet',
      remove: 'Stop watching',
      removeLabel: 'Stop watching {{path}}',
      zotero: 'Zotero',
      zoteroNone: 'No Zotero library is linked.',
      linkZotero: 'Link a Zotero data folder…',
      collections: 'Collections to follow (none checked: the whole library)',
      link: 'Link',
      cancel: 'Cancel',
      zoteroLinked: 'Following {{dir}} read-only (Zotero may stay open): {{scope}}.',
      wholeLibrary: 'the whole library',
      items_one: '{{count, number}} item',
      items_other: '{{count, number}} items',
      trashed: '{{count, number}} in its trash',
      unlink: 'Unlink Zotero',
      pause: 'Pause',
      resume: 'Resume',
      paused: 'Paused: nothing is synced until you resume.',
      syncNow: 'Sync now',
      syncing: 'Syncing…',
      lastRun: 'Last sync {{when}}: {{summary}}.',
      noRun: 'Nothing synced yet.',
      noChanges: 'no changes',
      count: {
        new_one: '{{count, number}} new',
        new_other: '{{count, number}} new',
        updated_one: '{{count, number}} updated',
        updated_other: '{{count, number}} updated',
        moved_one: '{{count, number}} moved',
        moved_other: '{{count, number}} moved',
        restored_one: '{{count, number}} back',
        restored_other: '{{count, number}} back',
        missing_one: '{{count, number}} file missing',
        missing_other: '{{count, number}} files missing',
        trashed_one: "{{count, number}} in Zotero's trash",
        trashed_other: "{{count, number}} in Zotero's trash",
        duplicate_one: '{{count, number}} already in the library',
        duplicate_other: '{{count, number}} already in the library',
        failed_one: '{{count, number}} could not be read',
        failed_other: '{{count, number}} could not be read',
        noPdf_one: '{{count, number}} without a PDF (details only)',
        noPdf_other: '{{count, number}} without a PDF (details only)'
      },
      kind: {
        new: 'new',
        updated: 'updated',
        moved: 'moved or renamed',
        restored: 'back',
        missing: 'file missing, kept',
        trashed: "in Zotero's trash, kept",
        duplicate: 'already in the library',
        failed: 'could not be read',
        noPdf: 'no PDF, details only'
      }
    },
    apiServer: {
      heading: 'Local API for scripts and notebooks',
      switch: 'Run the local HTTP API while the app is open',
      port: 'Port',
      portInvalid: 'Choose a port from 1024 to 65535.',
      help: 'Python, R or curl on this computer can then ask <code>POST /ask</code> and read papers, pages and BibTeX, with the token below. It listens on 127.0.0.1 only and cannot add or remove papers. The same API runs without the app with <code>researchpal serve</code>.',
      running:
        'Serving <code>{{url}}</code>; the interactive documentation is at <code>{{docs}}</code>.',
      tokenOnce:
        'The token to send as "Authorization: Bearer <token>". It is shown here once; copy it now.',
      tokenFile:
        'The token is kept in {{file}} (readable by you only); delete the file for a new one.',
      tokenEnv: 'The token is the one RESEARCHPAL_API_TOKEN sets.'
    },
    mcp: 'Use from Claude Desktop, Cursor and other MCP clients',
    mcpHelp:
      'Add this to claude_desktop_config.json (Claude Desktop) or .cursor/mcp.json (Cursor). The client can search, read and cite your papers but not change the library; add <code>--allow-add</code> to args to let it add arXiv papers, and <code>GEMINI_API_KEY</code> to env for generated answers.',
    copy: 'Copy',
    copied: 'Copied.',
    copyFailed: 'Could not copy; select the text and copy it.'
  }
}

/** A catalog's shape: the English one's keys, any string values. */
export type Catalog = Strings<typeof en>
