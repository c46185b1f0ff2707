import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { buildPostings, decodePostings, encodePostings } from '../../../src/main/search/keywordFile'
import { repairAccents } from '../../../src/main/search/foldText'
import { ANALYSIS_VERSION, queryTerms, tokenize } from '../../../src/main/search/tokenizer'
import { asKeywordFormat3 } from './olderFormats'

const texts = [
  // A Portuguese dissertation's passage.
  'Os modelos foram treinados com um corpus de notícias falsas coletadas em portais brasileiros, ' +
    'e as coalizões partidárias foram identificadas por votações nominais na Câmara.',
  // English passages full of what Portuguese stop words look like outside Portuguese.
  'Results on WMT en-de and en-fr: see https://example.com and code at github.com for details.',
  'The encoder is a stack of six identical layers, each with two sub-layers.'
]

function chunksOf(paperId: string): Chunk[] {
  return texts.map((text, i) => ({
    id: `${paperId}-page-${i + 1}-chunk-0`,
    paperId,
    page: i + 1,
    index: 0,
    section: 'body',
    text,
    tokens: 40
  }))
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pt-analysis-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('Portuguese keyword analysis', () => {
  it('drops Portuguese stop words and stems singular and plural to one term', () => {
    expect(tokenize('a taxa de erro com o modelo que foi usado', 'pt')).not.toEqual(
      expect.arrayContaining(['de', 'com', 'que', 'o'])
    )
    expect(tokenize('coalizão', 'pt')).toEqual(tokenize('coalizões', 'pt'))
    expect(tokenize('notícia falsa', 'pt')).toEqual(tokenize('notícias falsas', 'pt'))
    // Digits are search terms in any language.
    expect(tokenize('tabela 2', 'pt')).toContain('2')
  })

  it('a Portuguese question is also analysed for English papers; an English one as today', () => {
    const pt = queryTerms('Quantas camadas idênticas tem o codificador do Transformer?')
    expect(pt).toEqual(expect.arrayContaining(['transform', 'camada']))
    expect(pt).not.toContain('tem')
    expect(queryTerms('How many layers does the encoder have?')).toEqual(
      tokenize('How many layers does the encoder have?', 'en')
    )
  })

  it('a Portuguese question finds the Portuguese passage, not ".com" links or "en-de"', async () => {
    const k = new Bm25KeywordIndex({ dir, log: () => undefined })
    await k.open()
    await k.putPaper('p1', chunksOf('p1'))
    const hits = k.query('Quais notícias com dados de portais foram usadas?', 5)
    expect(hits[0]?.chunkId).toBe('p1-page-1-chunk-0')
    expect(hits.map((h) => h.chunkId)).not.toContain('p1-page-2-chunk-0')
    expect(k.query('coalizão partidária', 5)[0]?.chunkId).toBe('p1-page-1-chunk-0')
    await k.close()
  })

  it('migrates format-3 files: searchable at once, re-analysed in the background', async () => {
    // What the previous build wrote: every chunk analysed as English, format 3.
    const old = await buildPostings('p1', chunksOf('p1'), () => 'en')
    const file = join(dir, 'keywords', 'papers', 'p1.kw')
    const first = new Bm25KeywordIndex({ dir, log: () => undefined })
    await first.open()
    await first.close()
    await writeFile(file, asKeywordFormat3(encodePostings(old)))

    const logs: string[] = []
    const k = new Bm25KeywordIndex({ dir, log: (m) => logs.push(m) })
    await k.open()
    // Before the re-analysis has run: found with the old postings.
    expect(k.query('notícias falsas', 3)[0]?.chunkId).toBe('p1-page-1-chunk-0')
    await k.idle()
    const migrated = decodePostings(await readFile(file))
    expect(migrated.analysis).toBe(ANALYSIS_VERSION)
    expect([...migrated.ptRows]).toEqual([0])
    expect([...migrated.terms]).toEqual([...(await buildPostings('p1', chunksOf('p1'))).terms])
    expect(k.query('coalizão partidária', 3)[0]?.chunkId).toBe('p1-page-1-chunk-0')
    expect(k.storedChunks('p1').map((c) => c.text)).toEqual(texts)
    expect(logs.join('\n')).toMatch(/Keyword analysis updated for 1 papers/)
    await k.close()

    // Opened again: nothing left to re-analyse.
    const again = new Bm25KeywordIndex({ dir, log: (m) => logs.push(m) })
    logs.length = 0
    await again.open()
    await again.idle()
    expect(logs).toEqual([])
    await again.close()
  })
})

describe('accent folding', () => {
  it('repairs the spacing accents of LaTeX PDFs and folds accents out of index terms', () => {
    expect(repairAccents('codifica¸c˜ao distribu´ıdo')).toBe('codificação distribuído')
    expect(tokenize('A codifica¸c˜ao em um sistema distribu´ıdo', 'pt')).toEqual(
      tokenize('a codificação em um sistema distribuído', 'pt')
    )
    // A word typed without accents meets the text when its stem has none to lose.
    expect(queryTerms('Qual é o numero de votacoes?')).toEqual(
      expect.arrayContaining(queryTerms('Qual é o número de votações?'))
    )
  })
})
