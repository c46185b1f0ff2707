import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Chunk, PaperText } from '../../../src/main/domain'
import { DamagedFileError, PaperFiles } from '../../../src/main/library/PaperFiles'
import { dataPaths } from '../../../src/main/paths'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { buildPostings, decodePostings, encodePostings } from '../../../src/main/search/keywordFile'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
import { SettingsService } from '../../../src/main/settings/settingsService'
import { withOlderFraming } from '../search/olderFormats'

const dir = (): string => mkdtempSync(join(tmpdir(), 'rp-ocr-formats-'))

/** A library folder with its `pages/` directory. */
function pagesFolder(): { files: PaperFiles; pages: string } {
  const paths = dataPaths(dir())
  mkdirSync(paths.pages, { recursive: true })
  return { files: new PaperFiles(paths), pages: paths.pages }
}

/** A scanned page (OCR words) and a text page with a figure caption. */
const scanned: PaperText = {
  paperId: 'scan',
  pages: [
    {
      page: 1,
      text: 'Scaled Dot-Product Attention',
      ocr: {
        languages: ['eng'],
        confidence: 88,
        words: [
          { text: 'Scaled', confidence: 91, box: { x: 0.1, y: 0.2, width: 0.08, height: 0.02 } },
          {
            text: 'Dot-Product',
            confidence: 85,
            box: { x: 0.19, y: 0.2, width: 0.12, height: 0.02 }
          }
        ]
      }
    },
    {
      page: 2,
      text: 'Body text.\nFigure 1: The Transformer.',
      figures: [
        {
          kind: 'figure',
          label: 'Figure 1',
          start: 11,
          end: 37,
          region: { x: 0.2, y: 0.1, width: 0.6, height: 0.5 }
        }
      ]
    }
  ]
}

describe('pages file (format 2: OCR words and figure regions)', () => {
  it('keeps OCR words and figures through a write and a read', async () => {
    const { files, pages } = pagesFolder()
    await files.writePages(scanned)
    expect(JSON.parse(readFileSync(join(pages, 'scan.json'), 'utf8')).version).toBe(2)
    expect(await files.readPages('scan')).toEqual(scanned)
  })

  it('reads a version-1 file (written before OCR) and an unversioned one as text', async () => {
    const { files, pages } = pagesFolder()
    const v1 = { version: 1, paperId: 'a', pages: [{ page: 1, text: 'Attention.' }] }
    writeFileSync(join(pages, 'a.json'), JSON.stringify(v1))
    writeFileSync(
      join(pages, 'b.json'),
      JSON.stringify({ paperId: 'b', pages: [{ page: 3, text: 'Older.' }] })
    )
    expect(await files.readPages('a')).toEqual({
      paperId: 'a',
      pages: [{ page: 1, text: 'Attention.' }]
    })
    expect(await files.readPages('b')).toEqual({
      paperId: 'b',
      pages: [{ page: 3, text: 'Older.' }]
    })
  })

  it('reports a damaged OCR box or figure by field, and leaves the file where it is', async () => {
    const { files, pages } = pagesFolder()
    await files.writePages(scanned)
    const file = join(pages, 'scan.json')
    const doc = JSON.parse(readFileSync(file, 'utf8'))
    doc.pages[0].ocr.words[1].box.x = 3
    writeFileSync(file, JSON.stringify(doc))
    const err = await files.readPages('scan').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DamagedFileError)
    expect((err as Error).message).toMatch(/pages\.0\.ocr\.words\.1\.box\.x/)
    expect(existsSync(file)).toBe(true)

    doc.pages[0].ocr.words[1].box.x = 0.19
    doc.pages[1].figures[0].kind = 'chart'
    writeFileSync(file, JSON.stringify(doc))
    await expect(files.readPages('scan')).rejects.toThrow(/pages\.1\.figures\.0\.kind/)
  })

  it('says a file from a newer ResearchPal is newer, not damaged text', async () => {
    const { files, pages } = pagesFolder()
    writeFileSync(join(pages, 'n.json'), JSON.stringify({ version: 3, paperId: 'n', pages: [] }))
    await expect(files.readPages('n')).rejects.toThrow(/newer ResearchPal \(format 3\)/)
  })
})

const chunks: Chunk[] = [
  {
    id: 'p-page-1-chunk-0',
    paperId: 'p',
    page: 1,
    index: 0,
    section: 'body',
    text: 'attention over the scanned page',
    tokens: 5,
    kind: 'ocr'
  },
  {
    id: 'p-page-1-figure-1',
    paperId: 'p',
    page: 1,
    index: 1,
    section: 'body',
    text: 'Figure 1: A plot of attention.',
    tokens: 8,
    kind: 'figure',
    region: { x: 0.1, y: 0.2, width: 0.5, height: 0.3 }
  }
]

/** A keyword file written by format 1 (before kinds and regions): magic `RPK1`, no `extras`. */
async function formatOneFile(paperId = 'p'): Promise<Buffer> {
  const textOnly = chunks.map(({ kind: _k, region: _r, ...c }) => ({
    ...c,
    paperId,
    id: c.id.replace(/^p-/, `${paperId}-`)
  }))
  const file = withOlderFraming(encodePostings(await buildPostings(paperId, textOnly)), 'RPK1')
  expect(file.toString('latin1')).not.toContain('extras')
  return file
}

/** A format-2 keyword file whose header JSON was edited by `edit` (same length kept by padding). */
function withHeader(current: Buffer, edit: (h: Record<string, unknown>) => void): Buffer {
  const file = withOlderFraming(current, 'RPK2')
  const len = file.readUInt32LE(4)
  const header = JSON.parse(file.toString('utf8', 8, 8 + len)) as Record<string, unknown>
  edit(header)
  const json = JSON.stringify(header)
  expect(json.length).toBeLessThanOrEqual(len)
  const out = Buffer.from(file)
  out.write(json.padEnd(len, ' '), 8, 'utf8')
  return out
}

describe('keyword file (format 2: chunk kinds and regions in the header)', () => {
  it('writes the current format (4: format 3 with the analysis recorded) and keeps each chunk kind and figure region', async () => {
    const file = encodePostings(await buildPostings('p', chunks))
    expect(file.toString('latin1', 0, 4)).toBe('RPK4')
    const back = decodePostings(file)
    expect(back.extras.get(0)).toEqual({ kind: 'ocr' })
    expect(back.extras.get(1)).toEqual({ kind: 'figure', region: chunks[1]!.region })
  })

  it('reads a format-1 file (before OCR and figures) as text chunks', async () => {
    const back = decodePostings(await formatOneFile())
    expect(back.ids).toEqual(chunks.map((c) => c.id))
    expect(back.extras.size).toBe(0)
  })

  it('refuses a damaged header naming the field, and a newer format by its number', async () => {
    const file = encodePostings(await buildPostings('p', chunks))
    const badKind = withHeader(file, (h) => {
      ;(h.extras as [number, { kind: string }][])[1]![1].kind = 'plot'
    })
    expect(() => decodePostings(badKind)).toThrow(/header extras\.1\.1\.kind/)
    const badRow = withHeader(file, (h) => {
      ;(h.extras as [number, unknown][])[1]![0] = 9
    })
    expect(() => decodePostings(badRow)).toThrow(/row 9 of 2/)
    const shortColumn = withHeader(file, (h) => {
      h.pages = [1]
    })
    expect(() => decodePostings(shortColumn)).toThrow(/header pages: 1 rows, not 2/)
    const newer = Buffer.from(file)
    newer.write('RPK5', 0, 'latin1')
    expect(() => decodePostings(newer)).toThrow(/newer ResearchPal \(keyword format 5\)/)
  })

  it('an index opening a damaged file names the paper for repair and keeps the file', async () => {
    const root = dir()
    const papers = join(root, 'keywords', 'papers')
    mkdirSync(papers, { recursive: true })
    writeFileSync(join(papers, 'old.kw'), await formatOneFile('old'))
    const bad = withHeader(encodePostings(await buildPostings('p', chunks)), (h) => {
      ;(h.extras as [number, { kind: string }][])[1]![1].kind = 'plot'
    })
    writeFileSync(join(papers, 'p.kw'), bad)
    const index = new Bm25KeywordIndex({ dir: root })
    await index.open()
    expect(index.hasPaper('old')).toBe(true)
    expect(index.hasPaper('p')).toBe(false)
    expect(index.damagedPapers().get('p')).toMatch(/p\.kw: header extras\.1\.1\.kind/)
    expect(existsSync(join(papers, 'p.kw'))).toBe(true)
  })
})

describe('settings: ocrLanguages in settings.json (format 1)', () => {
  it('an older settings file without ocrLanguages reads English', async () => {
    const d = dir()
    const v0 = join(d, 'v0.json')
    writeFileSync(v0, JSON.stringify({ model: 'gemini-2.5-flash', toolRounds: 2 }))
    const v1 = join(d, 'v1.json')
    writeFileSync(v1, JSON.stringify({ version: 1, values: { toolRounds: 3 } }))
    for (const [file, rounds] of [
      [v0, 2],
      [v1, 3]
    ] as const) {
      const s = new SettingsService({ file, secrets: new EnvSecretStore({}) })
      await s.load()
      expect(s.get().ocrLanguages).toEqual(['eng'])
      expect(s.get().toolRounds).toBe(rounds)
    }
  })

  it('a language with no data here falls back alone, said in the log, and stays in the file', async () => {
    const file = join(dir(), 'settings.json')
    writeFileSync(
      file,
      JSON.stringify({ version: 1, values: { ocrLanguages: ['eng', 'deu'], toolRounds: 2 } })
    )
    const log: string[] = []
    const s = new SettingsService({
      file,
      secrets: new EnvSecretStore({}),
      log: (m) => log.push(m)
    })
    await s.load()
    expect(s.get().ocrLanguages).toEqual(['eng'])
    expect(s.get().toolRounds).toBe(2)
    expect(log.join('\n')).toMatch(/invalid ocrLanguages/)
    await s.update({ answerLanguage: 'en' })
    expect(JSON.parse(readFileSync(file, 'utf8')).values.ocrLanguages).toEqual(['eng', 'deu'])
  })
})
