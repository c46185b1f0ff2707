import { resolve } from 'node:path'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'
import { importBibliography, importZotero, type ImportSummary } from '../library/importers'
import type { Services } from '../services'
import { needs, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import { firstAuthor, paperNamed } from './libraryCommands'
import type { CommandOutput } from './output'

/** Entries from which `import-bib` prints its reading progress. */
const LARGE_BIBLIOGRAPHY = 500

/** `import-bib FILE` and `import-zotero DIR`: add a reference manager's library. */
export async function importLibrary(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [from] = args.positional
  if (!from)
    throw needs(args.command ?? '', args.command === 'import-bib' ? 'bibFile' : 'zoteroFolder')
  const r: ImportSummary =
    args.command === 'import-bib'
      ? await importBibliography(s.library, resolve(from), {
          collection: args.values.collection,
          // A large file takes seconds to read: say how far it is, on stderr (JSON stays clean).
          progress: (done, total) => {
            if (total >= LARGE_BIBLIOGRAPHY)
              process.stderr.write(
                `${mainT(cliLanguage(s))('cli.imports.reading', { done, total })}\n`
              )
          }
        })
      : await importZotero(s.library, resolve(from), { collections: args.collections })
  await s.library.whenIdle()
  const byId = new Map((await call(s, 'library:list', {})).papers.map((p) => [p.id, p]))
  const added = r.added.map((a) => ({ ...a, status: byId.get(a.paperId)?.status ?? a.status }))
  const failed = added.filter((a) => a.status !== 'indexed')
  const language = cliLanguage(s)
  const t = mainT(language)
  const failure = (a: (typeof added)[number]): string => {
    const error = byId.get(a.paperId)?.error
    return error ? errorMessage(error, language) : t(`cli.status.${a.status}`)
  }
  const lines = [
    r.encoding
      ? t('cli.imports.read', { count: r.entries, encoding: r.encoding })
      : t('cli.imports.readItems', { count: r.entries }),
    ...r.issues.map((i) =>
      t('cli.imports.issue', {
        line: i.line,
        key: i.key ?? '—',
        reason: t(`cli.imports.issues.${i.code}`, { detail: i.detail })
      })
    ),
    ...added.map((a) =>
      a.status === 'indexed'
        ? t(a.duplicate ? 'cli.imports.duplicate' : 'cli.imports.added', {
            id: a.paperId,
            title: byId.get(a.paperId)?.title ?? a.title
          })
        : t('cli.imports.failed', { file: a.file, reason: failure(a) })
    ),
    ...r.failed.map((f) => t('cli.imports.failed', { file: f.file, reason: f.reason })),
    ...(r.withoutPdf.length
      ? [
          t('cli.imports.withoutPdf', { count: r.withoutPdf.length }),
          ...r.withoutPdf.map((w) => {
            const entry = {
              title: w.title ?? w.key ?? t('cli.imports.untitled'),
              reason: w.reason,
              arxivId: w.arxivId,
              doi: w.doi
            }
            if (w.arxivId) return t('cli.imports.entryArxiv', entry)
            return w.doi ? t('cli.imports.entryDoi', entry) : t('cli.imports.entry', entry)
          })
        ]
      : []),
    ...(r.matched.length
      ? [
          t('cli.imports.matched', { count: r.matched.length }),
          ...r.matched.map((m) =>
            t('cli.imports.matchedEntry', {
              title: m.title ?? m.key ?? t('cli.imports.untitled'),
              id: m.paperId
            })
          )
        ]
      : []),
    r.collections.length ? t('cli.imports.collections', { names: r.collections.join(', ') }) : ''
  ].filter(Boolean)
  return {
    json: { ...r, added },
    text: lines.join('\n') || t('cli.imports.nothing'),
    exitCode: failed.length || r.failed.length ? 1 : 0
  }
}

/** `add-doi`, `refresh-metadata`, `search-arxiv`: the online registries. */
export async function online(s: Services, args: CliArgs): Promise<CommandOutput> {
  const language = cliLanguage(s)
  const t = mainT(language)
  if (args.command === 'add-doi') {
    const [doi] = args.positional
    if (!doi) throw needs('add-doi', 'doi')
    const { paper } = await call(s, 'library:addDoi', { doi })
    await s.library.whenIdle()
    const p = await paperNamed(s, paper.id)
    return {
      json: { paper: p },
      text:
        p.status === 'indexed'
          ? `✓ ${p.id}  ${p.title}`
          : `✗ ${p.id}  ${p.error ? errorMessage(p.error, language) : t(`cli.status.${p.status}`)}`,
      exitCode: p.status === 'indexed' ? 0 : 1
    }
  }
  if (args.command === 'search-arxiv') {
    const [title] = args.positional
    if (!title) throw needs('search-arxiv', 'title')
    const r = await call(s, 'library:searchArxiv', { title })
    return {
      json: r,
      text: r.candidates.length
        ? r.candidates
            .map((c) =>
              t('cli.online.arxivCandidate', {
                arxivId: c.arxivId,
                title: c.title,
                author: firstAuthor(c.authors, language),
                year: c.year ? ` (${c.year})` : ''
              })
            )
            .join('\n') + `\n${t('cli.online.addOne')}`
        : t('cli.online.noArxivMatch'),
      exitCode: 0
    }
  }
  const r = await call(
    s,
    'library:refreshMetadata',
    args.positional.length ? { paperIds: args.positional } : {}
  )
  const text = [
    t('cli.online.updated', { count: r.updated.length }),
    r.stoppedBy
      ? t('cli.online.stopped', {
          message: errorMessage(r.stoppedBy, language),
          count: r.waiting
        })
      : ''
  ]
    .filter(Boolean)
    .join('\n')
  return { json: r, text, exitCode: r.stoppedBy ? 1 : 0 }
}
