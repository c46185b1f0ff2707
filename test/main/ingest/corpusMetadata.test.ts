import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { CORPUS_TRUTH } from '../../fixtures/corpusTruth'
import { SHARED_CORPUS, sharedCorpusPresent } from '../../fixtures/sharedCorpus'

// Case matters only where the PDF set the title in capitals: "Self-Supervised" and
// "Self-supervised" are the same title, "LORA" is not "LoRA".
const same = (a: string, b: string): boolean =>
  a.toLowerCase().replace(/\s+/g, ' ') === b.toLowerCase().replace(/\s+/g, ' ')
const shouting = (t: string): boolean => /\p{Lu}{2,}\s+\p{Lu}{2,}\s+\p{Lu}{2,}/u.test(t)

describe.runIf(sharedCorpusPresent('offline metadata on the 18 corpus papers'))(
  'offline metadata on the 18 corpus papers',
  () => {
    it('reads the right title, first author and year from every PDF', async () => {
      const reader = new PdfjsReader()
      const rows: string[] = []
      let titles = 0
      let firsts = 0
      let years = 0
      const wrong: string[] = []
      for (const [file, title, first, year] of CORPUS_TRUTH) {
        const bytes = new Uint8Array(readFileSync(join(SHARED_CORPUS, file)))
        const { metadata: m } = await extractPaper(reader, bytes)
        const okTitle = !!m.title && same(m.title, title) && !shouting(m.title)
        const okFirst = (m.authors[0] ?? '').split(' ').pop() === first
        const okYear = m.year === year
        titles += okTitle ? 1 : 0
        firsts += okFirst ? 1 : 0
        years += okYear ? 1 : 0
        if (!okTitle || !okFirst || !okYear)
          wrong.push(`${file}: ${m.title} | ${m.authors[0] ?? '-'} | ${m.year}`)
        rows.push(`${file}  ${m.title} | ${m.authors.join(', ')} | ${m.year} | ${m.venue ?? ''}`)
      }
      console.log(
        `corpus metadata: title ${titles}/18, first author ${firsts}/18, year ${years}/18\n${rows.join('\n')}`
      )
      expect(wrong).toEqual([])
      expect([titles, firsts, years]).toEqual([18, 18, 18])
    }, 180_000)

    it('splits names printed on one line without commas (ALBERT, BERT, LoRA)', async () => {
      const reader = new PdfjsReader()
      const authorsOf = async (file: string): Promise<string[]> =>
        (await extractPaper(reader, new Uint8Array(readFileSync(join(SHARED_CORPUS, file)))))
          .metadata.authors
      expect(await authorsOf('extra/1909.11942.pdf')).toEqual([
        'Zhenzhong Lan',
        'Mingda Chen',
        'Sebastian Goodman',
        'Kevin Gimpel',
        'Piyush Sharma',
        'Radu Soricut'
      ])
      expect(await authorsOf('1810.04805.pdf')).toEqual([
        'Jacob Devlin',
        'Ming-Wei Chang',
        'Kenton Lee',
        'Kristina Toutanova'
      ])
      expect((await authorsOf('extra/2106.09685.pdf')).slice(0, 4)).toEqual([
        'Edward Hu',
        'Yelong Shen',
        'Phillip Wallis',
        'Zeyuan Allen-Zhu'
      ])
    }, 120_000)
  }
)
