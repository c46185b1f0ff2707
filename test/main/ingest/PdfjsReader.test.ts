import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../src/main/errors'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { makePdf } from '../../fixtures/makePdf'
import { hasShared } from '../../fixtures/sharedFolder'

const reader = new PdfjsReader()
const HOSTILE = join(__dirname, '../../../../shared/corpus/hostile')

async function failure(bytes: Uint8Array, label = 'paper.pdf'): Promise<UserFacingError> {
  try {
    await extractPaper(reader, bytes, { label })
  } catch (e) {
    if (e instanceof UserFacingError) return e
    throw e
  }
  throw new Error('expected a failure')
}

describe('PdfjsReader', () => {
  it('reads text items per page with font size and position, and the info dictionary', async () => {
    const bytes = makePdf({
      pages: [
        [{ text: 'Big Title', size: 18, x: 100, y: 700 }],
        [{ text: 'second page', size: 10, x: 72, y: 500 }]
      ],
      info: { Title: 'Info Title', Author: 'A. Person' }
    })
    const pages: number[] = []
    const doc = await reader.read(bytes, { onPage: (done) => pages.push(done) })
    expect(doc.numPages).toBe(2)
    expect(pages).toEqual([1, 2])
    expect(doc.info).toMatchObject({ title: 'Info Title', author: 'A. Person' })
    const item = doc.pages[0]!.items.find((i) => i.str === 'Big Title')!
    expect(item.fontSize).toBeCloseTo(18)
    expect(item.x).toBeCloseTo(100)
    expect(item.y).toBeCloseTo(700)
    expect(bytes[0]).toBe(0x25) // the caller's buffer is not detached
  })

  it('refuses a text file renamed .pdf, an empty file, a truncated PDF, an encrypted PDF and a scan, each with its own reason', async () => {
    const text = await failure(new TextEncoder().encode('just some notes, not a pdf'), 'notes.pdf')
    expect(text.code).toBe('NOT_A_PDF')
    expect(text.message).toContain('notes.pdf')

    expect((await failure(new Uint8Array(0), 'empty.pdf')).message).toMatch(/empty/)
    expect((await failure(new Uint8Array(0))).code).toBe('NOT_A_PDF')

    const whole = makePaperPdf({ title: 'Cut Short', pages: 3 })
    const truncated = await failure(whole.slice(0, Math.floor(whole.length / 3)), 'cut.pdf')
    expect(['PDF_UNREADABLE', 'NO_TEXT']).toContain(truncated.code)

    const encrypted = await failure(
      makePdf({ pages: [[{ text: 'secret' }]], userPassword: 'pw' }),
      'locked.pdf'
    )
    expect(encrypted.code).toBe('PDF_ENCRYPTED')
    expect(encrypted.message).toMatch(/password/)

    const scan = await failure(makePdf({ pages: [[], []], imageOnly: true }), 'scan.pdf')
    expect(scan.code).toBe('NO_TEXT')
    expect(scan.message).toMatch(/probably a scan/)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      reader.read(makePaperPdf({ title: 'x', pages: 2 }), { signal: controller.signal })
    ).rejects.toMatchObject({
      code: 'CANCELLED'
    })
  })
})

describe.skipIf(!hasShared(HOSTILE, 'the hostile corpus test'))(
  'hostile corpus (PDF.js test files, README table)',
  () => {
    const expected: Record<string, string> = {
      'issue3371.pdf': 'PDF_ENCRYPTED',
      'issue6010_1.pdf': 'PDF_ENCRYPTED',
      'bug1782186.pdf': 'PDF_ENCRYPTED',
      'empty.pdf': 'NO_TEXT',
      'empty_protected.pdf': 'NO_TEXT',
      'images_1bit_grayscale.pdf': 'NO_TEXT',
      'scan-bad.pdf': 'NO_TEXT'
    }
    it.each(Object.entries(expected))('%s -> %s', async (file, code) => {
      const e = await failure(new Uint8Array(readFileSync(join(HOSTILE, file))), file)
      expect(e.code).toBe(code)
      expect(e.message).toContain(file)
    })

    it.each([
      'helloworld-bad.pdf',
      'xref_command_missing.pdf',
      'pdfjsbad1586.pdf',
      'bad-PageLabels.pdf'
    ])('%s (damaged) is repaired or refused with a clear error, never a crash', async (file) => {
      const bytes = new Uint8Array(readFileSync(join(HOSTILE, file)))
      const outcome = await extractPaper(reader, bytes, { label: file }).then(
        (p) => p.pages.length,
        (e: unknown) => (e instanceof UserFacingError ? e.code : e)
      )
      expect([1, 'NO_TEXT', 'PDF_UNREADABLE']).toContain(outcome)
    })

    it('indexes the small 3-page document and the 14-page research paper', async () => {
      const small = await extractPaper(
        reader,
        new Uint8Array(readFileSync(join(HOSTILE, 'doc_1_3_pages.pdf')))
      )
      expect(small.pages).toHaveLength(3)
      const paper = await extractPaper(
        reader,
        new Uint8Array(readFileSync(join(HOSTILE, 'tracemonkey.pdf')))
      )
      expect(paper.pages).toHaveLength(14)
      expect(paper.metadata.title).toBe(
        'Trace-based Just-in-Time Type Specialization for Dynamic Languages'
      )
      expect(paper.metadata.year).toBe(2009)
      expect(paper.sections.map((s) => s.name)).toEqual(
        expect.arrayContaining(['abstract', 'introduction', 'related work', 'references'])
      )
    })
  }
)
