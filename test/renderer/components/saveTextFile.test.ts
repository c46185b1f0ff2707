// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveBlob, saveTextFile } from '../../../src/renderer/src/components/saveTextFile'

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/** Saves one file and returns what the browser was asked to download. */
async function saved(
  mimeType: string,
  text: string,
  save = () => saveTextFile({ fileName: 'Attention — notes.md', mimeType, text })
) {
  vi.useFakeTimers()
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  const clicks: { href: string; download: string; inPage: boolean }[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement
  ) {
    clicks.push({ href: this.href, download: this.download, inPage: this.isConnected })
  })
  save()
  const [click] = clicks
  const blob = blobs.get(click!.href)!
  const revokedAtOnce = revoked.mock.calls.length
  vi.runAllTimers()
  return {
    clicks,
    type: blob.type,
    content: await blob.text(),
    revokedAtOnce,
    revokedLater: revoked.mock.calls.map((c) => c[0]),
    left: document.querySelectorAll('a').length
  }
}

describe('saveTextFile', () => {
  it('downloads the text under its name as UTF-8, then lets the URL go', async () => {
    const s = await saved('text/markdown', 'Atenção: “citações” [1]')
    expect(s.clicks).toEqual([
      { href: 'blob:test/0', download: 'Attention — notes.md', inPage: true }
    ])
    expect(s.type).toBe('text/markdown;charset=utf-8')
    expect(s.content).toBe('Atenção: “citações” [1]')
    // Not revoked before the download has read it; revoked afterwards; no link left behind.
    expect(s.revokedAtOnce).toBe(0)
    expect(s.revokedLater).toEqual(['blob:test/0'])
    expect(s.left).toBe(0)
  })

  it('keeps a charset the type already names', async () => {
    expect((await saved('text/csv; charset=utf-8', 'a,b')).type).toBe('text/csv; charset=utf-8')
  })

  it('saves a drawn image as it is, under its name, through the same download', async () => {
    const png = new Blob(['\u0089PNG'], { type: 'image/png' })
    const s = await saved('', '', () => saveBlob(png, 'citation-map.png'))
    expect(s.clicks).toEqual([{ href: 'blob:test/0', download: 'citation-map.png', inPage: true }])
    expect(s.type).toBe('image/png')
    expect(s.revokedLater).toEqual(['blob:test/0'])
    expect(s.left).toBe(0)
  })
})
