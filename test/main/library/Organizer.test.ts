import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { makePaperPdf } from '../../fixtures/fixturePapers'

describe('editing, collections and citing', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  async function libraryWithOnePaper() {
    dir = mkdtempSync(join(tmpdir(), 'rp-org-'))
    const pdf = join(dir, 'paper.pdf')
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Fixture Paper on Retrieval', pages: 2, arxivId: '2101.00001' })
    )
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    const [p] = await lib.service.addPaths([pdf])
    await lib.service.whenIdle()
    return { lib, id: p!.id }
  }

  it('keeps a hand edit across restarts and re-reads of the PDF', async () => {
    const { lib, id } = await libraryWithOnePaper()
    expect(lib.service.get(id).title).toBe('Fixture Paper on Retrieval')
    await lib.service.organizer.edit(id, {
      title: 'Retrieval, Corrected',
      authors: ['Ada Lovelace'],
      tags: ['to read', ' To Read ', 'rag']
    })
    await lib.service.close()

    // The page text is lost, so the next start reads the PDF again: its title must not win.
    rmSync(join(dir, 'data', 'pages'), { recursive: true, force: true })
    const again = buildLibrary(join(dir, 'data'))
    await again.service.open()
    await again.service.whenIdle()
    const p = again.service.get(id)
    expect(p.status).toBe('indexed')
    expect(again.events.some((e) => e.event === 'ingest:progress')).toBe(true)
    expect(p).toMatchObject({
      title: 'Retrieval, Corrected',
      authors: ['Ada Lovelace'],
      tags: ['to read', 'rag'],
      year: 2021
    })
    expect(p.fieldSources).toMatchObject({ title: 'user', authors: 'user', year: 'pdf' })
    await again.service.close()
  })

  it('detects the paper language on ingest and keeps the language the user sets', async () => {
    const { lib, id } = await libraryWithOnePaper()
    expect(lib.service.get(id).language).toBe('en')
    await lib.service.organizer.edit(id, { language: 'pt' })
    await lib.service.close()
    rmSync(join(dir, 'data', 'pages'), { recursive: true, force: true })
    const again = buildLibrary(join(dir, 'data'))
    await again.service.open()
    await again.service.whenIdle()
    const p = again.service.get(id)
    expect(p.language).toBe('pt')
    expect(p.fieldSources.language).toBe('user')
    await again.service.close()
  })

  it('organises papers into collections and cites a collection as BibTeX', async () => {
    const { lib, id } = await libraryWithOnePaper()
    const org = lib.service.organizer
    const reading = await org.createCollection('Reading group')
    await expect(org.createCollection('reading GROUP')).rejects.toThrow(/already a collection/)
    await org.setMembership(reading.id, [id], true)
    expect(org.collections()).toEqual([
      expect.objectContaining({ name: 'Reading group', count: 1 })
    ])
    await org.renameCollection(reading.id, 'RAG reading')
    const { bibtex, count } = org.bibtex({ collectionId: reading.id })
    expect(count).toBe(1)
    expect(bibtex).toMatch(/^@article\{\w+2021fixture,/)
    expect(bibtex).toContain('arXiv preprint arXiv:2101.00001')
    await org.deleteCollection(reading.id)
    expect(lib.service.get(id).collectionIds).toEqual([])
    // The library:changed event carries the collections so the UI stays in step.
    const last = lib.events.filter((e) => e.event === 'library:changed').pop()!
    expect(last.payload).toMatchObject({ collections: [] })
    await lib.service.close()
  })
})
