import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { importZotero, referenceIdentity, type ImportedOutcome } from '../library/importers'
import { mergeMetadata } from '../library/metadataMerge'
import { sha256OfFile } from '../library/pdfFileCheck'
import { readZoteroLibrary, type ZoteroItem } from '../library/zoteroLibrary'
import type { StoredPaper } from '../storage/catalogFormat'
import type { SyncLibrary, SyncNote } from './syncPorts'
import type { ZoteroItemState, ZoteroLink } from './syncStateFormat'

/** What a Zotero pass needs of the {@link SyncService} running it. */
export interface ZoteroSyncContext {
  library: SyncLibrary
  /** Records a change of this pass. */
  note: (change: SyncNote) => void
  /** Writes the sync state (before an add, as the service's remarks say, and after). */
  save: () => Promise<void>
  log?: (message: string) => void
}

/**
 * The Zotero half of a sync: brings a linked Zotero library's items into the library.
 * @remarks Acts on the link's item states in place; the {@link SyncService} runs it one pass at
 * a time and owns the state file.
 */
export class ZoteroSync {
  constructor(private readonly ctx: ZoteroSyncContext) {}

  /** One pass over the Zotero link: trashed items flagged, new ones added, changed ones updated. */
  async zoteroPass(link: ZoteroLink): Promise<void> {
    const lib = this.ctx.library
    const zotero = await readZoteroLibrary(link.dir)
    const wanted = link.collections.map((c) => c.toLowerCase())
    const chosen = (c: string): boolean => !wanted.length || wanted.includes(c.toLowerCase())
    const live = new Map(zotero.items.map((i) => [i.key, i]))
    const inScope = zotero.items.filter((i) => !wanted.length || i.collections.some(chosen))
    // Gone from Zotero's live items (moved to its trash, or deleted there): flagged, kept.
    for (const [key, r] of Object.entries(link.items)) {
      if (live.has(key) || r.state === 'trashed') continue
      link.items[key] = { ...r, state: 'trashed' }
      if (r.paperId && lib.byId(r.paperId)) {
        const paper = await lib.applySync(r.paperId, { syncFlag: 'zoteroTrash' })
        this.ctx.note({ kind: 'trashed', source: 'zotero', file: null, paper })
      }
    }
    // Items to add: new in scope, or interrupted (`adding`), or without a PDF before.
    const fresh = inScope.filter((i) => {
      const r = link.items[i.key]
      return (
        !r ||
        r.state === 'adding' ||
        r.state === 'noPdf' ||
        r.state === 'failed' ||
        (r.state === 'trashed' && !r.paperId)
      )
    })
    if (fresh.length) await this.addZoteroItems(link, fresh)
    for (const item of inScope) {
      const r = link.items[item.key]
      if (!r || r.state === 'adding' || r.state === 'failed' || !r.paperId) continue
      const paper = lib.byId(r.paperId)
      if (!paper) continue
      const wasTrashed = r.state === 'trashed'
      const fp = fingerprint(item, chosen)
      // Notes written in Zotero since the last pass (a state from before notes were kept
      // records them now, without calling it a change).
      const newNotes = r.notes ? item.notes.filter((n) => !r.notes!.includes(n)) : []
      if (fp === r.fingerprint && !wasTrashed && !newNotes.length) {
        if (!r.notes) link.items[item.key] = { ...r, notes: item.notes }
        continue
      }
      const change: Partial<StoredPaper> = wasTrashed ? { syncFlag: null } : {}
      // Notes are the user's own words: added to, never replaced or removed.
      const notes = [...(paper.notes ?? [])]
      for (const n of newNotes) if (!notes.includes(n)) notes.push(n)
      if (notes.length) change.notes = notes
      // Zotero's fields as an import's: they beat what the PDF or a registry said, never a
      // hand edit made here (field sources).
      Object.assign(change, mergeMetadata(paper, item.values, 'import'))
      const names = item.collections.filter(chosen)
      const ids = new Set(paper.collectionIds)
      for (const n of names) ids.add((await lib.organizer.collectionNamed(n)).id)
      const all = lib.organizer.collections()
      for (const old of r.collections)
        if (!names.some((n) => n.toLowerCase() === old.toLowerCase())) {
          const c = all.find((x) => x.name.toLowerCase() === old.toLowerCase())
          if (c) ids.delete(c.id)
        }
      change.collectionIds = [...ids]
      const tags = [...paper.tags]
      for (const t of item.tags)
        if (!tags.some((x) => x.toLowerCase() === t.toLowerCase()) && !r.tags.includes(t))
          tags.push(t)
      change.tags = tags
      change.syncOrigin = zoteroOrigin(names)
      const next = await lib.applySync(paper.id, change)
      link.items[item.key] = {
        ...r,
        // Kept without its PDF stays so (a PDF added in Zotero later is looked for).
        state: r.sha256 === null ? 'noPdf' : 'synced',
        title: item.values.title ?? null,
        fingerprint: fp,
        collections: names,
        tags: item.tags,
        notes: item.notes
      }
      this.ctx.note({
        kind: wasTrashed ? 'restored' : 'updated',
        source: 'zotero',
        file: null,
        paper: next
      })
    }
    link.lastSyncAt = new Date().toISOString()
  }

  /**
   * Adds new Zotero items through the Zotero importer itself (its mapping of fields, tags,
   * collections and notes), limited to these items: their PDFs, and for an item without one a
   * metadata-only paper (as a one-shot Zotero import keeps it). A PDF that appears in Zotero for
   * an item kept without one goes into that same paper, keeping its id, edits and notes.
   */
  private async addZoteroItems(link: ZoteroLink, items: ZoteroItem[]): Promise<void> {
    const lib = this.ctx.library
    const wanted = link.collections.map((c) => c.toLowerCase())
    const chosen = (c: string): boolean => !wanted.length || wanted.includes(c.toLowerCase())
    const byPath = new Map<string, ZoteroItem>()
    // Items to keep without a PDF, by the identity the importer gives their reference.
    const byIdentity = new Map<string, ZoteroItem>()
    for (const item of items) {
      const pdf = item.pdf && (await stat(item.pdf).catch(() => null))?.isFile() ? item.pdf : null
      const prev = link.items[item.key]
      const base = {
        paperId: null,
        sha256: null,
        title: item.values.title ?? null,
        fingerprint: fingerprint(item, chosen),
        collections: item.collections.filter(chosen),
        tags: item.tags,
        notes: item.notes
      }
      const kept = prev?.paperId ? lib.byId(prev.paperId) : undefined
      if (!pdf) {
        if (kept) continue
        link.items[item.key] = { ...base, state: 'noPdf' }
        byIdentity.set(
          referenceIdentity({
            title: item.values.title ?? null,
            year: item.values.year ?? null,
            doi: item.values.doi ?? null,
            arxivId: item.arxivId,
            key: item.key
          }),
          item
        )
        continue
      }
      const sha = await sha256OfFile(pdf)
      if (sha && kept?.status === 'metadata') {
        await this.attachZoteroPdf(link, item, kept, pdf, sha, base)
        continue
      }
      link.items[item.key] = { ...base, state: 'adding', sha256: sha }
      byPath.set(pdf, item)
    }
    if (!byPath.size && !byIdentity.size) return
    // Written before the add (see SyncService's remarks).
    await this.ctx.save()
    let outcome: ImportedOutcome = { added: [], failed: [] }
    const kept = new Map<string, string>()
    await importZotero(
      {
        list: () => lib.list(),
        addReferences: async (refs) => {
          const mine = refs.filter((r) => byIdentity.has(r.identity))
          const ids = await lib.addReferences(mine)
          mine.forEach((r, i) => {
            const id = ids[i]
            if (id) kept.set(r.identity, id)
          })
          return refs.map((r) => kept.get(r.identity) ?? null)
        },
        addImported: async (pdfs) => {
          outcome = await lib.addImported(pdfs.filter((p) => byPath.has(p.path)))
          return outcome
        }
      },
      link.dir,
      { collections: link.collections }
    )
    for (const [identity, item] of byIdentity) {
      const r = link.items[item.key]!
      const id = kept.get(identity)
      // Not kept: the importer matched it to a paper already here (by DOI, arXiv id or title).
      if (!id) continue
      const paper = await lib.applySync(id, {
        syncFlag: null,
        syncOrigin: zoteroOrigin(r.collections)
      })
      link.items[item.key] = { ...r, paperId: paper.id }
      this.ctx.note({ kind: 'noPdf', source: 'zotero', file: null, paper })
    }
    for (const a of outcome.added) {
      const item = byPath.get(a.input)
      if (!item) continue
      const r = link.items[item.key]!
      const interrupted = a.duplicate && r.sha256 !== null
      if (a.paper.status === 'error') {
        link.items[item.key] = { ...r, state: 'failed', paperId: a.paper.id }
        this.ctx.note({ kind: 'failed', source: 'zotero', file: a.input, paper: a.paper })
        continue
      }
      const paper = await lib.applySync(a.paper.id, {
        syncFlag: null,
        syncOrigin: zoteroOrigin(r.collections)
      })
      link.items[item.key] = { ...r, state: 'synced', paperId: paper.id }
      // A duplicate is the paper already in the library (or added before a kill): one paper.
      this.ctx.note({
        kind: a.duplicate && !interrupted ? 'duplicate' : 'new',
        source: 'zotero',
        file: a.input,
        paper
      })
    }
    for (const f of outcome.failed) {
      const item = byPath.get(f.file)
      if (!item) continue
      link.items[item.key] = { ...link.items[item.key]!, state: 'failed' }
      this.ctx.note({ kind: 'failed', source: 'zotero', file: f.file })
    }
    await this.ctx.save()
  }

  /** A PDF Zotero now has for an item kept here without one: into the same paper. */
  private async attachZoteroPdf(
    link: ZoteroLink,
    item: ZoteroItem,
    kept: StoredPaper,
    pdf: string,
    sha: string,
    base: Pick<ZoteroItemState, 'title' | 'fingerprint' | 'collections' | 'tags' | 'notes'>
  ): Promise<void> {
    const lib = this.ctx.library
    try {
      await lib.attachPdf(kept.id, basename(pdf), await readFile(pdf))
      const paper = await lib.applySync(kept.id, { syncFlag: null })
      link.items[item.key] = { ...base, state: 'synced', paperId: kept.id, sha256: sha }
      this.ctx.note({ kind: 'updated', source: 'zotero', file: pdf, paper })
    } catch (e) {
      // The same PDF is already another paper here (DUPLICATE) or it is not a PDF: said once,
      // the paper stays as it was.
      link.items[item.key] = { ...base, state: 'failed', paperId: kept.id, sha256: sha }
      this.ctx.log?.(`sync: ${pdf}: ${e instanceof Error ? e.message : String(e)}`)
      this.ctx.note({ kind: 'failed', source: 'zotero', file: pdf, paper: kept })
    }
    await this.ctx.save()
  }
}

/** "Zotero: ML / Transformers" (or "Zotero" for an item in no followed collection). */
function zoteroOrigin(collections: string[]): string {
  return collections.length ? `Zotero: ${collections.join('; ')}` : 'Zotero'
}

/** What Zotero says of an item, hashed: a change to any of it is an update to bring in. */
function fingerprint(item: ZoteroItem, chosen: (c: string) => boolean): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        item.values,
        item.tags,
        item.collections.filter(chosen),
        basename(item.pdf ?? '')
      ])
    )
    .digest('hex')
    .slice(0, 16)
}
