import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PaperText } from '../../../src/main/domain'
import { Discovery } from '../../../src/main/library/Discovery'
import { importBibliography, importZotero } from '../../../src/main/library/importers'
import { DEFAULT_ONLINE } from '../../../src/main/library/online/http'
import { OnlineMetadata } from '../../../src/main/library/online/OnlineMetadata'
import { FakeRetriever } from '../../fakes/fakeRetriever'
import { startFakeScholarly, type FakeScholarly } from '../../fakes/fakeScholarly'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { makeZoteroFolder, ZOTERO_FIXTURE } from '../../fixtures/zoteroFixture'

// Two references without a PDF (one with an arXiv id, one with a DOI only) and a half-valid
// entry (an unclosed brace) between them: all three are kept.
const BIB = `@inproceedings{lewis2020rag,
  title = {Retrieval-Augmented Generation for Knowledge-Intensive {NLP} Tasks},
  author = {Lewis, Patrick and Perez, Ethan and {Facebook AI Research}},
  booktitle = {Advances in Neural Information Processing Systems},
  year = {2020},
  eprint = {2005.11401},
  archivePrefix = {arXiv},
  abstract = {Large pre-trained language models store factual knowledge.}
}
@article{broken2019,
  title = {An Entry With {An Unclosed Brace,
  author = {Silva, Maria},
  year = {2019}
}
@article{closed2021,
  title = {A Journal Paper Behind a {DOI}},
  author = {Souza, João},
  journal = {Revista de Testes},
  year = {2021},
  doi = {10.5555/closed.2021}
}`

describe('metadata-only papers (references without a PDF)', () => {
  let dir = ''
  let server: Server | null = null
  let fake: FakeScholarly | null = null
  afterEach(async () => {
    await new Promise((r) => (server ? server.close(r) : r(null)))
    server = null
    await fake?.close()
    fake = null
    rmSync(dir, { recursive: true, force: true })
  })

  async function library(deps: Parameters<typeof buildLibrary>[1] = {}) {
    dir ||= mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = buildLibrary(join(dir, 'data'), deps)
    await lib.service.open()
    return lib
  }

  async function importBib(lib: Awaited<ReturnType<typeof library>>) {
    const bib = join(dir, 'refs.bib')
    writeFileSync(bib, BIB)
    return importBibliography(lib.service, bib, { collection: 'Thesis' })
  }

  it('keeps entries without a PDF as papers with their fields, not searched, citable, found again on re-import', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = await library()
    const r = await importBib(lib)
    expect(r.added).toEqual([])
    expect(r.withoutPdf.map((w) => w.key)).toEqual(['lewis2020rag', 'broken2019', 'closed2021'])
    expect(r.issues).toEqual([expect.objectContaining({ line: 10, code: 'recovered' })])
    const ids = r.withoutPdf.map((w) => w.paperId!)
    const rag = lib.service.get(ids[0]!)
    expect(rag).toMatchObject({
      status: 'metadata',
      source: { kind: 'reference', from: 'refs.bib' },
      title: 'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks',
      authors: ['Patrick Lewis', 'Ethan Perez', 'Facebook AI Research'],
      literalAuthors: ['Facebook AI Research'],
      year: 2020,
      venue: 'Advances in Neural Information Processing Systems',
      arxivId: '2005.11401',
      abstract: 'Large pre-trained language models store factual knowledge.',
      chunks: 0,
      sha256: null
    })
    expect(rag.fieldSources.title).toBe('import')
    expect(lib.service.get(ids[1]!)).toMatchObject({ title: 'An Entry With An Unclosed Brace' })
    expect(lib.service.get(ids[2]!)).toMatchObject({ doi: '10.5555/closed.2021', year: 2021 })
    expect(lib.service.organizer.collections()).toEqual([
      expect.objectContaining({ name: 'Thesis', count: 3 })
    ])
    // Never searched, and opening one says why instead of failing.
    await lib.service.whenIdle()
    expect(ids.map((id) => lib.keywords.hasPaper(id))).toEqual([false, false, false])
    await expect(lib.service.pdfBytes(ids[0]!)).rejects.toThrow(/has no PDF yet.*not searched/)
    // Citable: the BibTeX export has every field, the corporate author kept whole.
    const { bibtex } = lib.service.bibtex(ids)
    expect(bibtex).toContain('Facebook AI Research}}')
    expect(bibtex).toContain('10.5555/closed.2021')
    expect(bibtex).toContain('2005.11401')
    // The same file again matches them rather than adding more.
    const again = await importBib(lib)
    expect(again.matched.map((m) => m.paperId)).toEqual(ids)
    expect(lib.service.list()).toHaveLength(3)
    await lib.service.close()

    // Stored: a fresh open of the data folder has them, with the same state.
    const reopened = await library()
    expect(reopened.service.get(ids[0]!)).toMatchObject({ status: 'metadata', year: 2020 })
    await reopened.service.close()
  })

  it('brings a .bib or .ris entry’s keywords as tags and its notes (annote, comment, N1) as text', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = await library()
    const bib = join(dir, 'notes.bib')
    writeFileSync(
      bib,
      `@article{souza2021,
  title = {Um Artigo Com Notas},
  author = {Souza, João},
  year = {2021},
  keywords = {retrieval, tese; cap. 2},
  mendeley-tags = {tese},
  annote = {Ler a seção 3 primeiro.},
  comment = {Citado no capítulo 2.}
}`
    )
    const ris = join(dir, 'notes.ris')
    writeFileSync(
      ris,
      [
        'TY  - JOUR',
        'TI  - A Paper With an HTML Note',
        'AU  - Lima, Ana',
        'PY  - 2020',
        'KW  - survey',
        'KW  - reading group',
        'N1  - <p>Compare with <b>BM25</b>.</p><script>alert(1)</script>',
        'ER  - ',
        ''
      ].join('\n')
    )
    const fromBib = await importBibliography(lib.service, bib)
    const fromRis = await importBibliography(lib.service, ris)
    expect(lib.service.get(fromBib.withoutPdf[0]!.paperId!)).toMatchObject({
      tags: ['cap. 2', 'retrieval', 'tese'],
      notes: ['Ler a seção 3 primeiro.', 'Citado no capítulo 2.']
    })
    expect(lib.service.get(fromRis.withoutPdf[0]!.paperId!)).toMatchObject({
      tags: ['survey', 'reading group'],
      notes: ['Compare with BM25.']
    })
    await lib.service.close()
  })

  it('round-trips import -> export -> import over metadata-only papers without losing a field', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = await library()
    const r = await importBib(lib)
    const exported = join(dir, 'exported.bib')
    writeFileSync(exported, lib.service.bibtex(r.withoutPdf.map((w) => w.paperId!)).bibtex)
    const fields = (l: typeof lib) =>
      l.service
        .list()
        .map((p) => [p.title, p.authors, p.year, p.venue, p.doi, p.arxivId, p.status])
        .sort()
    // The export gives an arXiv paper arXiv's DOI (10.48550/arXiv.ID), so it comes back with it.
    const first = fields(lib).map((f) =>
      f[4] === null && f[5] ? [...f.slice(0, 4), `10.48550/arxiv.${f[5]}`, ...f.slice(5)] : f
    )
    await lib.service.close()
    const other = buildLibrary(join(dir, 'other'))
    await other.service.open()
    const back = await importBibliography(other.service, exported)
    expect(back.issues).toEqual([])
    expect(fields(other)).toEqual(first)
    await other.service.close()
  })

  it('attaching a PDF ingests it into the same record: id, edits, tags, collections kept; then it is searched', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = await library()
    const r = await importBib(lib)
    const id = r.withoutPdf[2]!.paperId!
    await lib.service.organizer.edit(id, { tags: ['cap. 2'], year: 2022 })
    const before = lib.service.get(id)
    const pdf = makePaperPdf({ title: 'Whatever The PDF Says', pages: 2, seed: 5 })
    const attached = await lib.service.attachPdf(id, 'souza.pdf', pdf)
    expect(attached).toMatchObject({ id, status: 'pending' })
    await lib.service.whenIdle()
    expect(lib.service.list()).toHaveLength(3)
    expect(lib.service.get(id)).toMatchObject({
      id,
      status: 'indexed',
      title: 'A Journal Paper Behind a DOI',
      year: 2022,
      tags: ['cap. 2'],
      collectionIds: before.collectionIds,
      source: { kind: 'file', fileName: 'souza.pdf' }
    })
    expect(lib.keywords.hasPaper(id)).toBe(true)
    // Once it has one, another attach is refused with a reason; a non-PDF too.
    await expect(lib.service.attachPdf(id, 'again.pdf', pdf)).rejects.toThrow(/already has a PDF/)
    const other = r.withoutPdf[1]!.paperId!
    await expect(
      lib.service.attachPdf(other, 'notes.pdf', new TextEncoder().encode('my notes'))
    ).rejects.toMatchObject({ code: 'NOT_A_PDF' })
    await expect(lib.service.attachPdf(other, 'same.pdf', pdf)).rejects.toThrow(
      /already in the library as "A Journal Paper Behind a DOI"/
    )
    expect(lib.service.get(other).status).toBe('metadata')
    await lib.service.close()
  })

  it('fetches a metadata-only paper from arXiv into the same record (scripted arXiv server)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const served = makePaperPdf({ title: 'RAG', pages: 2, seed: 7, arxivId: '2005.11401' })
    const asked: string[] = []
    server = createServer((req, res) => {
      asked.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/pdf' })
      res.end(served)
    })
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const lib = await library({ deps: { arxivBaseUrl: base } })
    const r = await importBib(lib)
    const id = r.withoutPdf[0]!.paperId!
    await lib.service.fetchPdf(id)
    await lib.service.whenIdle()
    expect(asked).toEqual(['/pdf/2005.11401'])
    expect(lib.service.get(id)).toMatchObject({
      id,
      status: 'indexed',
      title: 'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks',
      source: { kind: 'arxiv', arxivId: '2005.11401' }
    })
    // Adding the arXiv id by hand (the import summary's fetch) also lands in a reference.
    expect(lib.service.list()).toHaveLength(3)
    const noId = r.withoutPdf[1]!.paperId!
    await expect(lib.service.fetchPdf(noId)).rejects.toThrow(/no arXiv id or DOI/)
    await lib.service.close()
  })

  it('fetches by DOI (Unpaywall, scripted) into the same record', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const pdf = makePaperPdf({ title: 'Closed', pages: 1, seed: 11 })
    fake = await startFakeScholarly({
      works: [
        {
          doi: '10.5555/closed.2021',
          title: 'A Journal Paper Behind a DOI',
          authors: ['João Souza'],
          year: 2021,
          pdf
        }
      ]
    })
    const online = new OnlineMetadata({ ...DEFAULT_ONLINE, ...fake.urls, fetch, timeoutMs: 5000 })
    const lib = await library({ deps: { online } })
    const r = await importBib(lib)
    const id = r.withoutPdf[2]!.paperId!
    const p = await lib.service.fetchPdf(id)
    expect(p.id).toBe(id)
    await lib.service.whenIdle()
    expect(lib.service.get(id)).toMatchObject({ status: 'indexed', doi: '10.5555/closed.2021' })
    expect(lib.service.list()).toHaveLength(3)
    await lib.service.close()
  })

  it('keeps Zotero items without attachments with their tags and notes (HTML stripped, trash left out)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = await library()
    const zotero = makeZoteroFolder(join(dir, 'Zotero'), makePaperPdf({ title: 'X', pages: 1 }))
    const r = await importZotero(lib.service, zotero)
    await lib.service.whenIdle()
    const f = ZOTERO_FIXTURE.withoutPdf
    const id = r.withoutPdf[0]!.paperId!
    const p = lib.service.get(id)
    expect(p).toMatchObject({
      status: 'metadata',
      title: f.title,
      arxivId: f.arxivId,
      year: 2020,
      tags: f.tags,
      notes: [f.noteText],
      source: { kind: 'reference', from: 'Zotero' }
    })
    expect(JSON.stringify(p)).not.toMatch(/alert|Trashed|<p>/)
    expect(
      lib.service.organizer
        .collections()
        .map((c) => c.name)
        .sort()
    ).toEqual(['Retrieval', 'Transformers'])
    await lib.service.close()
  })

  it('a reference a paper cites that the library holds without a PDF is "in the library, no PDF", not missing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-refs-'))
    const lib = await library()
    const r = await importBib(lib)
    // The citing paper's text, as its PDF would give it (the matching is what is tested here).
    const pages = [
      {
        page: 1,
        text: 'References\n[1] P. Lewis, E. Perez. Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks. NeurIPS 2020. arXiv:2005.11401\n[2] A. Nobody. A Paper Nobody Has Imported Anywhere Before Today. 2018.'
      }
    ]
    const discovery = new Discovery({
      papers: () => [...lib.service.list(), { ...lib.service.list()[0]!, id: 'survey' }],
      paperText: async () => ({ pages }) as unknown as PaperText,
      retriever: new FakeRetriever([])
    })
    const refs = await discovery.missingReferences('survey')
    expect(refs.withoutPdf).toEqual([
      { paperId: r.withoutPdf[0]!.paperId, title: expect.stringContaining('Retrieval-Augmented') }
    ])
    expect(refs.missing.map((m) => m.arxivId)).not.toContain('2005.11401')
    await lib.service.close()
  })
})
