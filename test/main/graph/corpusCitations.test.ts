import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildGraph } from '../../../src/main/graph/buildGraph'
import { readFacts, type PaperFacts } from '../../../src/main/graph/paperFacts'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { scoreEdges } from '../../../bench/citationGraphEval'
import { CORPUS_FILES, SHARED_CORPUS, sharedCorpusPresent } from '../../fixtures/sharedCorpus'
import truth from '../../fixtures/citationEdges.json'
import type { Paper } from '../../../src/shared/types'
import { indexedPaper } from './graphPapers'

describe.runIf(sharedCorpusPresent('citation matching on the 18 corpus papers'))(
  'citation matching on the 18 corpus papers',
  () => {
    it('finds the hand-checked citations (precision ≥ 0.95) and clusters the papers', async () => {
      const reader = new PdfjsReader()
      const papers: Paper[] = []
      const facts = new Map<string, PaperFacts>()
      const fileOf = new Map<string, string>()
      for (const file of CORPUS_FILES) {
        const bytes = new Uint8Array(readFileSync(join(SHARED_CORPUS, file)))
        const { metadata, pages } = await extractPaper(reader, bytes)
        const name = file.replace(/^extra\//, '').replace(/\.pdf$/, '')
        const p = indexedPaper({
          id: metadata.arxivId ?? name.slice(0, 12),
          title: metadata.title ?? name,
          year: metadata.year,
          arxivId: metadata.arxivId,
          doi: metadata.doi
        })
        papers.push(p)
        fileOf.set(p.id, name)
        facts.set(p.id, readFacts(p, { paperId: p.id, pages }))
      }
      const g = buildGraph(papers, facts)
      const found = g.edges
        .filter((e) => e.kind === 'cites' && fileOf.has(e.target))
        .map((e) => ({ from: fileOf.get(e.source)!, to: fileOf.get(e.target)! }))
      const s = scoreEdges(found, truth.edges)
      console.log(
        `citation matching: precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)} ` +
          `(${s.correct}/${found.length} found, ${truth.edges.length} true); extra ${s.extra.join(', ') || '-'}; missed ${s.missed.join(', ') || '-'}`
      )
      expect(s.precision).toBeGreaterThanOrEqual(0.95)
      expect(s.recall).toBeGreaterThanOrEqual(0.9)
      for (const e of [
        '1810.04805→1706.03762',
        '2005.11401→1810.04805',
        '2004.04906→1810.04805',
        '1907.11692→1810.04805'
      ])
        expect(found.map((f) => `${f.from}→${f.to}`)).toContain(e)
      // Retrieval papers fall together, apart from the BERT family.
      const clusterOf = (name: string): number =>
        g.nodes.find((n) => fileOf.get(n.id) === name)!.cluster
      expect(clusterOf('2004.04906')).toBe(clusterOf('2005.11401'))
      expect(clusterOf('2007.01282')).toBe(clusterOf('2004.04906'))
      expect(clusterOf('2004.04906')).not.toBe(clusterOf('1907.11692'))
      expect(g.clusters.length).toBeGreaterThanOrEqual(2)
      // Works several papers cite and the library lacks, addable by arXiv id.
      const adam = g.nodes.find((n) => n.kind === 'ghost' && n.add === 'arxiv:1412.6980')
      expect(adam?.citedBy).toBeGreaterThanOrEqual(2)
    }, 240_000)
  }
)
