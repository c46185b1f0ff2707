import { basename, resolve } from 'node:path'
import type { UiLanguage } from '../../shared/types'
import { errorMessage, toAppError } from '../errors'
import { mainT } from '../i18n'
import { needs, UsageError, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import type { CommandOutput } from './output'
import type { Services } from '../services'
import { syncSettleMs } from '../sync/backgroundSync'
import { SYNC_CHANGE_KINDS } from '../../shared/sync'
import { SyncService, syncStateFile } from '../sync/SyncService'
import type { SyncChange, SyncRun, SyncStateDocument } from '../sync/syncStateFormat'
import { watchSyncTargets } from '../sync/watcher'

/** How long a file must be left alone to count as written (ms); the environment may shorten it. */
function settleMs(): number {
  return syncSettleMs(process.env)
}

/** "3 new, 1 updated, 1 file missing" (or "no changes"), in `language`. */
export function syncSummary(counts: Record<string, number>, language: UiLanguage): string {
  const t = mainT(language)
  const parts = SYNC_CHANGE_KINDS.filter((k) => (counts[k] ?? 0) > 0).map((k) =>
    t(`cli.sync.count.${k}`, { count: counts[k] })
  )
  return parts.length
    ? new Intl.ListFormat(language, { type: 'unit' }).format(parts)
    : t('cli.sync.noChanges')
}

/** One change as a line for the user. */
export function changeLine(c: SyncChange, language: UiLanguage): string {
  const file = c.file ? basename(c.file) : (c.title ?? '')
  return mainT(language)(`cli.sync.change.${c.kind}`, {
    file,
    title: c.title ?? file,
    paperId: c.paperId ?? ''
  })
}

/** `watch …`, `zotero …` and `sync [--once]`. */
export async function syncCommand(
  s: Services,
  args: CliArgs,
  out: (line: string) => void
): Promise<CommandOutput> {
  const language = cliLanguage(s)
  const t = mainT(language)
  const sync = new SyncService({
    library: s.library,
    file: syncStateFile(s.paths.root),
    settleMs: settleMs(),
    log: (m) => out(m)
  })
  const damaged = await sync.load()
  if (damaged) out(t('cli.notice', { message: t(`errors.${damaged.key}`, damaged.params) }))
  const [verb, target] = args.positional
  if (args.command === 'watch') {
    switch (verb) {
      case 'add': {
        if (!target) throw needs('watch add', 'folder')
        const f = await sync.addFolder(target, args.poll ? { poll: true } : {})
        const how = f.poll ? t('cli.sync.polling') : ''
        return {
          json: { folder: f.path, poll: f.poll },
          text: t('cli.sync.watching', { folder: f.path, how }),
          exitCode: 0
        }
      }
      case 'remove': {
        if (!target) throw needs('watch remove', 'folder')
        const folder = resolve(target)
        const removed = await sync.removeFolder(folder)
        return {
          json: { folder, removed },
          text: t(removed ? 'cli.sync.unwatched' : 'cli.sync.notWatched', { folder }),
          exitCode: removed ? 0 : 1
        }
      }
      case 'pause':
      case 'resume':
        await sync.setPaused(verb === 'pause')
        return {
          json: { paused: verb === 'pause' },
          text: t(verb === 'pause' ? 'cli.sync.pausedNow' : 'cli.sync.resumedNow'),
          exitCode: 0
        }
      case 'list':
      case undefined:
        return listing(sync.current(), language)
      default:
        throw new UsageError('unknownWatchCommand', { verb })
    }
  }
  if (args.command === 'zotero') {
    if (verb === 'link') {
      if (!target) throw needs('zotero link', 'zoteroFolder')
      const link = await sync.linkZotero(target, args.collections)
      const scope = link.collections.length
        ? link.collections.join(', ')
        : t('cli.sync.wholeLibrary')
      return {
        json: { zotero: { dir: link.dir, collections: link.collections } },
        text: t('cli.sync.linked', { dir: link.dir, scope }),
        exitCode: 0
      }
    }
    if (verb === 'unlink') {
      const was = await sync.unlinkZotero()
      return {
        json: { unlinked: was },
        text: t(was ? 'cli.sync.unlinked' : 'cli.sync.noLink'),
        exitCode: 0
      }
    }
    if (!verb) throw needs('zotero', 'zoteroVerb')
    throw new UsageError('unknownZoteroCommand', { verb })
  }
  // sync [--once]
  const state = sync.current()
  if (!state.folders.length && !state.zotero)
    return { json: { run: null }, text: t('cli.sync.nothing'), exitCode: 1 }
  if (state.paused)
    return { json: { run: null, paused: true }, text: t('cli.sync.paused'), exitCode: 0 }
  const live = !args.once && !args.json
  const run = await catchUp(sync, live ? (c) => out(changeLine(c, language)) : null)
  // Searchable when the command ends: the papers it added are indexed (and titled from their text).
  await s.library.whenIdle()
  if (args.once || args.json) return result(await retitled(run, s), sync.current(), language)
  out(t('cli.sync.summary', { when: new Date(run.at), summary: syncSummary(run.counts, language) }))
  const zotero = state.zotero ? t('cli.sync.andZotero') : ''
  out(t('cli.sync.watchingNow', { folders: state.folders.length, zotero }))
  const report = (r: SyncRun): void => {
    for (const c of r.changes) if (c.kind !== 'settling') out(changeLine(c, language))
    if (r.changes.some((c) => c.kind !== 'settling'))
      out(t('cli.sync.summary', { when: new Date(r.at), summary: syncSummary(r.counts, language) }))
  }
  const failed = (e: unknown): void =>
    out(t('cli.notice', { message: errorMessage(toAppError(e), language) }))
  const stop = await watchSyncTargets({
    folders: state.folders.map((f) => ({ path: f.path, poll: f.poll })),
    zoteroDir: state.zotero?.dir ?? null,
    stableMs: settleMs(),
    onFolderChange: (path) => void sync.syncFolder(path).then(report, failed),
    onZoteroChange: () => void sync.syncZotero().then(report, failed)
  })
  await new Promise<void>((done) => {
    process.once('SIGINT', done)
    process.once('SIGTERM', done)
  })
  out(t('cli.sync.stopping'))
  await stop()
  await sync.syncAll().then(report, failed)
  await s.library.whenIdle()
  // The changes were said as they came; --json gets the last pass's document.
  const final = result(await retitled(sync.current().lastRun ?? run, s), sync.current(), language)
  return { ...final, text: '' }
}

/** The changes with their papers' titles as they are now (read from the PDF once indexed). */
async function retitled(run: SyncRun, s: Services): Promise<SyncRun> {
  const { papers } = await call(s, 'library:list', {})
  const byId = new Map(papers.map((p) => [p.id, p]))
  return {
    ...run,
    changes: run.changes.map((c) => {
      const p = c.paperId ? byId.get(c.paperId) : undefined
      return p ? { ...c, title: p.title } : c
    })
  }
}

/**
 * A catch-up pass; files still being written are waited for (passes again once they settle, a
 * minute at most), so one `sync --once` brings in a download that was finishing.
 */
async function catchUp(
  sync: SyncService,
  tell: ((c: SyncChange) => void) | null
): Promise<SyncRun> {
  const changes: SyncChange[] = []
  let last: SyncRun
  const deadline = Date.now() + 60_000
  for (;;) {
    last = await sync.syncAll()
    for (const c of last.changes)
      if (c.kind !== 'settling') {
        changes.push(c)
        tell?.(c)
      }
    const settling = last.changes.filter((c) => c.kind === 'settling')
    if (!settling.length || Date.now() > deadline) {
      changes.push(...settling)
      break
    }
    await new Promise((r) => setTimeout(r, Math.max(200, settleMs() / 2)))
  }
  const counts: Record<string, number> = {}
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1
  return { at: last.at, counts, changes }
}

function result(run: SyncRun, state: SyncStateDocument, language: UiLanguage): CommandOutput {
  const t = mainT(language)
  const lines = run.changes.map((c) => changeLine(c, language))
  lines.push(
    t('cli.sync.summary', { when: new Date(run.at), summary: syncSummary(run.counts, language) })
  )
  return {
    json: {
      run: { ...run, summary: syncSummary(run.counts, 'en') },
      folders: state.folders.map((f) => ({ path: f.path, poll: f.poll, lastSyncAt: f.lastSyncAt })),
      zotero: state.zotero && {
        dir: state.zotero.dir,
        collections: state.zotero.collections,
        lastSyncAt: state.zotero.lastSyncAt
      }
    },
    text: lines.join('\n'),
    exitCode: run.counts.failed ? 1 : 0
  }
}

function listing(state: SyncStateDocument, language: UiLanguage): CommandOutput {
  const t = mainT(language)
  const when = (at: string | null): string =>
    at ? new Date(at).toLocaleString(language) : t('cli.sync.never')
  const lines = state.folders.map((f) =>
    t('cli.sync.folderRow', {
      folder: f.path,
      how: f.poll ? t('cli.sync.polling') : '',
      files: Object.values(f.files).filter((x) => x.state !== 'missing').length,
      when: when(f.lastSyncAt)
    })
  )
  if (!lines.length) lines.push(t('cli.sync.noFolders'))
  if (state.zotero)
    lines.push(
      t('cli.sync.zoteroRow', {
        dir: state.zotero.dir,
        scope: state.zotero.collections.join(', ') || t('cli.sync.wholeLibrary'),
        items: Object.keys(state.zotero.items).length,
        when: when(state.zotero.lastSyncAt)
      })
    )
  if (state.paused) lines.push(t('cli.sync.paused'))
  if (state.lastRun)
    lines.push(
      t('cli.sync.summary', {
        when: new Date(state.lastRun.at),
        summary: syncSummary(state.lastRun.counts, language)
      })
    )
  return {
    json: {
      paused: state.paused,
      folders: state.folders.map((f) => ({
        path: f.path,
        poll: f.poll,
        lastSyncAt: f.lastSyncAt,
        files: Object.keys(f.files).length
      })),
      zotero: state.zotero && {
        dir: state.zotero.dir,
        collections: state.zotero.collections,
        lastSyncAt: state.zotero.lastSyncAt
      },
      lastRun: state.lastRun
    },
    text: lines.join('\n'),
    exitCode: 0
  }
}
