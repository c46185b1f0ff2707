import { needs, UsageError, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import type { CommandOutput } from './output'
import { errorMessage, toAppError } from '../errors'
import { mainT } from '../i18n'
import type { Services } from '../services'
import { labChunkId, labPaperId } from '../lab/LabService'
import { collectionId } from './libraryCommands'
import { LAB_CURATOR_ROLE } from '../lab/migrations'

/**
 * A local collection by its name (or id), as it is spelled in the library, and its papers' ids;
 * NOT_FOUND naming `collections` when there is none.
 */
async function collectionPapers(
  s: Services,
  name: string
): Promise<{ name: string; ids: string[] }> {
  const id = await collectionId(s, name)
  const { collections } = await call(s, 'library:collections', {})
  const { papers } = await call(s, 'library:list', {})
  const found = collections.find((c) => c.id === id)
  const ids = papers.filter((p) => p.collectionIds.includes(id)).map((p) => p.id)
  return { name: found?.name ?? name, ids }
}

/** What `lab status` and `lab connect` print: the lab, its size, and what this role may do. */
function statusLines(t: ReturnType<typeof mainT>, info: LabInfo): string {
  return [
    t('lab.connected', {
      ...info,
      version: info.schemaVersion,
      model: info.model || t('lab.noModel'),
      papers: t('lab.paperCount', { count: info.papers }),
      chunks: t('lab.chunkCount', { count: info.chunks })
    }),
    info.access.canPublish
      ? t('lab.accessCurator', { user: info.user })
      : t('lab.accessReader', {
          user: info.user,
          role: LAB_CURATOR_ROLE,
          curators: info.access.curators.join(', ') || '—'
        })
  ].join('\n')
}

/** The lab's status as the service reports it. */
type LabInfo = Awaited<ReturnType<Services['lab']['status']>>

/** `lab connect|status|publish|search|open|disconnect`: the lab library from the command line. */
export async function labCommand(
  s: Services,
  args: CliArgs,
  out: (line: string) => void
): Promise<CommandOutput> {
  const language = cliLanguage(s)
  const t = mainT(language)
  const [verb, ...rest] = args.positional
  const connectedLine = (info: LabInfo): string => statusLines(t, info)
  switch (verb) {
    case undefined:
    case 'help':
      return { json: { help: t('lab.help') }, text: t('lab.help'), exitCode: 0 }
    case 'connect': {
      const [url] = rest
      if (!url) throw needs('lab connect', 'labUrl')
      const { info, applied } = await s.lab.connect(url, args.init)
      const lines = applied.length ? [t('lab.initialized', { versions: applied.join(', ') })] : []
      return {
        json: { info, applied },
        text: [...lines, connectedLine(info)].join('\n'),
        exitCode: 0
      }
    }
    case 'status': {
      const c = await s.lab.connected()
      if (!c) return { json: { connected: false }, text: t('lab.notConnected'), exitCode: 0 }
      const info = await s.lab.status()
      const text = [connectedLine(info), ...(c.fromEnv ? [t('lab.fromEnv')] : [])].join('\n')
      return { json: { connected: true, fromEnv: c.fromEnv, info }, text, exitCode: 0 }
    }
    case 'publish': {
      const named = [...rest, ...args.papers]
      if (args.values.collection && (args.all || named.length))
        throw new UsageError('labPublishCollection')
      const chosen = args.values.collection
        ? await collectionPapers(s, args.values.collection)
        : null
      const collection = chosen?.name
      const ids = chosen ? chosen.ids : args.all ? [] : named
      // An empty id list means every paper: an empty collection must publish nothing.
      if (chosen && ids.length === 0) {
        const text = t('lab.emptyCollection', { name: collection })
        return { json: { published: [], already: [], failed: [] }, text, exitCode: 1 }
      }
      const report = await s.lab.publish(
        ids,
        (p) => {
          if (p.done >= p.total) return
          const eta = p.etaSeconds === null ? '' : t('lab.eta', { seconds: p.etaSeconds })
          out(t('lab.publishProgress', { done: p.done + 1, total: p.total, title: p.title, eta }))
        },
        { collection }
      )
      const failed = report.failed.map((f) => ({ paperId: f.paperId, error: toAppError(f.error) }))
      const text = [
        ...failed.map((f) =>
          t('lab.failedPaper', { id: f.paperId, message: errorMessage(f.error, language) })
        ),
        t('lab.published', {
          published: report.published.length,
          already: report.already.length,
          failed: failed.length
        })
      ].join('\n')
      return {
        json: { published: report.published, already: report.already, failed },
        text,
        exitCode: failed.length ? 1 : 0
      }
    }
    case 'search': {
      const [query] = rest
      if (!query) throw needs('lab search', 'query')
      const hits = await s.lab.search(query, args.k ?? 5)
      const results = hits.map((h) => ({
        ...h,
        paperId: labPaperId(h.sha256),
        chunkId: labChunkId(h),
        source: 'lab' as const
      }))
      const text = results.length
        ? results
            .map(
              (h, i) =>
                `${t('lab.labHit', { rank: i + 1, title: h.title, page: h.page, section: h.section, score: h.score.toFixed(4) })}\n   ${h.chunkId}\n   ${h.text.slice(0, 200).replace(/\s+/g, ' ')}`
            )
            .join('\n')
        : t('lab.noHits')
      return { json: { query, results }, text, exitCode: 0 }
    }
    case 'open': {
      const [id] = rest
      if (!id) throw needs('lab open', 'labId')
      const opened = await s.lab.open(id)
      return { json: opened, text: t('lab.opened', opened), exitCode: 0 }
    }
    case 'disconnect': {
      const host = await s.lab.disconnect()
      const text = host ? t('lab.disconnected', { host }) : t('lab.notConnected')
      return { json: { disconnected: host !== null, host }, text, exitCode: 0 }
    }
    default:
      throw new UsageError('unknownLabCommand', { verb })
  }
}
