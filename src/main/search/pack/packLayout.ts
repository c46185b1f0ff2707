import type { ErrorText } from '../../errors'
import {
  PackNewerError,
  PackReader,
  PackUnreadableError,
  unusablePackNotice,
  view,
  type PackFormat
} from '../../storage/packFile'
import { StringTable } from './stringTable'
/** What the layout check needs of a pack's papers: the rows each holds. */
type PaperRows = { readonly n: number }

/** The typed-array views a section can be read as. */
type ViewName = keyof typeof view
/** The array a view gives. */
type ViewOf<V extends ViewName> = ReturnType<(typeof view)[V]>

/** A section read whole and kept in memory, and its length (in elements) as the meta implies. */
export interface LoadedSection<M> {
  view: ViewName
  length: (meta: M) => number
}

/** What the sections of a library-wide pack hold, checked against its meta at open. */
export interface PackLayout<M extends { papers: readonly PaperRows[] }, S> {
  format: PackFormat<M>
  /** The rows (chunks) the meta says the pack holds: its papers' rows add up to it. */
  rows: (meta: M) => number
  /** The sections kept in memory, besides the chunk ids (`idStarts` + `ids`, one per row). */
  loaded: S
  /** The sections read in pages, and their length in bytes as the meta implies. */
  paged: Readonly<Record<string, (meta: M) => number>>
  /** What else must agree (a prefix sum ending where the data ends), given the loaded sections. */
  agrees?: (sections: LoadedSections<S>, meta: M, reader: PackReader<M>) => boolean
}

/** The loaded sections of a {@link PackLayout}, by name. */
export type LoadedSections<S> = {
  [K in keyof S]: S[K] extends { view: infer V extends ViewName } ? ViewOf<V> : never
}

/** An open pack: its reader (kept open for the paged sections), meta and loaded sections. */
export interface OpenedPack<M, S> {
  reader: PackReader<M>
  meta: M
  sections: LoadedSections<S>
  ids: StringTable
}

/**
 * Opens a library-wide pack and checks that its sections hold what its meta says.
 * @remarks One check for the vector and the keyword pack: `PackReader.open` checks the framing,
 * checksums, version and meta schema; this loads the in-memory sections (verifying their
 * checksums) and checks every length against the meta, so a pack that disagrees with itself is
 * a {@link PackUnreadableError} (kept aside and rebuilt), never read out of range. The reader is
 * closed on any failure.
 * @throws PackUnreadableError, PackNewerError, or the file's own error (ENOENT).
 */
export function openPack<
  M extends { papers: readonly PaperRows[] },
  S extends Record<string, LoadedSection<M>>
>(path: string, layout: PackLayout<M, S>): OpenedPack<M, S> {
  const reader = PackReader.open(path, layout.format)
  try {
    const meta = reader.meta
    const sections = {} as Record<string, ArrayLike<number>>
    for (const [name, section] of Object.entries(layout.loaded)) {
      sections[name] = view[section.view](reader.load(name))
    }
    const ids = new StringTable(view.u32(reader.load('idStarts')), view.u8(reader.load('ids')))
    const rows = layout.rows(meta)
    const agree =
      meta.papers.reduce((n, p) => n + p.n, 0) === rows &&
      ids.size === rows &&
      Object.entries(layout.loaded).every(
        ([name, s]) => sections[name]!.length === s.length(meta)
      ) &&
      Object.entries(layout.paged).every(
        ([name, bytes]) => reader.has(name) && reader.bytes(name) === bytes(meta)
      ) &&
      (layout.agrees?.(sections as LoadedSections<S>, meta, reader) ?? true)
    if (!agree) throw new PackUnreadableError(`${path}: sections do not match the footer`)
    return { reader, meta, sections: sections as LoadedSections<S>, ids }
  } catch (e) {
    reader.close()
    throw e
  }
}

/** How a store opens its pack, for {@link openPackOrNotice}. */
export interface PackOpening<P> {
  kind: 'vector' | 'keyword'
  path: string
  /** The pack's own `open` (which runs {@link openPack}). */
  open: (path: string) => P
  readOnly: boolean
  /** A read-only store also takes any other error for an unusable pack (the vector store). */
  readOnlyToleratesAny?: boolean
}

/**
 * Opens a store's pack if there is one; a damaged or newer one is kept aside (a writer rebuilds
 * it) and said in the notice.
 * @remarks The pack is derived from the per-paper files, so losing it loses nothing: the papers
 * are read from their own files until the next pack is built. No file is no pack, no notice.
 */
export async function openPackOrNotice<P>(
  o: PackOpening<P>
): Promise<{ pack: P | null; notice: ErrorText | null }> {
  try {
    return { pack: o.open(o.path), notice: null }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { pack: null, notice: null }
    const tolerated = o.readOnly && o.readOnlyToleratesAny === true
    if (!tolerated && !(e instanceof PackUnreadableError) && !(e instanceof PackNewerError)) throw e
    return { pack: null, notice: await unusablePackNotice(o.kind, o.path, e as Error, o.readOnly) }
  }
}
