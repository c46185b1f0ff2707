import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_ONLINE } from '../../../src/main/library/online/http'
import { OnlineMetadata } from '../../../src/main/library/online/OnlineMetadata'
import { startFakeScholarly, type FakeScholarly } from '../../fakes/fakeScholarly'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'

const REALM = {
  arxivId: '2002.08909',
  doi: '10.5555/realm.2020',
  title: 'REALM: Retrieval-Augmented Language Model Pre-Training',
  authors: ['Kelvin Guu', 'Kenton Lee', 'Zora Tung'],
  year: 2020,
  abstract: 'Language model pre-training has been shown to capture world knowledge.',
  journalRef: 'ICML 2020',
  venue: 'Proceedings of the 37th International Conference on Machine Learning'
}

describe('online metadata against local arXiv, Crossref, OpenAlex and Unpaywall fakes', () => {
  let dir = ''
  let fake: FakeScholarly
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-online-'))
    fake = await startFakeScholarly({ works: [REALM] })
  })
  afterEach(async () => {
    await fake.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function libraryWithRealm() {
    const online = new OnlineMetadata({
      ...DEFAULT_ONLINE,
      ...fake.urls,
      fetch,
      timeoutMs: 5000
    })
    const lib = buildLibrary(join(dir, 'data'), { deps: { online } })
    await lib.service.open()
    const pdf = join(dir, 'realm.pdf')
    // The PDF's own title is poor on purpose: the registries correct it.
    writeFileSync(pdf, makePaperPdf({ title: 'REALM DRAFT', pages: 2, arxivId: REALM.arxivId }))
    const [p] = await lib.service.addPaths([pdf])
    await lib.service.whenIdle()
    return { lib, id: p!.id }
  }

  it('fills title, authors, year, abstract, DOI and venue from arXiv then Crossref, keeping each source and the user edits', async () => {
    const { lib, id } = await libraryWithRealm()
    await lib.service.organizer.edit(id, { year: 2019 })
    const r = await lib.service.metadata!.refresh([id])
    expect(r).toEqual({ updated: [id], waiting: 0, stoppedBy: null })
    const p = lib.service.get(id)
    expect(p).toMatchObject({
      title: REALM.title,
      authors: REALM.authors,
      abstract: REALM.abstract,
      doi: REALM.doi,
      venue: REALM.venue,
      year: 2019
    })
    expect(p.fieldSources).toMatchObject({
      title: 'crossref',
      abstract: 'crossref',
      venue: 'crossref',
      year: 'user'
    })
    expect(p.onlineCheckedAt).not.toBeNull()
    expect(fake.requests[0]).toBe(`/arxiv/api/query?id_list=${REALM.arxivId}&max_results=1`)
    expect(fake.requests.some((q) => q.startsWith('/crossref/works/10.5555%2Frealm.2020'))).toBe(
      true
    )
    await lib.service.close()
  })

  it('falls back to OpenAlex when Crossref is down', async () => {
    const { lib, id } = await libraryWithRealm()
    fake.script.crossrefDown = true
    await lib.service.metadata!.refresh([id])
    const p = lib.service.get(id)
    expect(p.venue).toBe(REALM.venue)
    expect(p.fieldSources.venue).toBe('openalex')
    await lib.service.close()
  })

  it('offline, says so and waits; the same papers are filled once the network is back', async () => {
    const { lib, id } = await libraryWithRealm()
    fake.script.offline = true
    const r = await lib.service.metadata!.refresh([id])
    expect(r.waiting).toBe(1)
    expect(r.stoppedBy?.code).toBe('OFFLINE')
    expect(r.stoppedBy?.message).toMatch(/no internet connection/)
    expect(lib.service.get(id).title).toBe('Realm Draft')
    fake.script.offline = false
    const again = await lib.service.metadata!.refresh()
    expect(again).toMatchObject({ updated: [id], waiting: 0 })
    expect(lib.service.get(id).title).toBe(REALM.title)
    await lib.service.close()
  })

  it('on 429 waits for Retry-After and then tries again by itself', async () => {
    const { lib, id } = await libraryWithRealm()
    fake.script.rateLimited = { times: 1, retryAfter: 1 }
    const r = await lib.service.metadata!.refresh([id])
    expect(r.stoppedBy).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 })
    await expect.poll(() => lib.service.get(id).title, { timeout: 5000 }).toBe(REALM.title)
    await lib.service.close()
  })

  it('adds by DOI through Unpaywall, and says plainly when there is no open copy', async () => {
    const { lib } = await libraryWithRealm()
    fake.script.works.push({
      doi: '10.5555/open.1',
      title: 'An Open Access Paper',
      authors: ['Ada Lovelace'],
      year: 2022,
      venue: 'Journal of Openness',
      pdf: makePaperPdf({ title: 'Open Paper PDF', pages: 2 })
    })
    const p = await lib.service.addDoi('10.5555/open.1')
    await lib.service.whenIdle()
    expect(lib.service.get(p.id)).toMatchObject({
      status: 'indexed',
      title: 'An Open Access Paper',
      authors: ['Ada Lovelace'],
      doi: '10.5555/open.1',
      venue: 'Journal of Openness'
    })
    await expect(lib.service.addDoi(REALM.doi)).rejects.toThrow(
      /no open-access PDF for 10.5555\/realm.2020.*Download the PDF from the publisher/
    )
    await lib.service.close()
  })

  it('searches arXiv by title and offers the candidates', async () => {
    const { lib } = await libraryWithRealm()
    const found = await lib.service.metadata!.searchTitle('retrieval augmented pre-training')
    expect(found.map((f) => [f.arxivId, f.values.title])).toEqual([[REALM.arxivId, REALM.title]])
    await lib.service.close()
  })
})
