import { randomUUID } from 'node:crypto'
import {
  METADATA_FIELDS,
  PaperEditSchema,
  type MetadataField,
  type PaperEditInput
} from '../../shared/paperFields'
import type { Collection, Paper } from '../../shared/types'
import { UserFacingError } from '../errors'
import { citationKeys, papersToBibtex } from './bibtex'
import type { Catalog } from './Catalog'
import { mergeMetadata, type MetadataValues } from './metadataMerge'

/**
 * A hand edit of a paper's details; fields left out stay as they are.
 * @remarks The field table's `edit` entries (src/shared/paperFields.ts) say which fields these are.
 */
export type PaperEdit = PaperEditInput

/** Which papers to cite: some ids, one collection, or (neither) the whole library. */
export interface PaperSelection {
  paperIds?: string[]
  collectionId?: string
}

/** The bibliographic fields a hand edit sets (and marks as the user's): those the table lets edit. */
const EDITABLE: readonly MetadataField[] = METADATA_FIELDS.filter((f) => f in PaperEditSchema.shape)

/**
 * Editing, tags, collections and citing: what a researcher does to organise the library.
 * @remarks A hand edit records `user` as the field's source, so no automatic metadata (PDF,
 * arXiv, Crossref, an import) ever replaces it.
 */
export class Organizer {
  constructor(
    private readonly catalog: Catalog,
    private readonly changed: () => void
  ) {}

  /** Applies a hand edit; NOT_FOUND for an unknown paper. */
  async edit(paperId: string, edit: PaperEdit): Promise<Paper> {
    const paper = this.paper(paperId)
    const values: MetadataValues = {}
    const cleared: Partial<Paper> = {}
    const sources = { ...paper.fieldSources }
    for (const f of EDITABLE) {
      if (!(f in edit)) continue
      const v = edit[f as keyof PaperEdit]
      // Clearing a field by hand is an edit too: the empty value is kept and marked as the user's.
      if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) {
        Object.assign(cleared, { [f]: f === 'authors' ? [] : null })
        sources[f] = 'user'
      } else Object.assign(values, { [f]: v })
    }
    const change: Partial<Paper> = {
      ...cleared,
      ...mergeMetadata({ ...paper, fieldSources: sources }, values, 'user')
    }
    change.fieldSources = { ...sources, ...change.fieldSources }
    if (edit.tags) change.tags = normaliseTags(edit.tags)
    const next = await this.catalog.update(paperId, change)
    this.changed()
    return next
  }

  /** Every collection with how many papers it holds. */
  collections(): (Collection & { count: number })[] {
    const counts = this.catalog.collectionCounts()
    return this.catalog.listCollections().map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }))
  }

  /** Creates a collection; INVALID_INPUT when one has that name already. */
  async createCollection(name: string): Promise<Collection> {
    const clean = this.freeName(name)
    const c = { id: randomUUID().slice(0, 8), name: clean, createdAt: new Date().toISOString() }
    await this.catalog.putCollection(c)
    this.changed()
    return c
  }

  /** The collection with this name, created when there is none (imports use it). */
  async collectionNamed(name: string): Promise<Collection> {
    const found = this.catalog
      .listCollections()
      .find((c) => c.name.toLowerCase() === name.trim().toLowerCase())
    return found ?? this.createCollection(name)
  }

  async renameCollection(id: string, name: string): Promise<Collection> {
    const c = this.collection(id)
    const next = { ...c, name: this.freeName(name, id) }
    await this.catalog.putCollection(next)
    this.changed()
    return next
  }

  /** Deletes a collection; its papers stay in the library. */
  async deleteCollection(id: string): Promise<void> {
    this.collection(id)
    await this.catalog.deleteCollection(id)
    this.changed()
  }

  /** Puts papers into a collection, or takes them out. */
  async setMembership(collectionId: string, paperIds: string[], member: boolean): Promise<Paper[]> {
    this.collection(collectionId)
    const out: Paper[] = []
    for (const id of paperIds) {
      const p = this.paper(id)
      const has = p.collectionIds.includes(collectionId)
      if (has === member) {
        out.push(p)
        continue
      }
      const collectionIds = member
        ? [...p.collectionIds, collectionId]
        : p.collectionIds.filter((c) => c !== collectionId)
      out.push(await this.catalog.update(id, { collectionIds }))
    }
    this.changed()
    return out
  }

  /** The papers a selection names, in library order; NOT_FOUND for an unknown id. */
  select(sel: PaperSelection): Paper[] {
    const all = this.catalog.list()
    if (sel.collectionId) {
      this.collection(sel.collectionId)
      return all.filter((p) => p.collectionIds.includes(sel.collectionId!))
    }
    if (sel.paperIds?.length) return [...new Set(sel.paperIds)].map((id) => this.paper(id))
    return all
  }

  /** BibTeX for a selection, with keys stable across the whole library. */
  bibtex(sel: PaperSelection): {
    bibtex: string
    count: number
    entries: { paperId: string; key: string }[]
  } {
    const papers = this.select(sel).filter((p) => p.status !== 'error' || p.title)
    const library = this.catalog.list()
    const keys = citationKeys(library)
    return {
      bibtex: papersToBibtex(papers, library),
      count: papers.length,
      entries: papers.map((p) => ({ paperId: p.id, key: keys.get(p.id)! }))
    }
  }

  private paper(id: string): Paper {
    const p = this.catalog.get(id)
    if (!p) throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id } })
    return p
  }

  private collection(id: string): Collection {
    const c = this.catalog.getCollection(id)
    if (!c) throw new UserFacingError('NOT_FOUND', { key: 'noSuchCollection', params: { id } })
    return c
  }

  private freeName(name: string, except?: string): string {
    const clean = name.replace(/\s+/g, ' ').trim()
    if (!clean) throw new UserFacingError('INVALID_INPUT', { key: 'collectionNeedsName' })
    const taken = this.catalog
      .listCollections()
      .some((c) => c.id !== except && c.name.toLowerCase() === clean.toLowerCase())
    if (taken)
      throw new UserFacingError('INVALID_INPUT', {
        key: 'collectionNameTaken',
        params: { name: clean }
      })
    return clean
  }
}

function normaliseTags(tags: string[]): string[] {
  const out: string[] = []
  for (const t of tags) {
    const clean = t.replace(/\s+/g, ' ').trim()
    if (clean && !out.some((o) => o.toLowerCase() === clean.toLowerCase())) out.push(clean)
  }
  return out
}
