import type { PaperEditInput } from '../../shared/contract'
import { METADATA_FIELDS, type Paper, type UiLanguage } from '../../shared/types'
import { errorMessage, UserFacingError } from '../errors'
import { mainT } from '../i18n'
import { call } from './call'
import { cliLanguage } from './language'
import type { Services } from '../services'
import { needs, UsageError, type CliArgs } from './args'
import { listOutput, type CommandOutput } from './output'

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

/** The first author, with "et al." when there are more, in the CLI's language. */
export function firstAuthor(authors: string[], language: UiLanguage): string {
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

function describe(p: Paper, language: UiLanguage): string {
  const t = mainT(language)
  const edited = METADATA_FIELDS.filter((f) => p.fieldSources[f] === 'user').map((f) =>
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
export async function paperNamed(s: Services, id: string): Promise<Paper> {
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
