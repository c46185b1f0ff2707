/** The CLI's texts for `sync` (a synced folder's scans, conflicts and repairs). */
export const cliSyncEn = {
  watching: 'Watching {{folder}}{{how}}. Run "sync --once" to bring in what is there now.',
  polling: ' (by polling: a network or cloud-synced folder)',
  notWatched: '{{folder}} is not a watched folder.',
  unwatched: 'No longer watching {{folder}}; its papers stay in the library.',
  noFolders: 'No watched folders. Add one with: watch add <folder>',
  folderRow: '{{folder}}{{how}}: {{files, number}} PDF(s), last sync {{when}}',
  zoteroRow: 'Zotero {{dir}} ({{scope}}): {{items, number}} item(s), last sync {{when}}',
  never: 'never',
  paused: 'Sync is paused: "watch resume" resumes it.',
  pausedNow: 'Sync paused: nothing is added or flagged until "watch resume".',
  resumedNow: 'Sync resumed.',
  linked:
    'Linked to the Zotero library at {{dir}} ({{scope}}), read-only: Zotero may stay open. Run "sync --once" to bring it in.',
  wholeLibrary: 'the whole library',
  noLink: 'There was no Zotero link.',
  unlinked: 'Unlinked from Zotero; its papers stay in the library.',
  nothing:
    'Nothing to sync: add a folder with "watch add <folder>" or link Zotero with "zotero link <folder>".',
  summary: 'Synced at {{when, datetime(dateStyle: short; timeStyle: short)}}: {{summary}}.',
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
    duplicate_one: '{{count, number}} duplicate',
    duplicate_other: '{{count, number}} duplicates',
    failed_one: '{{count, number}} failed',
    failed_other: '{{count, number}} failed',
    noPdf_one: '{{count, number}} without a PDF',
    noPdf_other: '{{count, number}} without a PDF',
    settling_one: '{{count, number}} still being written',
    settling_other: '{{count, number}} still being written'
  },
  change: {
    new: '+ {{file}}: new, “{{title}}”',
    updated: '~ {{file}}: updated, “{{title}}”',
    moved: '→ {{file}}: moved or renamed, still “{{title}}”',
    restored: '↺ {{file}}: back, “{{title}}”',
    missing:
      '! {{file}} is gone. “{{title}}” is kept, marked "file missing": put the file back, or remove the paper with: remove {{paperId}}',
    trashed:
      "! “{{title}}” is in Zotero's trash (or was deleted there). It is kept here, marked; remove it with: remove {{paperId}}",
    duplicate: '= {{file}}: already in the library as “{{title}}”',
    failed: '✗ {{file}}: could not be added (see: papers)',
    noPdf:
      '· “{{title}}”: no PDF in Zotero; kept with its details only (attach or fetch its PDF in the library)',
    settling: '… {{file}}: still being written; it comes in once it stops growing'
  },
  watchingNow: 'Watching {{folders, number}} folder(s){{zotero}}; Ctrl-C stops.',
  andZotero: ' and Zotero',
  stopping: 'Stopping…'
}
