import { labErrorsEn } from './lab'

/** The `errors` section of main's catalog (every message an error or refusal shows a person), in English. */
export const mainErrorsEn = {
  ...labErrorsEn,
  linkInvalid:
    'This link cannot be opened: {{link}} is not a ResearchPal passage link (researchpal://paper/<id>?page=N).',
  linkPaperMissing:
    'The link points to paper {{paperId}}, which is not in this library. Add the paper, then open the link again.',
  openFileFailed: 'The file could not be added to the library: {{detail}}',
  internal:
    'Something went wrong: {{detail}}. The app is still running; try again, and if it keeps failing, report it with the log.',
  both: '$t(errors.{{firstKey}}) $t(errors.{{secondKey}})',
  cancelled: 'The operation was cancelled.',
  cancelledAnswer: 'The answer was cancelled.',
  cancelledDownload: 'Downloading arXiv {{id}} was cancelled.',
  cancelledIndexing: 'Indexing {{file}} was cancelled.',
  cancelledReading: 'Reading {{file}} was cancelled.',
  cancelledEmbedding: 'Embedding was cancelled.',
  cancelledSearch: 'The search was cancelled.',
  cancelledComparison: 'The comparison was cancelled.',
  indexingCancelled: 'Indexing {{file}} was cancelled. Retry to index it.',
  pdfEmpty: '{{file}} is empty (0 bytes). Add the PDF again.',
  notPdf: "{{file}} is not a PDF (it does not start with %PDF). Add the paper's PDF file instead.",
  pdfPageUnreadable:
    '{{file}}: page {{page}} could not be read ({{detail}}). The PDF may be damaged; try downloading it again.',
  pdfEncrypted: '{{file}} is password-protected. Save an unprotected copy of the PDF and add that.',
  pdfDamaged:
    '{{file}} is damaged and could not be opened ({{detail}}). Try downloading the PDF again.',
  pdfReaderStopped:
    '{{file}} could not be read: the PDF reader stopped while reading it ({{detail}}). The PDF may be damaged or too large; try another copy of it.',
  noText_one:
    '{{file}} has no extractable text ({{count}} page): it is probably a scan or blank. Run OCR on it and add the searchable PDF.',
  noText_other:
    '{{file}} has no extractable text ({{count}} pages): it is probably a scan or blank. Run OCR on it and add the searchable PDF.',
  almostNoText_one:
    '{{file}} has almost no extractable text ({{chars}} characters in {{count}} page): it is probably a scan. Run OCR on it and add the searchable PDF.',
  almostNoText_other:
    '{{file}} has almost no extractable text ({{chars}} characters in {{count}} pages): it is probably a scan. Run OCR on it and add the searchable PDF.',
  notArxivDoi:
    "{{doi}} is not an arXiv DOI (10.48550/arXiv.…); ResearchPal can fetch arXiv papers only. Download the paper's PDF and add the file.",
  notArxivId:
    '"{{input}}" is not an arXiv id. Use an id such as 1706.03762 or a link such as https://arxiv.org/abs/1706.03762.',
  arxivNoVersion:
    'arXiv has no version {{version}} of {{id}} (404). Check the version, or add {{id}} without one for the latest.',
  arxivNoPaper: 'arXiv has no paper {{id}} (404). Check the id.',
  arxivFailed_one:
    'Could not download arXiv {{id}} after {{count}} try ($t(errors.downloadReasons.{{reason}})). Check the internet connection and retry.',
  arxivFailed_other:
    'Could not download arXiv {{id}} after {{count}} tries ($t(errors.downloadReasons.{{reason}})). Check the internet connection and retry.',
  downloadReasons: {
    offline: 'no internet connection, or arxiv.org cannot be reached',
    timeout: 'timed out',
    notPdf: 'the server did not send a PDF',
    http: 'HTTP {{status}}'
  },
  arxivDuplicate:
    'arXiv {{id}} is already in the library ($t(errors.duplicateWhich.{{which}})), and the library keeps one version of a paper. To use {{id}}{{version}} instead, remove {{existing}} first, then add it again.',
  duplicateWhich: {
    version: 'version {{held}}',
    latest: 'the version that was latest when it was added',
    file: 'the copy added from the file "{{fileName}}"'
  },
  samePdfAsTwin:
    'arXiv {{id}} is the same PDF as "{{title}}" ({{twinId}}), which is already in the library. Remove this entry.',
  pathsNotFound: 'Not found or not readable: {{paths}}. Check the path.',
  pdfMissing:
    'The PDF of "{{title}}" ({{id}}) is missing from the library folder. Add the file again to restore it.',
  noPdfYet:
    '"{{title}}" has no PDF yet (a reference kept without one), so it is not searched. Fetch its PDF or attach one in its details.',
  alreadyHasPdf: '"{{title}}" already has a PDF.',
  nothingToFetchBy:
    '"{{title}}" has no arXiv id or DOI to fetch its PDF by. Attach the PDF instead: drop it on the paper, or choose it in its details.',
  attachSamePdf:
    'This PDF is already in the library as "{{title}}" ({{twinId}}). Remove one of them, or attach another PDF.',
  pdfNotInFolderYet: 'The PDF of "{{title}}" is not in the library folder yet.',
  noSuchPaper: 'There is no paper {{id}} in the library.',
  noSuchPapers: 'No paper with id {{ids}} is in the library. List the papers to see their ids.',
  noSuchCollection: 'There is no collection {{id}}; it may have been deleted. Reload the library.',
  collectionNeedsName: 'A collection needs a name.',
  collectionNameTaken: 'There is already a collection called "{{name}}". Choose another name.',
  noCollectionNamed: 'There is no collection "{{name}}". See them with: collections',
  storedTextDamagedReadOnly:
    'The stored text of "{{title}}" ({{id}}) is damaged ({{reason}}). Open ResearchPal, or run the repair command, to rebuild it from its PDF.',
  storedTextDamaged:
    'The stored text of "{{title}}" ({{id}}) is damaged ({{reason}}). It is being re-indexed; try again when it is done.',
  textNotExtracted: 'The text of "{{title}}" is not extracted yet.',
  libraryReadOnly:
    'This library was opened read-only (another process may be writing to it); changes are not possible here.',
  doiNeedsOnline: 'Adding by DOI needs the online services, which are off here.',
  noOpenAccessPdf:
    'Unpaywall knows no open-access PDF for {{doi}}. Download the PDF from the publisher (or your library) and add the file.',
  openAccessNotPdf:
    'The open-access link for {{doi}} ({{url}}) did not give a PDF. Open it in a browser and add the PDF by hand.',
  serviceTimeout: '{{service}} did not answer in time. Try again later.',
  serviceOffline:
    '{{service}} cannot be reached: no internet connection. It will be tried again when you are online.',
  serviceRateLimitedWait:
    '{{service}} asks us to slow down (too many requests). Trying again in {{seconds}} s.',
  serviceRateLimited:
    '{{service}} asks us to slow down (too many requests). Try again in a minute.',
  serviceDown: '{{service}} is not working right now (HTTP {{status}}). Try again later.',
  serviceRefused: '{{service}} refused the request (HTTP {{status}}).',
  newerLibrary:
    '{{file}} was written by a newer ResearchPal (library format {{version}}; this version reads up to {{supported}}). Update ResearchPal to open this library; nothing was changed.',
  newerSettings:
    '{{file}} was written by a newer ResearchPal (settings format {{version}}). Update ResearchPal; nothing was changed.',
  newerVectors:
    '{{file}} was written by a newer ResearchPal (format {{version}}). Update ResearchPal to open this library; nothing was changed.',
  dataFolderBusy:
    '$t(errors.holderWhere.{{where}}) is writing to this data folder. Try again when it has finished, or close it. If no such process is running, delete {{lockFile}}.',
  dataFolderBusyWaited:
    '$t(errors.holderWhere.{{where}}) is writing to this data folder (waited {{seconds}} s). Try again when it has finished, or close it. If no such process is running, delete {{lockFile}}.',
  holderWhere: {
    here: '{{holder}} (pid {{pid}}, since {{since}})',
    elsewhere: '{{holder}} (pid {{pid}} on {{host}}, since {{since}})'
  },
  waitingForWriter:
    'Waiting for $t(errors.holderWhere.{{where}}) to finish writing to the data folder…',
  lockCreateFailed:
    'Could not create {{file}} ({{reason}}). Check that the data folder exists and is writable.',
  diskFullReserveUsed:
    'The disk holding {{folder}} is full ({{free}} free). ResearchPal used the {{size}} it keeps in reserve there so the library could open: remove papers you no longer need (remove) or free space on that disk; the reserve is kept again once there is room.',
  diskFull:
    'The disk holding {{folder}} is full ({{free}} free): saving {{file}} needs about {{needed}}. Free at least that much there (remove papers you no longer need with remove, or delete other files on that disk), then try again.',
  saveFailed:
    'Could not save {{file}} ({{reason}}). Check that the disk has free space and the folder is writable, then try again.',
  deleteFilesFailed:
    'Could not delete the files of paper {{id}}. Check that the data folder is writable.',
  vectorsSaveFailed:
    'Could not save the vectors of paper {{id}}. Check that the disk has free space, then re-index the paper.',
  geminiTimeout:
    'Gemini ({{model}}) did not answer within {{seconds}} s. Try again, or raise the request timeout in Settings.',
  geminiStopped: 'Gemini ({{model}}) stopped responding. Try again in a moment.',
  geminiOffline:
    'No internet connection: Gemini cannot be reached (this computer seems to be offline, or a proxy or firewall blocks the connection). Search and reading still work; try again when you are online.',
  geminiKeyRejected: 'Gemini rejected the API key{{detail}}. Set a valid key in Settings.',
  geminiRateLimitedWait:
    "Gemini's rate limit or quota for this key was reached. Try again in {{seconds}} s, or check the key's quota in Google AI Studio.",
  geminiRateLimited:
    "Gemini's rate limit or quota for this key was reached. Try again in a minute, or check the key's quota in Google AI Studio.",
  geminiUnavailable:
    'Gemini is unavailable or overloaded right now (HTTP {{status}}). Try again in a minute.',
  geminiUnknownModel:
    'Gemini does not know the model "{{model}}"{{detail}}. Choose another model in Settings.',
  localTimeout:
    'The local model "{{model}}" sent nothing for {{seconds}} s. A large model on a slow computer can need longer: raise the request timeout in Settings, or choose a smaller model.',
  localModelMissing:
    'The model "{{model}}" is not installed on the local server at {{baseUrl}} ({{detail}}). Install it with `{{command}}`, or choose an installed model in Settings.',
  localNoEndpoint:
    'The server at {{baseUrl}} has no OpenAI-compatible chat endpoint (HTTP 404). Start Ollama, or check the address in Settings: it usually ends in /v1 (Ollama: http://127.0.0.1:11434/v1).',
  localNeedsKey:
    'The local server at {{baseUrl}} refused the request (HTTP {{status}}): it asks for an API key, which ResearchPal does not send to local servers. Turn its authentication off, or check the address in Settings.',
  localServerFailed:
    'The local server at {{baseUrl}} could not run "{{model}}" (HTTP {{status}}: {{detail}}). Check that the computer has enough free memory for the model, then try again.',
  localUnreachable:
    'Nothing answers at {{baseUrl}}. Start Ollama, or check the address in Settings.',
  localAlsoFailed: 'The local model could not answer either: $t(errors.{{innerKey}})',
  embedderFilesMissing:
    'The embedding model folder {{dir}} is missing {{files}}. Run `npm run fetch-model` or copy the model files there; keyword search works meanwhile.',
  embedderUnloadable:
    'The embedding model in {{dir}} could not be loaded ({{detail}}). The files may be damaged or incomplete: run `npm run fetch-model` again or replace them; keyword search works meanwhile.',
  contextTooSmall:
    'The context window of "{{model}}" is too small for the question and even one passage. Give the model a larger context (Ollama: OLLAMA_CONTEXT_LENGTH=8192; LM Studio and llama.cpp: the context length when loading it) and set the same "Context window" in Settings.',
  contextTooSmallSized:
    'The context window of "{{model}}" ({{tokens, number}} tokens) is too small for the question and even one passage. Give the model a larger context (Ollama: OLLAMA_CONTEXT_LENGTH=8192; LM Studio and llama.cpp: the context length when loading it) and set the same "Context window" in Settings.',
  notAFile: '"{{name}}" is not a file.',
  specialFile:
    '"{{name}}" is $t(errors.fileKinds.{{kind}}), not a file: ResearchPal reads only ordinary files, so nothing was read from it. Give the path of the file itself.',
  fileKinds: {
    device: 'a device',
    fifo: 'a named pipe (FIFO)',
    socket: 'a socket',
    other: 'a special file'
  },
  noPdfInFolder:
    'There is no PDF in the folder {{dir}} or its subfolders (ResearchPal adds the files ending in .pdf). Check the folder.',
  pdfTooLarge:
    '"{{name}}" is {{size}}, larger than the {{limit}} ResearchPal reads. Add a smaller PDF (for example without embedded scans).',
  fileEmpty: '"{{name}}" is empty (0 bytes). Add the paper\'s PDF file.',
  pdfCutOff:
    '"{{name}}" ({{size}}) starts like a PDF but does not end like one (no %%EOF trailer): it is damaged, cut off or not a real PDF. Download or export the PDF again.',
  linkLoop:
    '"{{name}}" is a link that leads back to itself (a loop of links). Point it at the PDF or remove it.',
  linkBroken:
    '"{{name}}" is a link to {{target}}, which does not exist. Point it at the PDF or remove it.',
  fileUnreadable:
    '"{{name}}" could not be read ({{reason}}). Check that the file is there and readable.',
  strayPdfsAdopted_one:
    'A PDF in the library folder belonged to no paper ({{ids}}): adding it was cut off before it was recorded. It is added to the library now and indexed; remove it if you did not mean to add it.',
  strayPdfsAdopted_other:
    '{{count}} PDFs in the library folder belonged to no paper ({{ids}}): adding them was cut off before they were recorded. They are added to the library now and indexed; remove any you did not mean to add.',
  strayPdfsRemoved:
    'Removed {{count}} PDF copy(ies) left in the library folder by an add that was cut off ({{ids}}): the library already has the same PDF.',
  comparisonSetAside:
    'The comparison file {{file}} could not be read ({{reason}}): it was kept as {{movedTo}} and is not shown.',
  comparisonRecovered:
    'The comparison file {{file}} was damaged ({{reason}}): "{{title}}" is back with {{kept}} cell(s) read whole; the {{lost}} cell(s) lost to the damage are marked, compare again to fill them. The damaged file was kept as {{movedTo}}.',
  comparisonCellLost:
    'This cell was lost when its comparison file was damaged. Compare again to fill it.',
  settingsUnreadable:
    'settings.json could not be read ({{reason}}): it was kept as {{aside}} and the default settings are in force. Set your choices again in Settings (your API key is kept apart and not affected).',
  recoveredWithoutPdf:
    'Paper {{id}} was recovered from the library folder without its PDF. Add the PDF again to restore it, or remove the paper.',
  interruptedTurn: 'The app stopped while this question was being answered. Ask it again.',
  evidenceNoApiKey:
    'No Gemini API key is set, so these are the most relevant passages, not a generated answer. Add a key in Settings to get answers.',
  evidenceNoLocalModel:
    'No local model is chosen, so these are the most relevant passages, not a generated answer. Choose one in Settings to get answers.',
  cellNoApiKey: 'No Gemini API key is set, so this cell shows the passages, not an answer.',
  contextTrimmed:
    'The local model\'s context window ({{tokens, number}} tokens) holds only {{shown}} of the {{total}} passages found, so this answer is based on those. Give the model a larger context (Ollama: OLLAMA_CONTEXT_LENGTH) and raise "Context window" in Settings for fuller answers.',
  noIndexedPaper:
    'There is no indexed paper to answer from yet. Add papers (or wait until they are indexed), then ask again.',
  scopeHasNoPdf:
    'The papers this question is limited to have no PDF yet (references kept without one), so there is no text to search in them. Fetch or attach their PDFs first, or choose other papers.',
  noIndexedPaperInScope:
    'None of the papers this question is limited to is indexed yet. Wait until they are, or choose other papers.',
  noLocalModelChosen: 'No local model is chosen. Refresh the list and pick one first.',
  apiServerPortInUse:
    'Port {{port}} is taken by another program, so the local API could not start. Choose another port in Settings and switch it on again.',
  apiServerWindowOnly: "The local API is switched on and off in the app's Settings only.",
  noSuchConversation:
    'There is no conversation {{id}}. List them with "threads" (or pick one in the list).',
  noSuchTurn: 'Conversation {{id}} has no turn {{turn}}.',
  noDeletedConversation: 'There is no deleted conversation {{id}} to restore.',
  comparisonNeedsPaperAndQuestion:
    'A comparison needs at least one paper and one question. Delete the comparison instead.',
  comparisonNeedsQuestion: 'A comparison needs at least one question or claim.',
  importNotAFolder:
    '{{dir}} is not a folder that can be read. Choose the folder that holds the PDFs.',
  importUnfinished:
    'An import of {{folder}} is not finished ({{settled}} of {{total}} files done). Resume it, or cancel it, before importing another folder.',
  newerImport:
    '{{file}} was written by a newer ResearchPal (format {{version}}). Update ResearchPal; nothing was changed.',
  importManifestDamaged:
    "The folder import's progress file could not be read ({{detail}}); it was kept as {{aside}}. Papers already imported stay in the library; import the folder again to finish (files already in the library are skipped as duplicates).",
  syncRan: 'New from watched folders and Zotero: {{added}} paper(s), now in the library.',
  syncUpdated:
    'Updated from watched folders and Zotero: {{updated}} paper(s) (moved, renamed, back again or edited in Zotero).',
  syncMissing:
    "{{missing}} synced paper(s) lost their source: the file is gone, or the item is in Zotero's trash. They are kept in the library, marked; put the file back, restore the item, or remove the paper.",
  syncFailed:
    'Watched folders and Zotero could not be synced ({{detail}}). Papers already in the library are kept as they are. Check that the folder or the Zotero data folder is there and readable (a drive plugged in, a cloud folder signed in), then press Sync now in Settings → Watched folders and Zotero.',
  syncFilesFailed:
    '{{count}} PDF(s) from watched folders or Zotero could not be read: {{files}}. They are in the library with the reason; replace each with a readable copy and the next sync tries it again.',
  syncUnavailable:
    'Watched folders and Zotero cannot be changed here: this window has the library read-only, or its sync file is from a newer ResearchPal. Update ResearchPal, or close the other window that has the library open.',
  syncStateDamaged:
    'The sync state file could not be read ({{detail}}); it was kept as {{aside}}. Watched folders and the Zotero link must be added again; no paper was changed.',
  importRemoved: '{{file}} was removed from the library while it was being imported.',
  importNotIndexed: '{{file}} could not be indexed.',
  importUnreadable:
    '"{{file}}" could not be read (it was moved, deleted or is not readable). Put it back and import the folder again.',
  importDuplicateInFolder:
    '"{{file}}" is the same PDF as "{{other}}" in this folder, already in the library.',
  importDuplicateOf: '"{{file}}" is the same PDF as "{{title}}", already in the library.',
  noSuchComparison: 'There is no comparison with id {{id}}. List the comparisons to see their ids.',
  catalogRebuilt:
    'library.json could not be read{{detail}}. $t(errors.catalogKept.{{kept}}) Recovered {{count}} paper(s) from the library folder; $t(errors.catalogQueued.{{mode}}) (vectors still on disk are reused, not computed again).',
  catalogKept: {
    aside: 'It was kept as {{aside}}.',
    asideWithJournal: 'It was kept as {{aside}}, its recent changes as {{journalAside}}.',
    readOnly:
      'It was left as it is (read-only); open ResearchPal, or run the repair command, to rebuild it.'
  },
  catalogQueued: {
    writer: '{{queued}} are being re-indexed from their PDFs',
    readOnly: '{{queued}} need to be re-indexed from their PDFs'
  },
  catalogSalvaged:
    'From the last good copy of library.json, the part of the damaged file that could still be read and its journal: {{collections}} collection(s) restored, hand edits on {{edited}} paper(s), tags on {{tagged}} paper(s), {{filed}} paper(s) back in their collections, {{catalogOnly}} paper(s) without files restored as they were.',
  catalogNothingSalvaged:
    'No last good copy of library.json was found and nothing in the damaged file could be read, so collections, tags and hand-edited fields could not be recovered: papers come back with what their PDFs say.',
  catalogSalvageOlder:
    'Some papers were no longer in the damaged file and were restored from the last good copy (written {{savedAt}}); any changes made to them after that could not be recovered.',
  catalogSalvageNoFiles:
    '{{count}} paper(s) known only to the last good copy have no files left (removed since?) and were not brought back: {{ids}}.',
  catalogSalvageUnnamed:
    "{{count}} collection(s) whose names could not be recovered keep their papers under their ids ({{ids}}): rename them in the library's collections.",
  recoveredWithoutPdfs:
    '{{count}} paper(s) have text or index files but no PDF ({{ids}}): add their PDFs again to restore them.',
  searchPackUnusable:
    'The $t(errors.searchIndexKinds.{{kind}}) search pack could not be used{{detail}}.',
  searchPackUnusableKept:
    "The $t(errors.searchIndexKinds.{{kind}}) search pack could not be used{{detail}}. It was kept as {{aside}} and is rebuilt from the papers' own files.",
  searchIndexKinds: { keyword: 'keyword', vector: 'vector' },
  vectorManifestUnreadable: "The vector index's store.json could not be read{{detail}}.",
  vectorManifestUnreadableKept:
    "The vector index's store.json could not be read{{detail}}. It was kept as {{aside}} and rebuilt from the papers' vector files.",
  journalGap_one:
    'A change to the library is missing from library.journal{{detail}} and could not be applied; the {{applied}} change(s) after it were applied. A paper the missing change concerned shows the state it had before it (an unfinished one is indexed again): check your recent edits. $t(errors.journalKept.{{kept}})',
  journalGap_other:
    '{{count}} changes to the library are missing from library.journal{{detail}} and could not be applied; the {{applied}} change(s) after them were applied. A paper a missing change concerned shows the state it had before it (an unfinished one is indexed again): check your recent edits. $t(errors.journalKept.{{kept}})',
  journalUnreadable:
    'Part of library.journal, where recent changes to the library are kept, could not be read{{detail}}. Every change that could be read was applied; a change in the unreadable part, if there was one, is lost: a paper it concerned shows the state it had before it (an unfinished one is indexed again). $t(errors.journalKept.{{kept}})',
  journalKept: {
    aside: 'The journal was kept as {{aside}}.',
    none: 'The journal was left as it is.'
  },
  unreadableRecord:
    'A record in library.json cannot be read by this version of ResearchPal{{detail}}; it may come from a newer version. It is kept unchanged but not shown. Update ResearchPal to see it.',
  unreadableRecordOf:
    'A record in library.json ($t(errors.recordKinds.{{kind}}) {{id}}) cannot be read by this version of ResearchPal{{detail}}; it may come from a newer version. It is kept unchanged but not shown. Update ResearchPal to see it.',
  recordKinds: { paper: 'paper', collection: 'collection' },
  reindexingFromPdf: '{{paper}}: {{detail}}. Re-indexing it from its PDF.',
  damagedWithoutPdf: '{{paper}}: {{detail}}, and its PDF is missing.',
  damagedCannotSearch:
    '{{paper}} cannot be searched: {{detail}}, and its PDF is missing from the library folder. Add the PDF again to restore it, or remove the paper.',
  recomputingVectors: '{{paper}}: {{detail}}. Recomputing its vectors.',
  pdfMissingOne:
    'The PDF of {{named}}, is missing from the library folder: search still works, but the viewer cannot show it. Add the file again to restore it.',
  pdfMissingMany:
    'The PDF of {{count, number}} papers, {{named}}, is missing from the library folder: search still works, but the viewer cannot show them. Add the files again to restore them.',
  pdfMissingManyMore:
    'The PDF of {{count, number}} papers, {{named}} and {{more, number}} more, is missing from the library folder: search still works, but the viewer cannot show them. Add the files again to restore them.',
  keywordSearchUnavailable:
    '{{paper}}: {{detail}}. Its keyword search is unavailable here; open ResearchPal, or run the repair command, to rebuild it from its PDF.',
  vectorSearchUnavailable:
    '{{paper}}: {{detail}}. Its vector search is unavailable here; open ResearchPal, or run the repair command, to rebuild it from its PDF.',
  damagedInUseReadOnly:
    '{{paper}}: {{detail}}. It is left out of search here; open ResearchPal, or run the repair command, to rebuild it from its PDF.',
  damagedInUse: '{{paper}}: {{detail}}. Re-indexing it.',
  notZoteroFolder:
    '{{dir}} is not a Zotero data folder: it has no zotero.sqlite. Choose the folder Zotero shows in Settings → Advanced → Files and Folders (usually ~/Zotero).',
  zoteroUnreadable:
    '{{file}} could not be read as a Zotero database{{detail}}. Close Zotero and try again, or export the library as BibTeX with files and import that.',
  zoteroTooOld:
    '{{file}} does not have the tables of Zotero 5, 6 or 7{{detail}}; it may come from an older Zotero. Open it once in a current Zotero to upgrade it, or export the library as BibTeX with files and import that.',
  noSuchFile: 'There is no file {{file}}. Check the path and try again.',
  noZoteroCollection:
    'This Zotero library has no collection {{wanted}}. Its collections: {{names}}.',
  noZoteroCollections:
    'This Zotero library has no collection {{wanted}}. It has no collections at all: import it without --collection.',
  bibUnreadable:
    '{{name}} could not be read as BibTeX or RIS{{detail}}. Export it again from your reference manager.',
  bibCancelled: 'Reading {{file}} was cancelled; nothing from it was added.',
  bibEmpty:
    '{{name}} has no BibTeX entries (@article{...}) or RIS records (TY  - ...). Export your library as BibTeX or RIS and import that file.',
  embedderNotFound:
    'Embedding model not found — keyword search only. Run `npm run fetch-model` or put the files ({{files}}) in {{target}}.',
  embedderReady: 'Embedding model ready ({{id}}).',
  embedderFound: 'Embedding model found in {{dir}}; it loads on first use.',
  noneOfIndexed:
    'None of the papers {{ids}} is indexed yet. Wait for ingestion to finish or re-add them.',
  nothingIndexed:
    'No paper in the library is indexed yet. Add a paper (or wait for ingestion to finish), then search again.',
  noSearchableWords:
    'The query "{{query}}" has no searchable words (only stop words or symbols). Use words that would appear in the paper.',
  noSuchPassage:
    'Paper {{paperId}} has no passage {{chunkId}}. Search again for current passage ids.',
  noPassageNoPaper:
    'There is no passage {{chunkId}}: no paper {{paperId}} is in the library. List the papers to see their ids.',
  paperTextUnavailable:
    'The text of paper {{id}} ("{{title}}") is not available; it may still be ingesting. Try again when it is indexed, or re-add it.',
  invalidSearch: 'Invalid search request: {{detail}}.',
  invalidSection: 'Invalid section request: {{detail}}.',
  noSuchSection: 'Paper {{id}} has no section "{{requested}}". Its sections are: {{sections}}.',
  noSections:
    'No sections were detected in paper {{id}}, so "{{requested}}" cannot be extracted. Use search instead.',
  sectionNoText:
    'The section "{{requested}}" of paper {{id}} has no extractable text. Use search instead.',
  invalidPaperFilter: 'Invalid paper filter: {{detail}}.',
  noCollectionsHere:
    'There is no collection "{{name}}": this library has no collections. List the papers without a collection.',
  invalidPageRange: 'Invalid page range: {{detail}}.',
  noSuchPage: 'Paper {{id}} ("{{title}}") has {{count}} pages; there is no page {{page}}.',
  paperOutOfScope: 'Paper {{id}} is not among the papers this question is limited to ({{ids}}).',
  cursorForeign:
    'The cursor does not belong to this {{tool}} call. Repeat the call with the same arguments and the cursor it returned, or drop the cursor to start over.',
  cursorPastEnd:
    'The cursor points past the end of this {{tool}} result; the library may have changed. Repeat the call without a cursor.',
  conversationPapersMissing:
    'No paper with id {{ids}} in the library; a conversation can only be limited to papers in it.',
  askOutsideConversation:
    "Papers {{ids}} are outside this conversation's papers ({{scope}}). Change the conversation's papers, or ask in a new conversation.",
  conversationsReadOnly:
    'This library is open read-only (the MCP server); conversations are changed in the app or the CLI.',
  compareNeedsPapers: 'A comparison needs papers: choose some, a collection, or a conversation.',
  compareOutsideConversation:
    "Papers {{ids}} are outside this conversation's papers ({{scope}}). Compare them outside the conversation, or change its papers.",
  compareCollectionEmpty: 'Collection "{{name}}" has no indexed papers. Add or index papers first.',
  compareNoPapersChosen: 'No papers were chosen. Add or index papers first.',
  compareConversationEmpty: 'This conversation has no indexed papers. Add or index papers first.',
  compareTooMany:
    'That is {{count}} papers; a comparison holds at most {{max}}. Choose fewer papers or a smaller collection.',
  replyNotJson: "The model's reply could not be read (not JSON): {{detail}}",
  replyMissingFields: "The model's reply did not have the expected fields: {{detail}}",
  scanUnreadable_one:
    '{{file}} has no text layer, and OCR could not read it either: {{chars}} letters on {{count}} scanned page. The scan may be blank, too faint or low-resolution, rotated, or not in the OCR languages set in Settings ({{languages}}). Add a clearer scan, or a PDF with a text layer.',
  scanUnreadable_other:
    '{{file}} has no text layer, and OCR could not read it either: {{chars}} letters on {{count}} scanned pages. The scan may be blank, too faint or low-resolution, rotated, or not in the OCR languages set in Settings ({{languages}}). Add a clearer scan, or a PDF with a text layer.',
  scanUnreadableScored_one:
    '{{file}} has no text layer, and OCR could not read it either: {{chars}} letters on {{count}} scanned page (mean word confidence {{confidence}}%). The scan may be blank, too faint or low-resolution, rotated, or not in the OCR languages set in Settings ({{languages}}). Add a clearer scan, or a PDF with a text layer.',
  scanUnreadableScored_other:
    '{{file}} has no text layer, and OCR could not read it either: {{chars}} letters on {{count}} scanned pages (mean word confidence {{confidence}}%). The scan may be blank, too faint or low-resolution, rotated, or not in the OCR languages set in Settings ({{languages}}). Add a clearer scan, or a PDF with a text layer.',
  envAddressRefused:
    '{{name}} "{{value}}" must be an https:// address, or an http:// address on this computer (localhost, 127.x.x.x or [::1]): the API key would be sent there. Fix or unset {{name}}.',
  settingNotUsable: '{{name}} is not usable{{detail}}',
  addressNotInForce:
    'The Gemini API address "{{address}}" is no longer the one in settings; open Settings again to see the address to confirm.',
  keyAddressIgnored:
    'settings.json names {{address}} as the Gemini API address, but your key was not entered or confirmed for it, so the key is sent only to {{keyAddress}}. If you set that address, confirm it in Settings.',
  keyAddressIgnoredGoogle:
    "settings.json names {{address}} as the Gemini API address, but your key was not entered or confirmed for it, so the key is sent only to Google's own endpoint. If you set that address, confirm it in Settings.",
  keyAddressIgnoredEnv:
    "settings.json names {{address}} as the Gemini API address; the key from {{source}} is sent only to Google's own endpoint. To use that address, set GEMINI_BASE_URL in the same environment as the key.",
  noSecureStorage:
    'This system offers no secure storage for the API key (no keychain or secret service). Set GEMINI_API_KEY in the environment instead.',
  nothingToMeasure:
    'There is no embedding model to measure; ingestion runs keyword-only until one is added.',
  noTextToMeasure:
    'None of the first PDFs has text to measure ingestion with; the default settings stay in force.',
  pdfNoSuchPage: '{{file}} has {{count}} pages; there is no page {{page}}.',
  libraryFolderUnreadable:
    'Could not open the library folder {{dir}} ({{reason}}). Choose another folder (--data-dir, or RESEARCHPAL_DATA_DIR).',
  libraryFolderUncreatable:
    'Could not create the library folder {{dir}} ({{reason}}). Choose another folder (--data-dir, or RESEARCHPAL_DATA_DIR).',
  onlineOff: 'Online metadata is switched off in this session.'
}
