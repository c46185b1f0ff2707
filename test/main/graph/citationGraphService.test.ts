import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Paper } from '../../../src/shared/types'
import type { PaperText } from '../../../src/main/domain'
import { CitationGraphService, graphFile } from '../../../src/main/graph/CitationGraphService'
import { GRAPH_CACHE_VERSION } from '../../../src/main/graph/graphCache'
import { indexedPaper } from './graphPapers'

/** A third entry of its own, so each list reads as numbered (as real ones are). */
const filler = (id: string): string =>
  `Ada Lovelace. Notes on the analytical engine, part ${id}. In Scientific Memoirs, 1843.`

/** A paper's pages: an abstract on page 1, its reference list on page 3. */
function text(id: string, abstract: string, refs: string[]): PaperText {
  return {
    paperId: id,
    pages: [
      { page: 1, text: `Abstract\n${abstract}` },
      { page: 2, text: 'Introduction\nBody text of the paper.' },
      {
        page: 3,
        text: `References\n${[...refs, filler(id)].map((r, i) => `[${i + 1}] ${r}`).join('\n')}\n`
      }
    ]
  }
}

const TRANSFORMER = indexedPaper({
  id: '1706.03762',
  arxivId: '1706.03762',
  title: 'Attention Is All You Need',
  year: 2017
})
const BERT = indexedPaper({
  id: '1810.04805',
  arxivId: '1810.04805',
  title: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
  year: 2018
})
const ROBERTA = indexedPaper({
  id: 'a1b2c3d4e5f6',
  title: 'RoBERTa: A Robustly Optimized BERT Pretraining Approach',
  year: 2019
})
const ADAM =
  'Diederik Kingma and Jimmy Ba. Adam: A method for stochastic optimization. In ICLR, 2015. arXiv:1412.6980.'

const TEXTS: Record<string, PaperText> = {
  [TRANSFORMER.id]: text(TRANSFORMER.id, 'Sequence transduction with attention only.', [
    ADAM,
    'J. Gehring. Convolutional sequence to sequence learning. arXiv:1705.03122, 2017.'
  ]),
  [BERT.id]: text(BERT.id, 'Deep bidirectional language representations pre-trained.', [
    // The title broken over a line with a hyphen, as PDFs print it.
    'A. Vaswani, N. Shazeer. Attention is all you need. In NIPS, 2017.',
    ADAM
  ]),
  [ROBERTA.id]: text(ROBERTA.id, 'Replication study of BERT pretraining.', [
    'J. Devlin, M. Chang. BERT: Pretraining of deep bidirectional transformers for language understanding. In NAACL, 2019.',
    ADAM
  ])
}

describe('the citation graph service', () => {
  let dir: string
  let papers: Paper[]
  let reads: string[]
  let service: CitationGraphService
  const make = (cacheFile: string | null = graphFile(dir)): CitationGraphService =>
    new CitationGraphService({
      papers: () => papers,
      paperText: async (id) => {
        reads.push(id)
        return TEXTS[id]!
      },
      cacheFile,
      readFrom: graphFile(dir)
    })

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rp-graph-'))
    papers = [TRANSFORMER, BERT]
    reads = []
    service = make()
  })
  afterEach(async () => rm(dir, { recursive: true, force: true }))

  const cites = async (s = service): Promise<string[]> =>
    (await s.graph()).edges.filter((e) => e.kind === 'cites').map((e) => `${e.source}→${e.target}`)

  it('draws an edge for each citation, and a ghost for a work both cite that is not there', async () => {
    const g = await service.graph()
    expect(await cites()).toContain('1810.04805→1706.03762')
    const ghost = g.nodes.find((n) => n.kind === 'ghost')
    expect(ghost).toMatchObject({ add: 'arxiv:1412.6980', citedBy: 2 })
    expect(ghost?.title).toMatch(/^Adam/)
    // Gehring is cited once: no ghost.
    expect(g.nodes.filter((n) => n.kind === 'ghost')).toHaveLength(1)
    expect(g.nodes.find((n) => n.id === TRANSFORMER.id)?.citedBy).toBe(1)
  })

  it('reads only the added paper on the next call, and forgets a removed one', async () => {
    await service.graph()
    expect(reads.sort()).toEqual([TRANSFORMER.id, BERT.id])
    reads = []
    papers = [TRANSFORMER, BERT, ROBERTA]
    expect(await cites()).toContain(`${ROBERTA.id}→1810.04805`)
    expect(reads).toEqual([ROBERTA.id])
    // A fresh process reads the cache from disk: nothing is read again.
    reads = []
    const again = make()
    expect(await cites(again)).toContain(`${ROBERTA.id}→1810.04805`)
    expect(reads).toEqual([])
    papers = [TRANSFORMER, ROBERTA]
    const after = await again.graph()
    expect(after.nodes.map((n) => n.id)).not.toContain(BERT.id)
    expect(after.edges.some((e) => e.source === BERT.id || e.target === BERT.id)).toBe(false)
    const onDisk = JSON.parse(await readFile(graphFile(dir), 'utf8'))
    expect(onDisk.version).toBe(GRAPH_CACHE_VERSION)
    expect(Object.keys(onDisk.papers).sort()).toEqual([TRANSFORMER.id, ROBERTA.id].sort())
  })

  it('reads a re-indexed paper again', async () => {
    await service.graph()
    reads = []
    papers = [TRANSFORMER, { ...BERT, indexedAt: '2026-12-02T00:00:00.000Z' }]
    await service.graph()
    expect(reads).toEqual([BERT.id])
  })

  it('keeps a damaged cache aside and rebuilds it from the papers', async () => {
    await writeFile(graphFile(dir), '{"version": 1, "papers": ')
    expect(await cites()).toContain('1810.04805→1706.03762')
    expect(readdirSync(dir).some((f) => f.startsWith('graph.json.unreadable-'))).toBe(true)
    expect(JSON.parse(await readFile(graphFile(dir), 'utf8')).version).toBe(GRAPH_CACHE_VERSION)
  })

  it('writes nothing when the process only reads the library', async () => {
    const reader = make(null)
    expect(await cites(reader)).toContain('1810.04805→1706.03762')
    expect(existsSync(graphFile(dir))).toBe(false)
  })

  it('shows one collection only when asked', async () => {
    papers = [{ ...TRANSFORMER, collectionIds: ['c1'] }, BERT]
    const g = await service.graph({ collectionId: 'c1' })
    expect(g.nodes.filter((n) => n.kind === 'paper').map((n) => n.id)).toEqual([TRANSFORMER.id])
  })

  it('puts every paper in a cluster and links unlinked alike papers by similarity', async () => {
    const g = await service.graph()
    expect(g.clusters.flatMap((c) => c.paperIds).sort()).toEqual([BERT.id, TRANSFORMER.id].sort())
    expect(g.edges.filter((e) => e.kind === 'similar')).toEqual([])
  })
})
