import { describe, expect, it } from 'vitest'
import type { FolderImportStatus } from '../../../src/shared/folderImport'
import { summaryText } from '../../../src/main/cli/importCommands'

const finished: FolderImportStatus = {
  jobId: 'j',
  folder: '/home/ana/papers',
  state: 'finished',
  total: 3,
  indexed: 1,
  duplicates: 1,
  failed: 2,
  inFlight: 0,
  queued: 0,
  elapsedSeconds: 12,
  papersPerSecond: 0.25,
  etaSeconds: null,
  failures: [
    {
      file: '/home/ana/papers/gone.pdf',
      code: 'NOT_FOUND',
      message:
        '"gone.pdf" could not be read (it was moved, deleted or is not readable). Put it back and import the folder again.',
      key: 'importUnreadable',
      params: { file: 'gone.pdf' },
      paperId: null
    },
    // Written before the keys: its English message is all there is.
    {
      file: '/home/ana/papers/old.pdf',
      code: 'NO_TEXT',
      message: 'old.pdf has no text.',
      paperId: null
    }
  ],
  duplicateFiles: [
    {
      file: '/home/ana/papers/copy.pdf',
      code: 'DUPLICATE',
      message: '"copy.pdf" is the same PDF as "Attention", already in the library.',
      key: 'importDuplicateOf',
      params: { file: 'copy.pdf', title: 'Attention' },
      paperId: 'p1'
    }
  ]
}

describe("import-folder's summary", () => {
  it("says each file's reason in the CLI's language", () => {
    const pt = summaryText(finished, 'pt-BR')
    expect(pt).toContain(
      '  ✗ /home/ana/papers/gone.pdf  NOT_FOUND: Não foi possível ler "gone.pdf" (ele foi movido'
    )
    expect(pt).toContain(
      '  = /home/ana/papers/copy.pdf  "copy.pdf" é o mesmo PDF que "Attention", que já está na biblioteca.'
    )
    expect(pt).toContain('  ✗ /home/ana/papers/old.pdf  NO_TEXT: old.pdf has no text.')
    expect(pt).not.toMatch(/could not be read|same PDF as/)
    const en = summaryText(finished, 'en')
    expect(en).toContain(`NOT_FOUND: ${finished.failures[0]!.message}`)
    expect(en).toContain(`  = /home/ana/papers/copy.pdf  ${finished.duplicateFiles[0]!.message}`)
  })
})
