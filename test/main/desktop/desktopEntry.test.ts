import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { passageLink } from '../../../src/shared/deepLink'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'

let dir = ''
let services: Services
let pushed: { event: string; payload: unknown }[]

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rp-desktop-'))
  services = await createServices({
    dataDir: join(dir, 'data'),
    secrets: new MemorySecretStore(),
    embedder: new FakeEmbedderProvider(),
    log: () => undefined
  })
  pushed = []
  services.events.subscribe((event, payload) => pushed.push({ event, payload }))
})
afterEach(async () => {
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

function writePaper(name: string, title: string, seed: number): string {
  const file = join(dir, name)
  writeFileSync(file, makePaperPdf({ title, pages: 3, seed }))
  return file
}

describe('links and files from the desktop, through services.desktop', () => {
  it('adds PDFs from a command line (relative to its folder), skipping flags and other files', async () => {
    writePaper('Sparse Attention.pdf', 'Sparse Attention for Long Documents', 3)
    writeFileSync(join(dir, 'notes.txt'), 'not a paper')
    const out = await services.desktop.handle({
      argv: [
        '/opt/ResearchPal/researchpal',
        '--no-sandbox',
        'notes.txt',
        'Sparse Attention.pdf',
        'missing.pdf'
      ],
      cwd: dir
    })
    expect(out).toHaveLength(1)
    expect(out[0]).toMatchObject({ kind: 'added', duplicate: false })
    await services.library.whenIdle()
    expect(services.library.list().map((p) => [p.title, p.status])).toEqual([
      ['Sparse Attention for Long Documents', 'indexed']
    ])
  })

  it('opens the same PDF a second time (open-file) as a duplicate, adding nothing', async () => {
    const file = writePaper('a.pdf', 'Retrieval Heads in Practice', 5)
    await services.desktop.handle({ files: [file] })
    await services.library.whenIdle()
    const copy = join(dir, 'copy of a.pdf')
    writeFileSync(copy, makePaperPdf({ title: 'Retrieval Heads in Practice', pages: 3, seed: 5 }))
    const again = await services.desktop.handle({ files: [copy] })
    expect(again).toMatchObject([{ kind: 'added', duplicate: true }])
    expect(services.library.list()).toHaveLength(1)
  })

  it('keeps a link that came before the window listened, then pushes the next ones at once', async () => {
    const file = writePaper('b.pdf', 'Dense Passage Notes', 7)
    await services.desktop.handle({ files: [file] })
    await services.library.whenIdle()
    const [paper] = services.library.list()
    const first = passageLink({ paperId: paper!.id, page: 2, quote: 'a passage on page two' })
    // A cold start: the link is on the command line, the window is not listening yet.
    const out = await services.desktop.handle({ argv: ['researchpal', first] })
    expect(out).toEqual([
      { kind: 'passage', link: { paperId: paper!.id, page: 2, quote: 'a passage on page two' } }
    ])
    expect(pushed.filter((p) => p.event === 'desktop:open')).toEqual([])
    // The window asks through the contract, as the renderer does when it mounts.
    const ready = await services.router.invoke('desktop:ready', {})
    expect(ready).toEqual({
      ok: true,
      value: { links: [{ paperId: paper!.id, page: 2, quote: 'a passage on page two' }] }
    })
    // A second launch forwards its link (second-instance), or macOS sends open-url.
    await services.desktop.handle({ urls: [passageLink({ paperId: paper!.id, page: 3 })] })
    expect(pushed.filter((p) => p.event === 'desktop:open').map((p) => p.payload)).toEqual([
      { paperId: paper!.id, page: 3, quote: null }
    ])
  })

  it('says so when a link is broken or names a paper the library does not have', async () => {
    const out = await services.desktop.handle({
      urls: ['researchpal://paper/9999.99999?page=2', 'researchpal://paper/x?page=zero']
    })
    expect(out.map((o) => o.kind)).toEqual(['refused', 'refused'])
    const notices = pushed.filter((p) => p.event === 'library:notice').map((p) => p.payload)
    expect(notices).toEqual([
      expect.objectContaining({
        level: 'warning',
        key: 'linkPaperMissing',
        message: expect.stringContaining('9999.99999, which is not in this library')
      }),
      expect.objectContaining({ key: 'linkInvalid' })
    ])
    expect(pushed.some((p) => p.event === 'desktop:open')).toBe(false)
  })
})
