import type { PaperEditInput } from '../../shared/contract'
import type { Paper, UiLanguage } from '../../shared/types'
import { errorMessage, UserFacingError } from '../errors'
import { mainT } from '../i18n'
import { call } from './call'
import { cliLanguage } from './language'
import type { Services } from '../services'
import { needs, UsageError, type CliArgs } from './args'
import { listOutput, type CommandOutput } from './output'
import { resolve } from 'node:path'
import { importBibliography, importZotero, type ImportSummary } from '../library/importers'

/** `papers`: the library with its metadata. */
export async function papers(s: Services): Promise<CommandOutput> {
  const { collections } = await call(s, 'library:collections', {})
  const names = new Map(collections.map((c) => [c.id, c.name]))
  const rows = (await call(s, 'library:list', {})).papers.map((p) => ({
    paperId: p.id,
    title: p.title,
    authors: p.authors,
    year: p.year,
    venue: p.venue,
    doi: p.doi,
    language: p.language,
    arxivId: p.arxivId,
    tags: p.tags,
    collections: p.collectionIds.map((c) => names.get(c) ?? c),
    fieldSources: p.fieldSources,
    status: p.status,
    pages: p.pages,
    chunks: p.chunks,
    error: p.error,
    // Sync (issue 33): where a synced paper comes from, and whether that source went away.
    syncOrigin: p.syncOrigin ?? null,
    syncFlag: p.syncFlag ?? null,
    notes: p.notes ?? []
  }))
  const unreadable = s.library.unreadableRecords()
  const language = cliLanguage(s)
  const t = mainT(language)
  const status = (p: Paper['status']): string => t(`cli.status.${p}`)
  const width = Math.max(...rows.map((p) => status(p.status).length), 0)
  const text =
    rows.length || unreadable.length
      ? rows
          .map(
            (p) =>
              t('cli.papers.row', {
                id: p.paperId,
                status: status(p.status).padEnd(width),
                pages: String(p.pages).padStart(3),
                title: p.title
              }) +
              (p.authors.length || p.year
                ? `\n    ${firstAuthor(p.authors, language)}${p.year ? ` (${p.year})` : ''}${p.venue ? ` — ${p.venue}` : ''}`
                : '') +
              (p.language ? `  {${p.language}}` : '') +
              (p.tags.length ? `  [${p.tags.join(', ')}]` : '') +
              (p.syncOrigin ? `\n    ${t('cli.papers.from', { origin: p.syncOrigin })}` : '') +
              (p.syncFlag ? `  ${t(`cli.papers.${p.syncFlag}`)}` : '') +
              (p.error ? `\n    ${p.error.code}: ${errorMessage(p.error, language)}` : '')
          )
          .concat(
            unreadable.map((r) =>
              t('cli.papers.unreadable', { id: r.id ?? t('cli.papers.noId'), reason: r.reason })
            )
          )
          .join('\n')
      : t('cli.papers.empty')
  return { json: { papers: rows, unreadable }, text, exitCode: 0 }
}

function firstAuthor(authors: string[], language: UiLanguage): string {
  const t = mainT(language)
  if (!authors.length) return t('cli.papers.unknownAuthors')
  return authors.length > 1 ? t('cli.papers.etAl', { author: authors[0] }) : authors[0]!
}

/** `paper edit <id> --title ...`: a hand edit through the same channel as the app. */
export async function paperEdit(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [verb, paperId] = args.positional
  if (verb !== 'edit' || !paperId) throw needs('paper', 'paperEdit')
  const v = args.values
  const edit: Record<string, unknown> = {}
  if (v.title !== undefined) edit.title = v.title
  if (v.authors !== undefined) edit.authors = splitList(v.authors, /;|\band\b/)
  if (v.year !== undefined) {
    const n = Number(v.year)
    if (v.year.trim() && !Number.isInteger(n)) throw new UsageError('year', { value: v.year })
    edit.year = v.year.trim() ? n : null
  }
  if (v.venue !== undefined) edit.venue = v.venue.trim() || null
  if (v.doi !== undefined) edit.doi = v.doi.trim() || null
  if (v.language !== undefined) edit.language = v.language.trim() || null
  if (v.tags !== undefined) edit.tags = splitList(v.tags, /,/)
  if (Object.keys(edit).length === 0) throw needs('paper edit', 'paperEditField')
  const { paper } = await call(s, 'library:edit', { paperId, edit: edit as PaperEditInput })
  return { json: { paper }, text: describe(paper, cliLanguage(s)), exitCode: 0 }
}

function splitList(s: string, sep: RegExp): string[] {
  return s
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean)
}

const FIELDS = ['title', 'authors', 'year', 'venue', 'doi', 'abstract', 'language'] as const

function describe(p: Paper, language: UiLanguage): string {
  const t = mainT(language)
  const edited = FIELDS.filter((f) => p.fieldSources[f] === 'user').map((f) =>
    t(`cli.papers.fields.${f}`)
  )
  return [
    `${p.id}  ${p.title}`,
    t('cli.papers.authors', { value: p.authors.join('; ') || '—' }),
    t('cli.papers.yearVenueDoi', {
      year: p.year ?? '—',
      venue: p.venue ?? '—',
      doi: p.doi ?? '—'
    }),
    t('cli.papers.language', { value: p.language ?? '—' }),
    t('cli.papers.tags', { value: p.tags.join(', ') || '—' }),
    edited.length ? t('cli.papers.edited', { fields: edited.join(', ') }) : ''
  ]
    .filter(Boolean)
    .join('\n')
}

/** The id of the collection with this name (or id); NOT_FOUND naming the command to list them. */
export async function collectionId(s: Services, name: string): Promise<string> {
  const { collections } = await call(s, 'library:collections', {})
  const c = collections.find(
    (x) => x.name.toLowerCase() === name.trim().toLowerCase() || x.id === name
  )
  if (!c) throw new UserFacingError('NOT_FOUND', { key: 'noCollectionNamed', params: { name } })
  return c.id
}

/** One paper as the catalog holds it now; NOT_FOUND (as `library.get`) when it is gone. */
async function paperNamed(s: Services, id: string): Promise<Paper> {
  const p = (await call(s, 'library:list', {})).papers.find((x) => x.id === id)
  if (!p) throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id } })
  return p
}

/** `bib [ids] [--collection NAME]`: BibTeX on stdout. */
export async function bib(s: Services, args: CliArgs): Promise<CommandOutput> {
  const input: Record<string, unknown> = {}
  if (args.values.collection) input.collectionId = await collectionId(s, args.values.collection)
  else if (args.positional.length) input.paperIds = args.positional
  const r = await call(s, 'library:bibtex', input)
  return { json: r, text: r.bibtex.trimEnd(), exitCode: 0 }
}

/** `collections` and `collection <verb> ...`. */
export async function collections(s: Services, args: CliArgs): Promise<CommandOutput> {
  const t = mainT(cliLanguage(s))
  if (args.command === 'collections') {
    const r = await call(s, 'library:collections', {})
    const rows = r.collections.map((c) =>
      t('cli.collections.row', { name: c.name, count: c.count })
    )
    return listOutput(r, rows, t('cli.collections.none'))
  }
  const [verb, name, ...rest] = args.positional
  if (!verb || !name) throw needs('collection', 'collectionVerb')
  switch (verb) {
    case 'create': {
      const r = await call(s, 'library:createCollection', { name })
      return {
        json: r,
        text: t('cli.collections.created', { name: r.collection.name }),
        exitCode: 0
      }
    }
    case 'rename': {
      if (!rest[0]) throw needs('collection rename', 'renameNames')
      const r = await call(s, 'library:renameCollection', {
        collectionId: await collectionId(s, name),
        name: rest[0]
      })
      return {
        json: r,
        text: t('cli.collections.renamed', { name: r.collection.name }),
        exitCode: 0
      }
    }
    case 'delete': {
      await call(s, 'library:deleteCollection', { collectionId: await collectionId(s, name) })
      return {
        json: { deleted: true },
        text: t('cli.collections.deleted', { name }),
        exitCode: 0
      }
    }
    case 'add':
    case 'remove': {
      if (!rest.length) throw needs(`collection ${verb}`, 'paperIds')
      const r = await call(s, 'library:setCollection', {
        collectionId: await collectionId(s, name),
        paperIds: rest,
        member: verb === 'add'
      })
      return {
        json: r,
        text: t(verb === 'add' ? 'cli.collections.added' : 'cli.collections.removed', {
          count: rest.length,
          name
        }),
        exitCode: 0
      }
    }
    default:
      throw new UsageError('unknownCollectionCommand', { verb })
  }
}

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

/** `related <id>` and `missing-refs <id>`. */
export async function discover(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [paperId] = args.positional
  if (!paperId) throw needs(args.command ?? '', 'paperIdSeePapers')
  const t = mainT(cliLanguage(s))
  if (args.command === 'related') {
    const r = await call(s, 'library:related', { paperId })
    return {
      json: r,
      text: r.related.length
        ? [
            t('cli.discover.mostLike', { id: paperId, mode: relatedMode(r.mode, t) }),
            ...r.related.map((x, i) => `${i + 1}. ${x.paperId}  ${x.title}`)
          ].join('\n')
        : t('cli.discover.noOther'),
      exitCode: 0
    }
  }
  const r = await call(s, 'library:missingRefs', { paperId })
  const lines = r.missing.map(
    (m) =>
      `- ${m.title ?? m.text}${m.year ? ` (${m.year})` : ''}${m.arxivId ? `  → ingest ${m.arxivId}` : m.doi ? `  → add-doi ${m.doi}` : ''}`
  )
  if (r.withoutPdf.length)
    lines.push(
      t('cli.discover.withoutPdf', { count: r.withoutPdf.length }),
      ...r.withoutPdf.map((w) => `- ${w.paperId}  ${w.title}`)
    )
  return {
    json: r,
    text: `${t('cli.discover.missing', { count: r.missing.length, total: r.total })}\n${lines.join('\n')}`,
    exitCode: 0
  }
}

/**
 * `graph [--collection NAME]`: the citation map; `--json` prints it whole (nodes, edges,
 * clusters), the text lists the clusters, the citations and the most cited missing works.
 */
export async function graph(s: Services, args: CliArgs): Promise<CommandOutput> {
  const t = mainT(cliLanguage(s))
  const name = args.values.collection
  const g = await call(s, 'graph:get', name ? { collectionId: await collectionId(s, name) } : {})
  const title = new Map(g.nodes.map((n) => [n.id, n.title]))
  const papers = g.nodes.filter((n) => n.kind === 'paper')
  const ghosts = g.nodes.filter((n) => n.kind === 'ghost')
  const cites = g.edges.filter((e) => e.kind === 'cites' && !e.target.startsWith('ghost:'))
  const lines = [
    t('cli.graph.summary', {
      papers: papers.length,
      cites: cites.length,
      similar: g.edges.filter((e) => e.kind === 'similar').length,
      ghosts: ghosts.length
    })
  ]
  for (const c of g.clusters) {
    lines.push('', t('cli.graph.cluster', { id: c.id + 1, label: c.label }))
    for (const id of c.paperIds) lines.push(`  ${id}  ${title.get(id) ?? ''}`)
  }
  if (cites.length) lines.push('')
  for (const e of cites) lines.push(t('cli.graph.cites', { source: e.source, target: e.target }))
  if (ghosts.length) lines.push('', t('cli.graph.ghosts'))
  for (const n of ghosts.slice(0, 20))
    lines.push(
      `- ${t('cli.graph.ghost', { title: n.title, count: n.citedBy })}${n.add ? `  → ${n.add}` : ''}`
    )
  return { json: g, text: lines.join('\n'), exitCode: 0 }
}

/** How `related` compared the papers ("vectors (model) and keywords"), in the CLI's language. */
function relatedMode(mode: string, t: ReturnType<typeof mainT>): string {
  const vectors = /^vectors \((.+)\) and keywords$/.exec(mode)
  if (vectors) return t('cli.discover.modes.vectors', { embedder: vectors[1] })
  return mode === 'keywords' ? t('cli.discover.modes.keywords') : mode
}
