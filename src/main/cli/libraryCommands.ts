import type { Channel, ChannelOutput, PaperEditInput } from '../../shared/contract'
import type { Paper } from '../../shared/types'
import { UserFacingError } from '../errors'
import type { Services } from '../services'
import { UsageError, type CliArgs } from './args'
import type { CommandOutput } from './output'
import { resolve } from 'node:path'
import { importBibliography, importZotero, type ImportSummary } from '../library/importers'

async function call<C extends Channel>(
  s: Services,
  channel: C,
  input: unknown
): Promise<ChannelOutput<C>> {
  const r = await s.router.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) throw new UserFacingError(r.error.code, r.error.message, r.error)
  return r.value as ChannelOutput<C>
}

/** `papers`: the library with its metadata. */
export function papers(s: Services): CommandOutput {
  const names = new Map(s.library.organizer.collections().map((c) => [c.id, c.name]))
  const rows = s.library.list().map((p) => ({
    paperId: p.id,
    title: p.title,
    authors: p.authors,
    year: p.year,
    venue: p.venue,
    doi: p.doi,
    arxivId: p.arxivId,
    tags: p.tags,
    collections: p.collectionIds.map((c) => names.get(c) ?? c),
    fieldSources: p.fieldSources,
    status: p.status,
    pages: p.pages,
    chunks: p.chunks,
    error: p.error
  }))
  const unreadable = s.library.unreadableRecords()
  const text =
    rows.length || unreadable.length
      ? rows
          .map(
            (p) =>
              `${p.paperId}  ${p.status.padEnd(8)} ${String(p.pages).padStart(3)} pp  ${p.title}` +
              (p.authors.length || p.year
                ? `\n    ${firstAuthor(p.authors)}${p.year ? ` (${p.year})` : ''}${p.venue ? ` — ${p.venue}` : ''}`
                : '') +
              (p.tags.length ? `  [${p.tags.join(', ')}]` : '') +
              (p.error ? `\n    ${p.error.code}: ${p.error.message}` : '')
          )
          .concat(
            unreadable.map((r) => `${r.id ?? '(no id)'}  unreadable (kept unchanged): ${r.reason}`)
          )
          .join('\n')
      : 'The library is empty. Add papers with: ingest <pdf|folder|arXiv id>'
  return { json: { papers: rows, unreadable }, text, exitCode: 0 }
}

function firstAuthor(authors: string[]): string {
  if (!authors.length) return 'unknown authors'
  return authors.length > 1 ? `${authors[0]} et al.` : authors[0]!
}

/** `paper edit <id> --title ...`: a hand edit through the same channel as the app. */
export async function paperEdit(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [verb, paperId] = args.positional
  if (verb !== 'edit' || !paperId)
    throw new UsageError('paper needs: edit <paperId> [--title T] [--authors "A; B"] ...')
  const v = args.values
  const edit: Record<string, unknown> = {}
  if (v.title !== undefined) edit.title = v.title
  if (v.authors !== undefined) edit.authors = splitList(v.authors, /;|\band\b/)
  if (v.year !== undefined) {
    const n = Number(v.year)
    if (v.year.trim() && !Number.isInteger(n))
      throw new UsageError(`--year must be a year such as 2019, not '${v.year}'`)
    edit.year = v.year.trim() ? n : null
  }
  if (v.venue !== undefined) edit.venue = v.venue.trim() || null
  if (v.doi !== undefined) edit.doi = v.doi.trim() || null
  if (v.tags !== undefined) edit.tags = splitList(v.tags, /,/)
  if (Object.keys(edit).length === 0)
    throw new UsageError(
      'paper edit needs at least one of --title --authors --year --venue --doi --tags'
    )
  const { paper } = await call(s, 'library:edit', { paperId, edit: edit as PaperEditInput })
  return { json: { paper }, text: describe(paper), exitCode: 0 }
}

function splitList(s: string, sep: RegExp): string[] {
  return s
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean)
}

function describe(p: Paper): string {
  const edited = Object.entries(p.fieldSources)
    .filter(([, src]) => src === 'user')
    .map(([f]) => f)
  return [
    `${p.id}  ${p.title}`,
    `  authors: ${p.authors.join('; ') || '—'}`,
    `  year: ${p.year ?? '—'}   venue: ${p.venue ?? '—'}   DOI: ${p.doi ?? '—'}`,
    `  tags: ${p.tags.join(', ') || '—'}`,
    edited.length ? `  edited by hand (kept over automatic metadata): ${edited.join(', ')}` : ''
  ]
    .filter(Boolean)
    .join('\n')
}

/** The id of the collection with this name (or id); NOT_FOUND naming the command to list them. */
export function collectionId(s: Services, name: string): string {
  const c = s.library.organizer
    .collections()
    .find((x) => x.name.toLowerCase() === name.trim().toLowerCase() || x.id === name)
  if (!c)
    throw new UserFacingError(
      'NOT_FOUND',
      `There is no collection "${name}". See them with: collections`
    )
  return c.id
}

/** `bib [ids] [--collection NAME]`: BibTeX on stdout. */
export async function bib(s: Services, args: CliArgs): Promise<CommandOutput> {
  const input: Record<string, unknown> = {}
  if (args.values.collection) input.collectionId = collectionId(s, args.values.collection)
  else if (args.positional.length) input.paperIds = args.positional
  const r = await call(s, 'library:bibtex', input)
  return { json: r, text: r.bibtex.trimEnd(), exitCode: 0 }
}

/** `collections` and `collection <verb> ...`. */
export async function collections(s: Services, args: CliArgs): Promise<CommandOutput> {
  if (args.command === 'collections') {
    const list = s.library.organizer.collections()
    return {
      json: { collections: list },
      text: list.length
        ? list.map((c) => `${c.name}  (${c.count} paper${c.count === 1 ? '' : 's'})`).join('\n')
        : 'No collections yet. Create one with: collection create NAME',
      exitCode: 0
    }
  }
  const [verb, name, ...rest] = args.positional
  if (!verb || !name)
    throw new UsageError('collection needs: create|rename|delete|add|remove NAME ...')
  switch (verb) {
    case 'create': {
      const r = await call(s, 'library:createCollection', { name })
      return { json: r, text: `Created collection "${r.collection.name}".`, exitCode: 0 }
    }
    case 'rename': {
      if (!rest[0]) throw new UsageError('collection rename needs the old and the new name')
      const r = await call(s, 'library:renameCollection', {
        collectionId: collectionId(s, name),
        name: rest[0]
      })
      return { json: r, text: `Renamed to "${r.collection.name}".`, exitCode: 0 }
    }
    case 'delete': {
      await call(s, 'library:deleteCollection', { collectionId: collectionId(s, name) })
      return {
        json: { deleted: true },
        text: `Deleted collection "${name}" (its papers stay in the library).`,
        exitCode: 0
      }
    }
    case 'add':
    case 'remove': {
      if (!rest.length) throw new UsageError(`collection ${verb} needs paper ids`)
      const r = await call(s, 'library:setCollection', {
        collectionId: collectionId(s, name),
        paperIds: rest,
        member: verb === 'add'
      })
      return {
        json: r,
        text: `${verb === 'add' ? 'Added' : 'Removed'} ${rest.length} paper${rest.length === 1 ? '' : 's'} ${verb === 'add' ? 'to' : 'from'} "${name}".`,
        exitCode: 0
      }
    }
    default:
      throw new UsageError(`Unknown collection command '${verb}'`)
  }
}

/** `import-bib FILE` and `import-zotero DIR`: add a reference manager's library. */
export async function importLibrary(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [from] = args.positional
  if (!from)
    throw new UsageError(
      args.command === 'import-bib'
        ? 'import-bib needs a BibTeX or RIS file'
        : 'import-zotero needs the Zotero data folder (usually ~/Zotero)'
    )
  const r: ImportSummary =
    args.command === 'import-bib'
      ? await importBibliography(s.library, resolve(from), {
          collection: args.values.collection
        })
      : await importZotero(s.library, resolve(from), { collections: args.collections })
  await s.library.whenIdle()
  const byId = new Map(s.library.list().map((p) => [p.id, p]))
  const added = r.added.map((a) => ({ ...a, status: byId.get(a.paperId)?.status ?? a.status }))
  const failed = added.filter((a) => a.status !== 'indexed')
  const lines = [
    ...added.map((a) =>
      a.status === 'indexed'
        ? `✓ ${a.paperId}  ${byId.get(a.paperId)?.title ?? a.title}${a.duplicate ? '  (already in the library)' : ''}`
        : `✗ ${a.file}  ${byId.get(a.paperId)?.error?.message ?? a.status}`
    ),
    ...r.failed.map((f) => `✗ ${f.file}  ${f.reason}`),
    ...(r.withoutPdf.length
      ? [
          `${r.withoutPdf.length} entr${r.withoutPdf.length === 1 ? 'y was' : 'ies were'} not added (no PDF):`,
          ...r.withoutPdf.map(
            (w) =>
              `  - ${w.title ?? w.key ?? '(untitled)'}: ${w.reason}${w.arxivId ? ` — add it with: ingest ${w.arxivId}` : w.doi ? ` — DOI ${w.doi}` : ''}`
          )
        ]
      : []),
    r.collections.length ? `Collections: ${r.collections.join(', ')}` : ''
  ].filter(Boolean)
  return {
    json: { ...r, added },
    text: lines.join('\n') || 'Nothing to import.',
    exitCode: failed.length || r.failed.length ? 1 : 0
  }
}

/** `add-doi`, `refresh-metadata`, `search-arxiv`: the online registries. */
export async function online(s: Services, args: CliArgs): Promise<CommandOutput> {
  if (args.command === 'add-doi') {
    const [doi] = args.positional
    if (!doi) throw new UsageError('add-doi needs a DOI such as 10.18653/v1/N19-1423')
    const { paper } = await call(s, 'library:addDoi', { doi })
    await s.library.whenIdle()
    const p = s.library.get(paper.id)
    return {
      json: { paper: p },
      text:
        p.status === 'indexed'
          ? `✓ ${p.id}  ${p.title}`
          : `✗ ${p.id}  ${p.error?.message ?? p.status}`,
      exitCode: p.status === 'indexed' ? 0 : 1
    }
  }
  if (args.command === 'search-arxiv') {
    const [title] = args.positional
    if (!title) throw new UsageError('search-arxiv needs a title in quotes')
    const r = await call(s, 'library:searchArxiv', { title })
    return {
      json: r,
      text: r.candidates.length
        ? r.candidates
            .map(
              (c) =>
                `${c.arxivId}  ${c.title} — ${firstAuthor(c.authors)}${c.year ? ` (${c.year})` : ''}`
            )
            .join('\n') + '\nAdd one with: ingest <arXiv id>'
        : 'arXiv has no paper with that title.',
      exitCode: 0
    }
  }
  const r = await call(
    s,
    'library:refreshMetadata',
    args.positional.length ? { paperIds: args.positional } : {}
  )
  const text = [
    `${r.updated.length} paper${r.updated.length === 1 ? '' : 's'} updated from arXiv/Crossref.`,
    r.stoppedBy ? `${r.stoppedBy.message} (${r.waiting} still to ask)` : ''
  ]
    .filter(Boolean)
    .join('\n')
  return { json: r, text, exitCode: r.stoppedBy ? 1 : 0 }
}

/** `related <id>` and `missing-refs <id>`. */
export async function discover(s: Services, args: CliArgs): Promise<CommandOutput> {
  const [paperId] = args.positional
  if (!paperId) throw new UsageError(`${args.command} needs a paper id (see: papers)`)
  if (args.command === 'related') {
    const r = await call(s, 'library:related', { paperId })
    return {
      json: r,
      text: r.related.length
        ? [
            `Most like ${paperId} (by ${r.mode}):`,
            ...r.related.map((x, i) => `${i + 1}. ${x.paperId}  ${x.title}`)
          ].join('\n')
        : 'No other indexed paper in the library yet.',
      exitCode: 0
    }
  }
  const r = await call(s, 'library:missingRefs', { paperId })
  const lines = r.missing.map(
    (m) =>
      `- ${m.title ?? m.text}${m.year ? ` (${m.year})` : ''}${m.arxivId ? `  → ingest ${m.arxivId}` : m.doi ? `  → add-doi ${m.doi}` : ''}`
  )
  return {
    json: r,
    text: `${r.missing.length} of ${r.total} references are not in the library:\n${lines.join('\n')}`,
    exitCode: 0
  }
}
