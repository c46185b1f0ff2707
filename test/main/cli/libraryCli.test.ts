import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { runCli } from '../../fixtures/runCli'
import { makeZoteroFolder } from '../../fixtures/zoteroFixture'

const cli = runCli

describe('the CLI over the library: papers --json, paper edit, collections, bib', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-libcli-'))
  const data = join(dir, 'data')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  /** The paper the first test edits and files in Reading. */
  let edited = ''

  it('edits a paper, files it in a collection and cites the collection', () => {
    const pdf = join(dir, 'notes.pdf')
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Sparse Attention Notes', pages: 2, arxivId: '2101.00002' })
    )
    const ingested = cli(['ingest', pdf, '--json', '--data-dir', data])
    expect(ingested.code).toBe(0)
    const id = (JSON.parse(ingested.stdout) as { papers: { paperId: string }[] }).papers[0]!.paperId
    edited = id

    const edit = cli([
      'paper',
      'edit',
      id,
      '--title',
      'Sparse Attention, Revisited',
      '--authors',
      'Ada Lovelace; Alan Turing',
      '--tags',
      'attention, to read',
      '--data-dir',
      data
    ])
    expect(edit.code).toBe(0)
    expect(edit.stdout).toContain('edited by hand (kept over automatic metadata): title, authors')

    expect(cli(['collection', 'create', 'Reading', '--data-dir', data]).code).toBe(0)
    expect(cli(['collection', 'add', 'Reading', id, '--data-dir', data]).code).toBe(0)

    const listed = JSON.parse(cli(['papers', '--json', '--data-dir', data]).stdout) as {
      papers: Record<string, unknown>[]
    }
    expect(listed.papers[0]).toMatchObject({
      paperId: id,
      title: 'Sparse Attention, Revisited',
      authors: ['Ada Lovelace', 'Alan Turing'],
      year: 2021,
      tags: ['attention', 'to read'],
      collections: ['Reading'],
      fieldSources: { title: 'user', authors: 'user' }
    })

    const bib = cli(['bib', '--collection', 'Reading', '--data-dir', data])
    expect(bib.code).toBe(0)
    expect(bib.stdout).toMatch(/^@article\{lovelace2021sparse,/)
    expect(bib.stdout).toContain('author = {Lovelace, Ada and Turing, Alan}')

    const bad = cli(['paper', 'edit', id, '--doi', 'nope', '--json', '--data-dir', data])
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stdout).error.message).toMatch(/edit.doi: must be a DOI/)
  }, 120_000)

  it('cites it in a style: APA by default in English, numbered IEEE, RIS', () => {
    const id = edited
    const apa = cli(['cite', '--collection', 'Reading', '--data-dir', data])
    expect(apa.code).toBe(0)
    expect(apa.stdout).toMatch(
      /^Lovelace, A\., & Turing, A\. \(2021\)\. Sparse Attention, Revisited\./
    )
    const ieee = cli(['cite', id, '--style', 'ieee', '--data-dir', data])
    expect(ieee.stdout).toMatch(
      /^\[1\] A\. Lovelace and A\. Turing, “Sparse Attention, Revisited,”/
    )
    const ris = cli(['cite', id, '--style', 'ris', '--data-dir', data])
    expect(ris.stdout).toMatch(/^TY {2}- /)
    expect(ris.stdout).toContain('AU  - Lovelace, Ada')
    expect(ris.stdout).toMatch(/ER {2}- \n$/)
    const mla = cli(['cite', id, '--style', 'mla', '--data-dir', data])
    expect(mla.code).toBe(2)
    expect(mla.stderr).toContain(
      "--style must be apa, chicago, ieee, vancouver, abnt, bibtex, or ris, not 'mla'"
    )
  }, 120_000)

  it('imports a Zotero collection and cites it', () => {
    const zotero = makeZoteroFolder(
      join(dir, 'Zotero'),
      makePaperPdf({ title: 'Zotero Fixture', pages: 2 })
    )
    const r = cli([
      'import-zotero',
      zotero,
      '--collection',
      'Retrieval',
      '--json',
      '--data-dir',
      data
    ])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { added: { status: string }[]; collections: string[] }
    expect(out.added.map((a) => a.status)).toEqual(['indexed'])
    expect(out.collections).toEqual(['Retrieval'])
    const bib = cli(['bib', '--collection', 'Retrieval', '--data-dir', data])
    expect(bib.stdout).toMatch(/^@article\{lovelace2021retrieval,/)
    expect(bib.stdout).toContain('doi = {10.1234/fixture.2021}')
  }, 120_000)
})
