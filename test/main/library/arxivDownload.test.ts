import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { downloadArxivPdf } from '../../../src/main/library/arxivDownload'

const PDF = new TextEncoder().encode('%PDF-1.4\nfake body\n%%EOF\n')
let server: Server | null = null

/** Serves scripted answers, one per request; the last one repeats. */
async function serve(
  answers: { status: number; body: Uint8Array | string }[]
): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = []
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const a = answers[Math.min(requests.length - 1, answers.length - 1)]!
    res.writeHead(a.status, { 'content-type': 'application/pdf' })
    res.end(a.body)
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)))
  server = null
})

const ref = { id: '1706.03762', version: null }

describe('downloadArxivPdf', () => {
  it('retries server errors and HTML pages, then returns the PDF', async () => {
    const s = await serve([
      { status: 503, body: 'busy' },
      { status: 200, body: '<html>PDF being generated</html>' },
      { status: 200, body: PDF }
    ])
    const bytes = await downloadArxivPdf(ref, { fetch, baseUrl: s.url, attempts: 3, backoffMs: 5 })
    expect(Buffer.from(bytes).toString()).toBe(Buffer.from(PDF).toString())
    expect(s.requests).toEqual(['/pdf/1706.03762', '/pdf/1706.03762', '/pdf/1706.03762'])
  })

  it('fails with DOWNLOAD_FAILED saying how many tries were made', async () => {
    const s = await serve([{ status: 500, body: 'down' }])
    await expect(
      downloadArxivPdf(
        { id: '1706.03762', version: 'v7' },
        { fetch, baseUrl: s.url, attempts: 3, backoffMs: 1 }
      )
    ).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringMatching(/after 3 tries \(HTTP 500\)/)
    })
    expect(s.requests).toEqual(['/pdf/1706.03762v7', '/pdf/1706.03762v7', '/pdf/1706.03762v7'])
  })

  it('does not retry a paper arXiv does not have', async () => {
    const s = await serve([{ status: 404, body: 'no' }])
    await expect(
      downloadArxivPdf(ref, { fetch, baseUrl: s.url, attempts: 3, backoffMs: 1 })
    ).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringContaining('404')
    })
    expect(s.requests).toHaveLength(1)
  })

  it('reports an unreachable server as a network error after the tries', async () => {
    const s = await serve([{ status: 200, body: PDF }])
    const url = s.url
    await new Promise((r) => server!.close(r))
    server = null
    await expect(
      downloadArxivPdf(ref, { fetch, baseUrl: url, attempts: 2, backoffMs: 1 })
    ).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringMatching(/after 2 tries \(no internet connection/)
    })
  })

  it('stops waiting between tries when cancelled', async () => {
    const s = await serve([{ status: 503, body: 'busy' }])
    const controller = new AbortController()
    let answered!: () => void
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve))
    const started = Date.now()
    const p = downloadArxivPdf(ref, {
      fetch: async (...args: Parameters<typeof fetch>) => {
        const response = await fetch(...args)
        answered()
        return response
      },
      baseUrl: s.url,
      attempts: 5,
      backoffMs: 10_000,
      signal: controller.signal
    })
    // Cancelled once the first try has failed, so the download is (about to be) waiting.
    await firstAnswer
    controller.abort()
    await expect(p).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(s.requests).toHaveLength(1)
  })
})
