import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseBibliography, toBibtex, type BibEntry } from '../../../src/main/library/bibtex'
import { ReadCancelledError } from '../../../src/main/library/bibtexEntries'
import { existingPaper, importBibliography } from '../../../src/main/library/importers'
import { decodeText } from '../../../src/main/library/textEncoding'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { buildLibrary } from '../../fixtures/libraryHarness'
import { largeBibliography, wildBibliographies } from '../../fixtures/wildBibliographies'

const fixtures = new Map(wildBibliographies().map((f) => [f.name, f]))

async function read(name: string) {
  const f = fixtures.get(name)!
  const { text, encoding } = decodeText(f.bytes)
  return { ...(await parseBibliography(text, name)), encoding, expected: f.entries }
}

function byKey(entries: BibEntry[], key: string): BibEntry {
  return entries.find((e) => e.key === key)!
}

describe('bibliographies as exported in the wild (issue 27 fixtures)', () => {
  it('no fixture is refused: each yields every entry a person counts in it', async () => {
    for (const name of fixtures.keys()) {
      const r = await read(name)
      expect(r.entries.length, name).toBe(r.expected)
    }
  })

  it('a keyless entry gets a generated key, and the summary names its line', async () => {
    const r = await read('keyless.bib')
    expect(r.entries.map((e) => e.key)).toEqual(['first2020', 'lima2019written', 'third2020'])
    expect(r.issues).toEqual([{ line: 7, key: null, code: 'noKey', detail: 'lima2019written' }])
  })

  it('an unclosed $ or brace costs nothing: both entries are recovered, with their lines', async () => {
    const r = await read('unbalanced.bib')
    expect(r.issues.map((i) => [i.line, i.key, i.code])).toEqual([
      [7, 'dollar2017', 'recovered'],
      [12, 'brace2016', 'recovered']
    ])
    expect(byKey(r.entries, 'brace2016')).toMatchObject({
      title: 'An unclosed brace in the title',
      authors: ['Tony Hoare'],
      year: 2016
    })
    expect(byKey(r.entries, 'dollar2017')).toMatchObject({ authors: ['Donald Knuth'], year: 2017 })
    // The entry after the broken ones keeps its own fields.
    expect(byKey(r.entries, 'z2021').title).toBe('After The Broken One')
  })

  it('{\\d}, colons in keys, @x(…) in parentheses and spaces before the key are read', async () => {
    expect(byKey((await read('bad-command.bib')).entries, 'dotunder2018')).toMatchObject({
      title: 'Viẹt Nam and the command',
      authors: ['Van Nguyễn']
    })
    expect((await read('colon-key.bib')).entries.map((e) => e.key)).toEqual([
      'Smith:2019:ABC',
      'doi:10.1145/1234.5678'
    ])
    const paren = await read('parentheses.bib')
    expect(paren.entries.map((e) => e.title)).toEqual([
      'Entries In Parentheses',
      'An Entry Of Type x'
    ])
    expect(paren.issues).toEqual([{ line: 6, key: 'odd2011', code: 'unknownType', detail: 'x' }])
    expect((await read('spaces-before-key.bib')).entries.map((e) => e.key)).toEqual([
      'spaced2012',
      'spaced2013'
    ])
    expect((await read('unknown-type.bib')).issues).toEqual([])
  })

  it('a RIS record with a date nobody can read comes in without a year, said so', async () => {
    const r = await read('bad-date.ris')
    expect(r.entries.map((e) => e.year)).toEqual([2018, 2019, null, 2020])
    expect(r.issues).toEqual([{ line: 15, key: null, code: 'badDate', detail: 'n.d. 19xx' }])
  })

  it('windows-1252 and UTF-16 files are decoded, and the encoding is reported', async () => {
    const cp = await read('windows-1252.bib')
    expect(cp.encoding).toBe('windows-1252')
    expect(cp.entries[0]).toMatchObject({
      title: 'Análise de séries temporais – um estudo “clássico”',
      authors: ['Fábio Conceição', 'Jürgen Müller'],
      venue: 'Revista Brasileira de Estatística'
    })
    expect(cp.entries[1]!.title).toBe('Œuvres complètes de São Tomé')
    const u16 = await read('utf16.bib')
    expect(u16.encoding).toBe('utf-16le')
    expect(u16.entries.map((e) => e.title)).toEqual([
      'Aprendizado de máquina em português',
      'Ñandú and the Łódź Letters'
    ])
    expect((await read('keyless.bib')).encoding).toBe('utf-8')
  })

  it('crossref and xdata give their year and venue; @string and month macros resolve', async () => {
    const r = await read('crossref.bib')
    expect(byKey(r.entries, 'child2019')).toMatchObject({
      year: 2019,
      venue: 'Proceedings of the Crossref Conference'
    })
    expect(byKey(r.entries, 'xchild2020')).toMatchObject({
      year: 2020,
      venue: 'Proceedings of the Xdata Workshop'
    })
    const m = await read('strings-months.bib')
    expect(m.entries.map((e) => e.venue)).toEqual([
      'Journal of Macro Learning',
      'Journal of Macro Learning (Letters)'
    ])
    expect(m.entries[1]!.title).toBe('Concatenated Journal of Macro Learning')
  })

  it('LaTeX becomes precomposed Unicode (NFC), in titles, names and file paths', async () => {
    const r = await read('latex-accents.bib')
    expect(byKey(r.entries, 'aa2001')).toMatchObject({
      title: 'Ångström-scale input/output in São Paulo',
      authors: ['Émile Åberg']
    })
    const space = byKey(r.entries, 'space2002')
    expect(space.title).toBe('Dr. Who and the et al. problem')
    expect(space.authors).toEqual(['José Garc\u00eda'])
    expect(space.authors[0]).toBe(space.authors[0]!.normalize('NFC'))
    expect(byKey(r.entries, 'file2003').files).toContain('pdfs/Müller 2003 - Größe.pdf')
    expect(byKey(r.entries, 'qiqqa2004').files).toEqual(['pdfs/Schön 2004.pdf'])
  })

  it('HTML markup is stripped from titles', async () => {
    const r = await read('html-titles.bib')
    expect(r.entries.map((e) => e.title)).toEqual([
      'The Cas9 system in E. coli',
      'CO2 and H2O at 105 Pa'
    ])
  })

  it('import -> export -> import keeps every entry, and corporate authors stay whole', async () => {
    for (const name of fixtures.keys()) {
      const first = (await read(name)).entries
      const papers = first.map((e, i) => ({
        id: `p${i}`,
        title: e.title ?? '',
        authors: e.authors,
        literalAuthors: e.literalAuthors,
        year: e.year,
        arxivId: e.arxivId,
        venue: e.venue,
        doi: e.doi,
        abstract: e.abstract
      }))
      const { bibtex } = toBibtex(papers)
      const again = await parseBibliography(bibtex, name)
      expect(again.issues, name).toEqual([])
      const fields = (e: BibEntry) => [e.title ?? '', e.authors, e.year, e.venue, e.doi]
      expect(again.entries.map(fields), name).toEqual(first.map(fields))
    }
    const corporate = (await read('corporate.bib')).entries
    expect(toBibtex([{ ...corporate[0]!, id: 'g', title: 'x' }]).bibtex).toContain(
      'author = {{Gruppe I}}'
    )
  })

  it('a 10,000-entry file reports progress as it reads and stops when cancelled', async () => {
    const text = largeBibliography(10_000)
    const controller = new AbortController()
    const seen: number[] = []
    const reading = parseBibliography(text, 'big.bib', {
      signal: controller.signal,
      progress: (done, total) => {
        seen.push(done)
        expect(total).toBe(10_001)
        if (done >= 400) controller.abort()
      }
    })
    await expect(reading).rejects.toBeInstanceOf(ReadCancelledError)
    expect(seen).toEqual([0, 200, 400])
  })
})

describe('entries without a PDF that the library already has', () => {
  const library = [
    { id: 'p1', title: 'Análise de Séries: um Estudo', year: 2019, doi: null, arxivId: null },
    { id: 'p2', title: 'Other', year: 2020, doi: '10.5555/x.1', arxivId: '2002.08909' }
  ]
  const entry = { title: null, year: null, doi: null, arxivId: null }

  it('match by DOI, arXiv id, or title (accents, case, punctuation aside) and year', () => {
    expect(existingPaper({ ...entry, doi: '10.5555/X.1' }, library)).toBe('p2')
    expect(existingPaper({ ...entry, arxivId: '2002.08909' }, library)).toBe('p2')
    expect(
      existingPaper({ ...entry, title: 'analise de series - um estudo', year: 2019 }, library)
    ).toBe('p1')
    expect(
      existingPaper({ ...entry, title: 'analise de series - um estudo', year: 2018 }, library)
    ).toBeNull()
    expect(existingPaper({ ...entry, title: 'Something new', year: 2019 }, library)).toBeNull()
  })
})

describe('importing a half-valid bibliography', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('adds what it can, finds a PDF named with LaTeX accents, and says what it skipped', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-wild-'))
    const lib = buildLibrary(join(dir, 'data'))
    await lib.service.open()
    mkdirSync(join(dir, 'pdfs'))
    writeFileSync(
      join(dir, 'pdfs', 'Müller 2003 - Größe.pdf'),
      makePaperPdf({ title: 'Something Else', pages: 1 })
    )
    const text = new TextDecoder().decode(fixtures.get('latex-accents.bib')!.bytes)
    const broken = `@article{broken,\n  title = {Never {closed,\n  year = {1999}\n}\n@article{,\n  title = {No Key}\n}\n`
    writeFileSync(join(dir, 'refs.bib'), text + broken)
    const r = await importBibliography(lib.service, join(dir, 'refs.bib'))
    await lib.service.whenIdle()
    expect(r.entries).toBe(6)
    expect(r.encoding).toBe('utf-8')
    expect(r.issues.map((i) => [i.line, i.code])).toEqual([
      [23, 'recovered'],
      [27, 'noKey']
    ])
    expect(r.added).toHaveLength(1)
    expect(lib.service.get(r.added[0]!.paperId)).toMatchObject({
      title: 'A File With Accents',
      authors: ['Jörg Müller'],
      year: 2003
    })
    expect(r.matched).toEqual([])
    expect(r.withoutPdf.map((w) => w.key)).toEqual([
      'aa2001',
      'space2002',
      'qiqqa2004',
      'broken',
      'anonndno'
    ])
    // The same file again: its PDF is a duplicate, and an entry already there is matched.
    writeFileSync(
      join(dir, 'again.bib'),
      text.replace('file = {', 'doi = {10.5555/none},\n  x = {')
    )
    // Nothing of the half-valid file is dropped: the entries without a PDF (the recovered and
    // keyless ones too) are metadata-only papers, with their fields.
    expect(lib.service.list()).toHaveLength(6)
    expect(r.withoutPdf.map((w) => lib.service.get(w.paperId!).status)).toEqual(
      Array(5).fill('metadata')
    )
    expect(lib.service.get(r.withoutPdf[3]!.paperId!)).toMatchObject({
      title: 'Never closed',
      year: 1999
    })
    const again = await importBibliography(lib.service, join(dir, 'again.bib'))
    expect(again.matched.map((m) => [m.key, m.paperId])).toEqual([
      ['aa2001', r.withoutPdf[0]!.paperId],
      ['space2002', r.withoutPdf[1]!.paperId],
      ['file2003', r.added[0]!.paperId],
      ['qiqqa2004', r.withoutPdf[2]!.paperId]
    ])
    expect(again.withoutPdf).toEqual([])
    expect(lib.service.list()).toHaveLength(6)
    await lib.service.close()
  })
})
