import { resolve } from 'node:path'
import type { FindPapersInput, PagesInput } from '../../shared/contract'
import type { libraryChannels } from '../../shared/libraryChannels'
import type { LibraryNotice, PageRange, Paper, Region } from '../../shared/types'
import { UserFacingError } from '../errors'
import type { HandlerSlice } from '../ipc/combine'
import type { FilePicker } from '../ipc/filePicker'
import type { Grants } from '../ipc/grants'
import type { PageImager } from '../ocr/PageRecognizer'
import type { Discovery } from './Discovery'
import type { LibraryImports } from './LibraryImports'
import type { MetadataRefresher } from './online/MetadataRefresher'
import { formatReferences, papersToRis } from './citationStyles'
import type { Organizer } from './Organizer'

/** What the handlers need of the library. */
export interface LibraryPort {
  list(): Paper[]
  find(input: FindPapersInput): Paper[]
  pages(input: PagesInput): Promise<PageRange>
  bibtex(paperIds: readonly string[]): {
    bibtex: string
    entries: { paperId: string; key: string }[]
  }
  addPaths(paths: string[]): Promise<Paper[]>
  addBytes(name: string, bytes: Uint8Array): Promise<Paper>
  addArxiv(idOrUrl: string): Promise<Paper>
  addDefaults(): Promise<Paper[]>
  remove(paperId: string): Promise<void>
  retry(paperId: string): Promise<Paper>
  cancel(paperId?: string): number
  pdfBytes(paperId: string): Promise<Uint8Array>
  pdfPath(paperId: string): string
  readonly organizer: Organizer
  readonly metadata: MetadataRefresher | null
  readonly imports: Pick<
    LibraryImports,
    'bibliography' | 'cancelBibliography' | 'zotero' | 'zoteroCollections'
  >
  addDoi(doi: string): Promise<Paper>
  attachPdf(paperId: string, name: string, bytes: Uint8Array): Promise<Paper>
  fetchPdf(paperId: string): Promise<Paper>
  notices(): LibraryNotice[]
  ocrWords(paperId: string, page: number): Promise<{ text: string; box: Region }[]>
}

/** What the library channels need. */
export interface LibraryHandlerDeps {
  library: LibraryPort
  filePicker: FilePicker
  discovery: Discovery
  /** Draws page regions (figures) for the chat. */
  pageImages: PageImager
  /** A lab paper's PDF (`lab-<sha12>`), fetched once into the local cache (src/main/lab/). */
  labPdf?: (paperId: string) => Promise<Uint8Array>
}

type LibraryChannel = keyof typeof libraryChannels
type CollectionChannel =
  | 'library:edit'
  | 'library:collections'
  | 'library:createCollection'
  | 'library:renameCollection'
  | 'library:deleteCollection'
  | 'library:setCollection'
  | 'library:bibtex'
  | 'library:ris'
  | 'library:references'
  | 'library:saveBibtex'
type OnlineChannel = 'library:refreshMetadata' | 'library:addDoi' | 'library:searchArxiv'
type ReadingChannel =
  'library:related' | 'library:missingRefs' | 'library:ocrWords' | 'library:regionImage'

/**
 * The handlers of the library channels: the catalog, adding papers, collections and BibTeX,
 * the online lookups and reading.
 * @remarks `library:addPaths` only accepts paths the user chose in a dialog this session
 * (`grants`), so a compromised renderer cannot make main read arbitrary paths.
 */
export function libraryHandlers(
  deps: LibraryHandlerDeps,
  grants: Grants
): HandlerSlice<LibraryChannel> {
  return {
    ...catalogHandlers(deps, grants),
    ...collectionHandlers(deps),
    ...onlineHandlers(deps),
    ...readingHandlers(deps)
  }
}

function catalogHandlers(
  deps: LibraryHandlerDeps,
  grants: Grants
): HandlerSlice<Exclude<LibraryChannel, CollectionChannel | OnlineChannel | ReadingChannel>> {
  return {
    'library:list': () => ({ papers: deps.library.list() }),
    'library:find': (input) => ({ papers: deps.library.find(input) }),
    'library:pages': (input) => deps.library.pages(input),
    'library:pickFiles': async () => {
      const paths = (await deps.filePicker.pickPdfs()).map((p) => resolve(p))
      for (const p of paths) grants.grant(p)
      return { paths }
    },
    'library:addPaths': async ({ paths }) => {
      const resolved = paths.map((p) => resolve(p))
      resolved.forEach((p, i) => {
        if (!grants.has(p)) {
          throw new UserFacingError(
            'INVALID_INPUT',
            `Invalid input for library:addPaths: paths.${i}: ${paths[i]} was not chosen in the file dialog. Use "Add PDFs" or drag the file onto the window.`
          )
        }
      })
      return { papers: await deps.library.addPaths(resolved) }
    },
    'library:addFile': async ({ name, data }) => ({
      paper: await deps.library.addBytes(name, data)
    }),
    'library:attachPdf': async ({ paperId, name, data }) => ({
      paper: await deps.library.attachPdf(paperId, name, data)
    }),
    'library:fetchPdf': async ({ paperId }) => ({ paper: await deps.library.fetchPdf(paperId) }),
    'library:addArxiv': async ({ id }) => ({ paper: await deps.library.addArxiv(id) }),
    'library:addDefaults': async () => ({ papers: await deps.library.addDefaults() }),
    'library:notices': () => ({ notices: deps.library.notices() }),
    'library:remove': async ({ paperId }) => {
      await deps.library.remove(paperId)
      return { removed: true as const }
    },
    'library:retry': async ({ paperId }) => ({ paper: await deps.library.retry(paperId) }),
    'library:cancel': ({ paperId }) => ({ cancelled: deps.library.cancel(paperId) }),
    'library:pdf': async ({ paperId }) => ({
      paperId,
      data:
        paperId.startsWith('lab-') && deps.labPdf
          ? await deps.labPdf(paperId)
          : await deps.library.pdfBytes(paperId)
    })
  }
}

function collectionHandlers(deps: LibraryHandlerDeps): HandlerSlice<CollectionChannel> {
  return {
    'library:edit': async ({ paperId, edit }) => ({
      paper: await deps.library.organizer.edit(paperId, edit)
    }),
    'library:collections': () => ({ collections: deps.library.organizer.collections() }),
    'library:createCollection': async ({ name }) => ({
      collection: await deps.library.organizer.createCollection(name)
    }),
    'library:renameCollection': async ({ collectionId, name }) => ({
      collection: await deps.library.organizer.renameCollection(collectionId, name)
    }),
    'library:deleteCollection': async ({ collectionId }) => {
      await deps.library.organizer.deleteCollection(collectionId)
      return { deleted: true as const }
    },
    'library:setCollection': async ({ collectionId, paperIds, member }) => ({
      papers: await deps.library.organizer.setMembership(collectionId, paperIds, member)
    }),
    'library:bibtex': (sel) => deps.library.organizer.bibtex(sel),
    'library:ris': (sel) => {
      const papers = deps.library.organizer
        .select(sel)
        .filter((p) => p.status !== 'error' || p.title)
      return { ris: papersToRis(papers), count: papers.length }
    },
    'library:references': ({ style, uiLanguage, ...sel }) => {
      const papers = deps.library.organizer.select(sel)
      const texts = formatReferences(papers, style, uiLanguage)
      return { references: papers.map((p, i) => ({ paperId: p.id, text: texts[i]! })) }
    },
    'library:saveBibtex': async (sel) => {
      const { bibtex, count } = deps.library.organizer.bibtex(sel)
      if (!deps.filePicker.saveText)
        throw new UserFacingError(
          'INVALID_INPUT',
          'There is no save dialog here; use the bib command and redirect it to a file.'
        )
      const name = sel.collectionId ? 'collection.bib' : count === 1 ? 'paper.bib' : 'library.bib'
      return { path: await deps.filePicker.saveText(name, bibtex), count }
    }
  }
}

function onlineHandlers(deps: LibraryHandlerDeps): HandlerSlice<OnlineChannel> {
  return {
    'library:refreshMetadata': ({ paperIds }) => online(deps).refresh(paperIds),
    'library:addDoi': async ({ doi }) => ({ paper: await deps.library.addDoi(doi) }),
    'library:searchArxiv': async ({ title }) => ({
      candidates: (await online(deps).searchTitle(title)).map((c) => ({
        arxivId: c.arxivId,
        title: c.values.title ?? c.arxivId,
        authors: c.values.authors ?? [],
        year: c.values.year ?? null
      }))
    })
  }
}

function readingHandlers(deps: LibraryHandlerDeps): HandlerSlice<ReadingChannel> {
  return {
    'library:related': ({ paperId }) => deps.discovery.related(paperId),
    'library:missingRefs': ({ paperId }) => deps.discovery.missingReferences(paperId),
    'library:ocrWords': async ({ paperId, page }) => ({
      words: await deps.library.ocrWords(paperId, page)
    }),
    'library:regionImage': async ({ paperId, page, region, width }) => {
      const bytes = await deps.library.pdfBytes(paperId)
      const png = await deps.pageImages.pagePng(bytes, page, width, paperId, region)
      return { data: Buffer.from(png).toString('base64') }
    }
  }
}

function online(deps: LibraryHandlerDeps): MetadataRefresher {
  if (!deps.library.metadata) throw new UserFacingError('OFFLINE', { key: 'onlineOff' })
  return deps.library.metadata
}
