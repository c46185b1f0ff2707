import { basename } from 'node:path'
import type { AppError } from '../../shared/errors'
import type { Paper } from '../../shared/types'
import { englishText, toAppError, type ErrorText } from '../errors'
import type { AddOutcome } from '../library/PaperIntake'
import { sha256OfFile } from '../library/pdfFileCheck'
import type { ImportItem, ImportJobDocument } from '../storage/importJobFormat'

/** What a folder import needs from the library: its public entry points only. */
export interface ImportLibrary {
  addPathsDetailed(paths: string[]): Promise<AddOutcome[]>
  list(): Paper[]
  /** One paper by id (looked up, not listed: a thousand-paper list per poll costs seconds). */
  byId(id: string): Paper | undefined
  /** The paper whose PDF has this sha256, if any. */
  bySha(sha256: string): Paper | undefined
}

/**
 * What an item says about its file: the English message (logs, `--json`, older readers) and
 * the same text's key and values in main's catalog, said in the user's language by the UI and
 * the CLI. A library error without a key (stored before keys existed) keeps only its message.
 */
function itemText(text: ErrorText | Pick<AppError, 'message' | 'key' | 'params'>): {
  message: string
  key: string | undefined
  params: ErrorText['params']
} {
  if ('message' in text) return { message: text.message, key: text.key, params: text.params }
  return { message: englishText(text), key: text.key, params: text.params }
}

/**
 * After a restart: a file recorded as `adding` whose sha256 the catalog holds was added by
 * this job just before the stop (it is `added`); otherwise it was not added and is queued again.
 */
export function recoverInterrupted(job: ImportJobDocument, papers: readonly Paper[]): void {
  const bySha = new Map<string, Paper>()
  for (const p of papers) if (p.sha256) bySha.set(p.sha256, p)
  for (const i of job.items) {
    if (i.state !== 'adding') continue
    const p = i.sha256 ? bySha.get(i.sha256) : undefined
    if (p) Object.assign(i, { state: 'added', paperId: p.id })
    else Object.assign(i, { state: 'queued', sha256: null })
  }
}

/**
 * Settles the papers in flight that the library finished (indexed, failed or removed).
 * @param worked - told of each that took work (indexed or failed), in order, for the ETA.
 * @returns whether any changed.
 */
export function settleInFlight(
  job: ImportJobDocument,
  library: Pick<ImportLibrary, 'byId'>,
  worked: (item: ImportItem) => void
): boolean {
  const flying = job.items.filter((i) => i.state === 'added')
  if (flying.length === 0) return false
  let changed = false
  for (const i of flying) {
    const p = library.byId(i.paperId!)
    if (!p) {
      Object.assign(i, {
        state: 'failed',
        code: 'NOT_FOUND',
        ...itemText({ key: 'importRemoved', params: { file: basename(i.path) } })
      })
    } else if (p.status === 'indexed') i.state = 'done'
    else if (p.status === 'error') {
      Object.assign(i, {
        state: 'failed',
        code: p.error?.code ?? 'INTERNAL',
        ...itemText(p.error ?? { key: 'importNotIndexed', params: { file: basename(i.path) } })
      })
    } else continue
    if (p) worked(i)
    changed = true
  }
  return changed
}

/** What {@link addFile} works with. */
export interface AddFileContext {
  job: ImportJobDocument
  library: Pick<ImportLibrary, 'bySha' | 'addPathsDetailed'>
  /** Writes the manifest now: a file's sha256 is on disk before the library is asked for it. */
  save(): Promise<void>
  log?: (message: string) => void
}

/**
 * Hashes one file, checks it against the library and this job, and hands it to the library;
 * the item says how it went (duplicate, failed, added). The caller saves the manifest after.
 */
export async function addFile(item: ImportItem, ctx: AddFileContext): Promise<void> {
  const { job, library } = ctx
  const name = basename(item.path)
  try {
    const sha = await sha256OfFile(item.path)
    if (sha === null) {
      Object.assign(item, {
        state: 'failed',
        code: 'NOT_FOUND',
        ...itemText({ key: 'importUnreadable', params: { file: name } })
      })
      return
    }
    const twinInJob = job.items.find(
      (i) => i !== item && i.sha256 === sha && i.state !== 'duplicate' && i.state !== 'queued'
    )
    const twin = library.bySha(sha)
    // A paper that failed before is tried again by the library (as adding it by hand does).
    if (twinInJob || (twin && twin.status !== 'error')) {
      const of: ErrorText = twinInJob
        ? {
            key: 'importDuplicateInFolder',
            params: { file: name, other: basename(twinInJob.path) }
          }
        : { key: 'importDuplicateOf', params: { file: name, title: twin!.title } }
      Object.assign(item, {
        state: 'duplicate',
        sha256: sha,
        paperId: twinInJob?.paperId ?? twin?.id ?? null,
        code: null,
        ...itemText(of)
      })
      return
    }
    // Written before the add: see recoverInterrupted.
    Object.assign(item, { state: 'adding', sha256: sha })
    await ctx.save()
    const [outcome] = await library.addPathsDetailed([item.path])
    const paper = outcome!.paper
    if (paper.status === 'error' && paper.error) {
      Object.assign(item, {
        state: 'failed',
        paperId: paper.id,
        code: paper.error.code,
        ...itemText(paper.error)
      })
    } else Object.assign(item, { state: 'added', paperId: paper.id })
  } catch (e) {
    const error = toAppError(e, `while importing ${name}`)
    if (error.code === 'INTERNAL') ctx.log?.(`import ${item.path}: ${String(e)}`)
    Object.assign(item, { state: 'failed', code: error.code, ...itemText(error) })
  }
}
