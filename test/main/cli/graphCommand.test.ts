import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CitationGraph } from '../../../src/shared/graph'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { runCli } from '../../fixtures/runCli'

const GHOST =
  'Grace Hopper and Howard Aiken. Compiling routines for automatic sequence calculators. In Proceedings of the ACM, 1952.'

describe('graph (CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-graph-cli-'))
  const data = join(dir, 'data')
  let graph: CitationGraph
  const ids: Record<string, string> = {}

  beforeAll(() => {
    const papers = {
      base: makePaperPdf({ title: 'Sparse Mixture Routing for Long Documents', pages: 2, seed: 1 }),
      middle: makePaperPdf({
        title: 'Routing Tables Revisited in Practice',
        pages: 2,
        seed: 2,
        references: [
          'Ada Lovelace and Alan Turing. Sparse mixture routing for long documents. In Findings, 2023.',
          GHOST,
          'Blaise Pascal. Pensées sur la religion et sur quelques autres sujets. Desprez, 1670.'
        ]
      }),
      top: makePaperPdf({
        title: 'A Survey of Document Routing',
        pages: 2,
        seed: 3,
        references: [
          'Ada Lovelace. Routing tables revisited in practice. In ACL, 2024.',
          GHOST,
          'Charles Babbage. On the economy of machinery and manufactures. Knight, 1832.'
        ]
      })
    }
    const files = Object.entries(papers).map(([name, bytes]) => {
      const f = join(dir, `${name}.pdf`)
      writeFileSync(f, bytes)
      return f
    })
    const r = runCli(['ingest', ...files, '--data-dir', data, '--json'])
    expect(r.code, r.stderr).toBe(0)
    const rows = (JSON.parse(r.stdout) as { papers: { paperId: string; input: string }[] }).papers
    for (const row of rows) ids[row.input.replace(/^.*\//, '').replace('.pdf', '')] = row.paperId
    const g = runCli(['graph', '--data-dir', data, '--json'])
    expect(g.code, g.stderr).toBe(0)
    graph = JSON.parse(g.stdout) as CitationGraph
  }, 180_000)

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('prints the citations between the papers, the work two of them cite, and the clusters', () => {
    const cites = graph.edges
      .filter((e) => e.kind === 'cites')
      .map((e) => `${e.source}→${e.target}`)
    expect(cites).toContain(`${ids.middle}→${ids.base}`)
    expect(cites).toContain(`${ids.top}→${ids.middle}`)
    expect(cites).not.toContain(`${ids.base}→${ids.middle}`)
    const ghosts = graph.nodes.filter((n) => n.kind === 'ghost')
    expect(ghosts.map((n) => n.title)).toEqual([
      'Compiling routines for automatic sequence calculators'
    ])
    expect(ghosts[0]?.citedBy).toBe(2)
    expect(graph.clusters.flatMap((c) => c.paperIds).sort()).toEqual(Object.values(ids).sort())
    expect(graph.nodes.find((n) => n.id === ids.base)?.citedBy).toBe(1)
  })

  it('says it in words, and refuses a collection that does not exist', () => {
    const text = runCli(['graph', '--data-dir', data])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('3 papers, 2 citations between them')
    expect(text.stdout).toContain(`${ids.top} cites ${ids.middle}`)
    const none = runCli(['graph', '--collection', 'Nope', '--data-dir', data])
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/Nope/)
    expect(none.stderr).not.toMatch(/at .*\.ts:\d+/)
  })
})
