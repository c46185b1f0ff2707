import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')

/** Runs the real CLI in a child process, as `npm run --silent cli -- ...` does. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(TSX, ['src/main/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      GEMINI_API_KEY: '',
      // English output, whatever the machine's locale (the CLI follows LANG).
      LANG: 'C.UTF-8',
      LC_ALL: '',
      LC_MESSAGES: '',
      RESEARCHPAL_MODEL_DIR: '',
      ...env
    },
    timeout: 120_000
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-cli-'))
  const data = join(dir, 'data')
  const pdf = join(dir, 'attention-notes.pdf')
  const notPdf = join(dir, 'notes.pdf')

  beforeAll(() => {
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Sparse Attention Notes', pages: 3, marker: 'zebracorn' })
    )
    writeFileSync(notPdf, 'just some meeting notes, not a PDF\n')
  })

  it('prints help and exits 0', () => {
    const r = cli(['--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('ingest <pdf|folder|arXiv id>')
  })

  it('exits 2 with the usage on an unknown command or option', () => {
    expect(cli(['frobnicate']).code).toBe(2)
    const r = cli(['search', 'x', '--k', 'lots'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--k must be a whole number')
  })

  it('ingests with --json as exactly one JSON document, listing each failure, exit 1', () => {
    const r = cli(['ingest', pdf, notPdf, join(dir, 'missing.pdf'), '--data-dir', data, '--json'])
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as {
      papers: { paperId: string | null; status: string; pages: number; error?: { code: string } }[]
    }
    const ok = out.papers.find((p) => p.status === 'indexed')
    expect(ok?.pages).toBe(3)
    const codes = out.papers.filter((p) => p.status === 'error').map((p) => p.error?.code)
    expect(codes.sort()).toEqual(['NOT_A_PDF', 'NOT_FOUND'])
  })

  it('lists papers, searches and reads a section over the same library', () => {
    const papers = JSON.parse(cli(['papers', '--data-dir', data, '--json']).stdout) as {
      papers: { paperId: string; title: string; status: string }[]
    }
    const paper = papers.papers.find((p) => p.status === 'indexed')!
    expect(paper.title).toBe('Sparse Attention Notes')
    const s = cli(['search', 'zebracorn2', '--k', '3', '--data-dir', data, '--json'])
    expect(s.code).toBe(0)
    const search = JSON.parse(s.stdout) as { query: string; results: { page: number }[] }
    expect(search.query).toBe('zebracorn2')
    expect(search.results[0]?.page).toBe(2)
    const sec = cli(['section', paper.paperId, 'introduction', '--data-dir', data, '--json'])
    expect(sec.code).toBe(0)
    expect((JSON.parse(sec.stdout) as { pages: number[] }).pages).toContain(1)
  })

  it('answers from evidence without a key, and reports bad input as an error', () => {
    const a = cli(['ask', 'What does zebracorn3 close?', '--data-dir', data, '--json'])
    expect(a.code).toBe(0)
    const answer = JSON.parse(a.stdout) as { mode: string; citations: { page: number }[] }
    expect(answer.mode).toBe('evidence')
    expect(answer.citations.map((c) => c.page)).toContain(3)
    const bad = cli(['search', '   ', '--data-dir', data, '--json'])
    expect(bad.code).toBe(1)
    expect((JSON.parse(bad.stdout) as { error: { code: string } }).error.code).toBe('INVALID_INPUT')
    const gone = cli(['remove', 'nosuchpaper', '--data-dir', data, '--json'])
    expect(gone.code).toBe(1)
    expect((JSON.parse(gone.stdout) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })

  it('lists each failed paper with its reason in papers --json', () => {
    const r = cli(['papers', '--data-dir', data, '--json'])
    const out = JSON.parse(r.stdout) as {
      papers: { status: string; error: { code: string; message: string } | null }[]
    }
    const failed = out.papers.find((p) => p.status === 'error')
    expect(failed?.error?.code).toBe('NOT_A_PDF')
    expect(failed?.error?.message).toContain('notes.pdf')
  })

  it('survives a garbled store.json and a truncated library.json, says so, and rebuilds', () => {
    const broken = join(dir, 'broken')
    expect(cli(['ingest', pdf, '--data-dir', broken]).code).toBe(0)
    const catalog = readFileSync(join(broken, 'library.json'), 'utf8')
    writeFileSync(join(broken, 'library.json'), catalog.slice(0, 40))
    writeFileSync(join(broken, 'index/vectors/store.json'), '{"embedderId": nul')
    const read = cli(['papers', '--data-dir', broken, '--json'])
    expect(read.code, read.stderr).toBe(0)
    expect(read.stderr).toContain('! library.json could not be read')
    expect(read.stderr).not.toMatch(/at .*\.ts:\d+/) // no stack trace
    // A writer rebuilds the catalog from the folder and re-indexes the paper from its PDF.
    const write = cli(['ingest', pdf, '--data-dir', broken, '--json'])
    expect(write.code, write.stderr).toBe(0)
    const s = cli(['search', 'zebracorn2', '--data-dir', broken, '--json'])
    expect((JSON.parse(s.stdout) as { results: { page: number }[] }).results[0]?.page).toBe(2)
  })

  it('compares papers offline: an evidence table saved in the library, Markdown export', () => {
    const papers = JSON.parse(cli(['papers', '--data-dir', data, '--json']).stdout) as {
      papers: { paperId: string; status: string }[]
    }
    const id = papers.papers.find((p) => p.status === 'indexed')!.paperId
    const q = ['compare', '--papers', id, '--question', 'What does zebracorn3 close?']
    const r = cli([...q, '--question', 'What is zebracorn2?', '--data-dir', data, '--json'])
    expect(r.code).toBe(0)
    const c = JSON.parse(r.stdout) as {
      id: string
      cells: { paperId: string; status: string; citations: { page: number }[] }[]
    }
    expect(c.cells.map((x) => x.status)).toEqual(['evidence', 'evidence'])
    expect(c.cells[0]!.citations[0]!.page).toBe(3)
    expect(c.cells[1]!.citations[0]!.page).toBe(2)
    const text = cli([...q, '--data-dir', data])
    expect(text.stdout).toContain('Evidence only (§)')
    expect(text.stdout).toMatch(/§ What does zebracorn3 close\?\n\s+p\. 3: "/)
    const md = cli([...q, '--export', 'markdown', '--data-dir', data])
    expect(md.stdout).toMatch(/^\| Paper \| What does zebracorn3 close\? \|$/m)
    const bad = cli([
      'compare',
      '--papers',
      'nosuchpaper',
      '--question',
      'x?',
      '--data-dir',
      data,
      '--json'
    ])
    expect(bad.code).toBe(1)
    expect((JSON.parse(bad.stdout) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
    expect(cli(['compare', '--papers', id, '--data-dir', data]).code).toBe(2)
  })
  it('compares a collection, and a conversation’s papers saved with that conversation', () => {
    const papers = JSON.parse(cli(['papers', '--data-dir', data, '--json']).stdout) as {
      papers: { paperId: string; status: string }[]
    }
    const id = papers.papers.find((p) => p.status === 'indexed')!.paperId
    const q = ['--question', 'What does zebracorn3 close?', '--data-dir', data, '--json']
    expect(cli(['collection', 'create', 'Reading group', '--data-dir', data]).code).toBe(0)
    expect(cli(['collection', 'add', 'Reading group', id, '--data-dir', data]).code).toBe(0)
    const fromCollection = cli(['compare', '--collection', 'reading group', ...q])
    expect(fromCollection.code, fromCollection.stderr).toBe(0)
    const c = JSON.parse(fromCollection.stdout) as {
      paperIds: string[]
      collection: { name: string }
      cells: { status: string; citations: { page: number }[] }[]
    }
    expect(c.paperIds).toEqual([id])
    expect(c.collection.name).toBe('Reading group')
    expect(c.cells[0]!.citations[0]!.page).toBe(3)
    const unknown = cli(['compare', '--collection', 'Nope', ...q])
    expect(unknown.code).toBe(1)
    expect(JSON.parse(unknown.stdout).error.message).toMatch(/no collection "Nope"/)

    const asked = JSON.parse(
      cli([
        'ask',
        '--new-thread',
        'What is zebracorn2?',
        '--paper',
        id,
        '--data-dir',
        data,
        '--json'
      ]).stdout
    ) as { threadId: string }
    const inThread = cli(['compare', '--thread', asked.threadId, ...q])
    expect(inThread.code, inThread.stderr).toBe(0)
    const linked = JSON.parse(inThread.stdout) as {
      id: string
      threadId: string
      paperIds: string[]
    }
    expect(linked).toMatchObject({ threadId: asked.threadId, paperIds: [id] })
    const shown = cli(['thread', 'show', asked.threadId, '--data-dir', data])
    expect(shown.stdout).toContain('Comparisons saved with this conversation:')
    expect(shown.stdout).toContain(linked.id)
    const listed = JSON.parse(
      cli(['comparisons', '--thread', asked.threadId, '--data-dir', data, '--json']).stdout
    ) as { comparisons: { id: string }[] }
    expect(listed.comparisons.map((x) => x.id)).toEqual([linked.id])
  })
})
