import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A paper the fake registries know. */
export interface FakeWork {
  arxivId?: string
  doi?: string
  title: string
  authors: string[]
  year: number
  abstract?: string
  /** arXiv's `arxiv:journal_ref`. */
  journalRef?: string
  /** Crossref's container-title / OpenAlex's source. */
  venue?: string
  /** Served by Unpaywall as the open-access PDF. */
  pdf?: Uint8Array
}

/** How the fake behaves right now; tests change it between calls. */
export interface FakeScholarlyScript {
  works: FakeWork[]
  /** Every connection is dropped, as with no network. */
  offline?: boolean
  /** The next N requests get 429 with this Retry-After (seconds). */
  rateLimited?: { times: number; retryAfter: number }
  /** Crossref answers 503 (OpenAlex is the fallback). */
  crossrefDown?: boolean
}

/** The running fake: base URLs for each service and the requests it saw. */
export interface FakeScholarly {
  script: FakeScholarlyScript
  requests: string[]
  urls: { arxivApiUrl: string; crossrefUrl: string; openAlexUrl: string; unpaywallUrl: string }
  close(): Promise<void>
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** An arXiv API Atom feed, as export.arxiv.org/api/query answers (namespaces included). */
function atom(works: FakeWork[]): string {
  const entries = works.map(
    (w) => `  <entry>
    <id>http://arxiv.org/abs/${w.arxivId}v2</id>
    <updated>${w.year}-06-01T00:00:00Z</updated>
    <published>${w.year}-05-01T17:59:59Z</published>
    <title>${esc(w.title)}</title>
    <summary>  ${esc(w.abstract ?? 'An abstract.')}
    </summary>
${w.authors.map((a) => `    <author>\n      <name>${esc(a)}</name>\n    </author>`).join('\n')}
${w.doi ? `    <arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">${w.doi}</arxiv:doi>\n` : ''}${w.journalRef ? `    <arxiv:journal_ref xmlns:arxiv="http://arxiv.org/schemas/atom">${esc(w.journalRef)}</arxiv:journal_ref>\n` : ''}    <link href="http://arxiv.org/abs/${w.arxivId}v2" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${w.arxivId}v2" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>`
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query</title>
  <id>http://arxiv.org/api/fake</id>
  <updated>2026-12-01T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${works.length}</opensearch:totalResults>
${entries.join('\n')}
</feed>
`
}

/** arXiv's answer to an unknown id: one entry titled "Error". */
const ATOM_ERROR = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format</id>
    <title>Error</title>
    <summary>incorrect id format</summary>
  </entry>
</feed>
`

/**
 * One local HTTP server (127.0.0.1) playing the arXiv API (Atom XML), Crossref, OpenAlex and
 * Unpaywall (JSON), each under its own path, in their documented response shapes.
 */
export async function startFakeScholarly(script: FakeScholarlyScript): Promise<FakeScholarly> {
  const requests: string[] = []
  const fake = { script } as { script: FakeScholarlyScript }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    requests.push(url.pathname + url.search)
    const s = fake.script
    if (s.offline) {
      req.socket.destroy()
      return
    }
    if (s.rateLimited && s.rateLimited.times > 0) {
      s.rateLimited.times--
      res.writeHead(429, { 'retry-after': String(s.rateLimited.retryAfter) })
      res.end('Too Many Requests')
      return
    }
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const byDoi = (doi: string): FakeWork | undefined =>
      s.works.find((w) => w.doi?.toLowerCase() === decodeURIComponent(doi).toLowerCase())
    const p = url.pathname
    if (p === '/arxiv/api/query') {
      res.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' })
      const ids = url.searchParams.get('id_list')
      if (ids) {
        const found = s.works.filter((w) => w.arxivId && ids.split(',').includes(w.arxivId))
        res.end(found.length ? atom(found) : ATOM_ERROR)
        return
      }
      const words = [...(url.searchParams.get('search_query') ?? '').matchAll(/ti:(\S+)/g)].map(
        (m) => m[1]!.toLowerCase()
      )
      res.end(
        atom(
          s.works.filter((w) => w.arxivId && words.every((x) => w.title.toLowerCase().includes(x)))
        )
      )
      return
    }
    let m = /^\/crossref\/works\/(.+)$/.exec(p)
    if (m) {
      if (s.crossrefDown) return json(503, { status: 'error' })
      const w = byDoi(m[1]!)
      if (!w) return json(404, { status: 'error', message: 'Resource not found.' })
      return json(200, {
        status: 'ok',
        'message-type': 'work',
        message: {
          DOI: w.doi!.toUpperCase(),
          title: [w.title],
          author: w.authors.map((a) => {
            const parts = a.split(' ')
            return { given: parts.slice(0, -1).join(' '), family: parts.at(-1), sequence: 'first' }
          }),
          issued: { 'date-parts': [[w.year, 6]] },
          'container-title': w.venue ? [w.venue] : [],
          abstract: w.abstract ? `<jats:p>${w.abstract}</jats:p>` : undefined
        }
      })
    }
    m = /^\/openalex\/works\/doi:(.+)$/.exec(p)
    if (m) {
      const w = byDoi(m[1]!)
      if (!w) return json(404, { error: 'Not found' })
      return json(200, {
        id: 'https://openalex.org/W1',
        doi: `https://doi.org/${w.doi}`,
        title: w.title,
        display_name: w.title,
        publication_year: w.year,
        authorships: w.authors.map((a) => ({ author: { display_name: a } })),
        primary_location: { source: w.venue ? { display_name: w.venue } : null }
      })
    }
    m = /^\/unpaywall\/v2\/(.+)$/.exec(p)
    if (m) {
      const w = byDoi(m[1]!)
      if (!w) return json(404, { error: true, message: 'not in Unpaywall' })
      const address = server.address() as AddressInfo
      const pdfUrl = w.pdf
        ? `http://127.0.0.1:${address.port}/oa/${encodeURIComponent(w.doi!)}.pdf`
        : null
      return json(200, {
        doi: w.doi,
        is_oa: !!pdfUrl,
        best_oa_location: pdfUrl ? { url_for_pdf: pdfUrl, host_type: 'repository' } : null,
        oa_locations: pdfUrl ? [{ url_for_pdf: pdfUrl }] : []
      })
    }
    m = /^\/oa\/(.+)\.pdf$/.exec(p)
    if (m) {
      const w = byDoi(m[1]!)
      if (!w?.pdf) return json(404, {})
      res.writeHead(200, { 'content-type': 'application/pdf' })
      res.end(Buffer.from(w.pdf))
      return
    }
    json(404, { error: 'no such route' })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    get script() {
      return fake.script
    },
    set script(v) {
      fake.script = v
    },
    requests,
    urls: {
      arxivApiUrl: `${base}/arxiv`,
      crossrefUrl: `${base}/crossref`,
      openAlexUrl: `${base}/openalex`,
      unpaywallUrl: `${base}/unpaywall`
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}
