import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { SHARED_CORPUS, sharedCorpusPresent } from '../../fixtures/sharedCorpus'

/**
 * The 18 corpus papers: title as published, first author's surname, and the year — the printed
 * venue's when page 1 names one (ALBERT and Reformer: ICLR 2020), else the arXiv submission's.
 */
export const CORPUS_TRUTH: readonly [file: string, title: string, first: string, year: number][] = [
  ['1706.03762.pdf', 'Attention Is All You Need', 'Vaswani', 2017],
  [
    '1810.04805.pdf',
    'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
    'Devlin',
    2018
  ],
  [
    '2005.11401.pdf',
    'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks',
    'Lewis',
    2020
  ],
  [
    'extra/1301.3781.pdf',
    'Efficient Estimation of Word Representations in Vector Space',
    'Mikolov',
    2013
  ],
  [
    'extra/1606.05250.pdf',
    'SQuAD: 100,000+ Questions for Machine Comprehension of Text',
    'Rajpurkar',
    2016
  ],
  ['extra/1704.00051.pdf', 'Reading Wikipedia to Answer Open-Domain Questions', 'Chen', 2017],
  ['extra/1802.05365.pdf', 'Deep contextualized word representations', 'Peters', 2018],
  ['extra/1907.11692.pdf', 'RoBERTa: A Robustly Optimized BERT Pretraining Approach', 'Liu', 2019],
  [
    'extra/1908.10084.pdf',
    'Sentence-BERT: Sentence Embeddings using Siamese BERT-Networks',
    'Reimers',
    2019
  ],
  [
    'extra/1909.11942.pdf',
    'ALBERT: A Lite BERT for Self-supervised Learning of Language Representations',
    'Lan',
    2020
  ],
  [
    'extra/1910.10683.pdf',
    'Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer',
    'Raffel',
    2019
  ],
  ['extra/2001.04451.pdf', 'Reformer: The Efficient Transformer', 'Kitaev', 2020],
  ['extra/2002.08909.pdf', 'REALM: Retrieval-Augmented Language Model Pre-Training', 'Guu', 2020],
  [
    'extra/2004.04906.pdf',
    'Dense Passage Retrieval for Open-Domain Question Answering',
    'Karpukhin',
    2020
  ],
  [
    'extra/2007.01282.pdf',
    'Leveraging Passage Retrieval with Generative Models for Open Domain Question Answering',
    'Izacard',
    2020
  ],
  [
    'extra/2104.08663.pdf',
    'BEIR: A Heterogeneous Benchmark for Zero-shot Evaluation of Information Retrieval Models',
    'Thakur',
    2021
  ],
  ['extra/2106.09685.pdf', 'LoRA: Low-Rank Adaptation of Large Language Models', 'Hu', 2021],
  [
    'extra/radford2019-gpt2-language-models-are-unsupervised-multitask-learners.pdf',
    'Language Models are Unsupervised Multitask Learners',
    'Radford',
    2019
  ]
]

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
