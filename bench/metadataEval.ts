/**
 * Metadata and section figures of ingestion on real PDFs: the varied corpus
 * (`../shared/corpus/varied/papers.jsonl`, read by a person) and the 18 arXiv papers.
 * @remarks Runs the app's own extraction (`extractPaper` over `PdfjsReader`, the code path
 * ingestion takes; no OCR, no embedding, no online lookup), so it costs about as long as
 * reading the PDFs' text layers (~1 min for the 64 PDFs on the 2-core machine).
 *
 * Matching rules (one normaliser: NFKD, diacritics and punctuation dropped, lower case, spaces
 * collapsed):
 * - title: equal after normalising, or within an edit distance of 3 % of the title (ligatures,
 *   a lost space). The ground truth includes the subtitle, so a dropped subtitle is wrong.
 * - an author: equal after normalising, or same last word (surname) and same first initial
 *   ("J. Devlin" = "Jacob Devlin"). First author: the first names match by that rule. Author list:
 *   same length and each pair matches.
 * - year: equal; `null` is right only where the ground truth says none is printed.
 * - sections (abstract, introduction, conclusion): the first detected section of that name starts
 *   on one of the ground truth's pages; where the truth is `null`, right when none is detected.
 * - a whole-document section: a span covering ≥ 80 % of a paper of 5 or more pages.
 * Image-only PDFs (no text layer) are read without OCR here and count as wrong.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { extractPaper, type ExtractedPaper } from '../src/main/ingest/extractPaper'
import { PdfjsReader } from '../src/main/ingest/PdfjsReader'
import { CORPUS_TRUTH } from '../test/fixtures/corpusTruth'

/** The figures issue 26 asks of the varied corpus (fractions): printed as met or not. */
export const METADATA_TARGETS = {
  title: 0.95,
  firstAuthor: 0.9,
  authors: 0.8,
  year: 0.9,
  sections: 0.9,
  wholeDocumentSections: 0
} as const

/**
 * What this build reaches on the varied corpus, less one file: a total under it is a regression
 * and fails the run under `CI=true` (the arXiv papers must stay all right).
 * @remarks Raise these as the extraction improves, up to {@link METADATA_TARGETS}.
 */
export const METADATA_FLOORS = {
  title: 0.95,
  firstAuthor: 0.93,
  authors: 0.91,
  year: 0.95,
  sections: 0.91,
  wholeDocumentSections: 0
} as const

interface Truth {
  file: string
  title: string
  authors: string[]
  year: number | null
  language: string
  sections: Record<'abstract' | 'introduction' | 'conclusion', number[] | null>
}

const SECTION_NAMES = ['abstract', 'introduction', 'conclusion'] as const

/** Lower case, no diacritics, no punctuation, single spaces. */
export function normalise(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = up
    }
  }
  return prev[b.length]!
}

export function sameTitle(got: string | null, want: string): boolean {
  if (!got) return false
  const a = normalise(got)
  const b = normalise(want)
  return a === b || editDistance(a, b) <= Math.floor(b.length * 0.03)
}

export function sameAuthor(got: string | undefined, want: string | undefined): boolean {
  if (!got || !want) return got === want
  const a = normalise(got).split(' ')
  const b = normalise(want).split(' ')
  if (a.join(' ') === b.join(' ')) return true
  return a[a.length - 1] === b[b.length - 1] && a[0]![0] === b[0]![0]
}

function sameAuthors(got: readonly string[], want: readonly string[]): boolean {
  return got.length === want.length && want.every((w, i) => sameAuthor(got[i], w))
}

function sectionRight(x: ExtractedPaper, name: string, pages: number[] | null): boolean {
  const found = x.sections.find((s) => s.name === name)
  if (!pages) return !found
  return !!found && pages.includes(found.startPage)
}

function wholeDocument(x: ExtractedPaper): string[] {
  const n = x.pages.length
  if (n < 5) return []
  return x.sections
    .filter((s) => s.endPage - s.startPage + 1 >= 0.8 * n)
    .map((s) => `${s.name} ${s.startPage}-${s.endPage}`)
}

interface Row {
  file: string
  ok: Record<string, boolean>
  got: Record<string, unknown>
  want?: Record<string, unknown>
  error?: string
}

async function read(
  reader: PdfjsReader,
  file: string
): Promise<{ x: ExtractedPaper | null; error?: string }> {
  try {
    const x = await extractPaper(reader, new Uint8Array(await readFile(file)), { label: file })
    return { x }
  } catch (e) {
    return { x: null, error: e instanceof Error ? e.message : String(e) }
  }
}

function pct(n: number, of: number): number {
  return of === 0 ? 1 : Math.round((n / of) * 1000) / 1000
}

/** Reads every PDF and compares with the ground truth; rows per file, totals per corpus. */
export async function metadataEval(corpusDir: string): Promise<Record<string, unknown>> {
  const t0 = performance.now()
  const reader = new PdfjsReader()
  const variedDir = join(corpusDir, 'varied')
  const truths = (await readFile(join(variedDir, 'papers.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Truth)
  const varied: Row[] = []
  for (const t of truths) {
    const { x, error } = await read(reader, join(variedDir, t.file))
    const m = x?.metadata
    const ok: Record<string, boolean> = {
      title: sameTitle(m?.title ?? null, t.title),
      firstAuthor: !!m && sameAuthor(m.authors[0], t.authors[0]),
      authors: !!m && sameAuthors(m.authors, t.authors),
      year: !!m && m.year === t.year,
      language: !!m && m.language === t.language
    }
    for (const s of SECTION_NAMES) ok[s] = !!x && sectionRight(x, s, t.sections[s])
    const whole = x ? wholeDocument(x) : []
    ok.noWholeDocument = whole.length === 0
    varied.push({
      file: t.file,
      ok,
      got: {
        title: m?.title ?? null,
        authors: m?.authors ?? [],
        year: m?.year ?? null,
        language: m?.language ?? null,
        sections: Object.fromEntries(
          SECTION_NAMES.map((s) => [s, x?.sections.find((p) => p.name === s)?.startPage ?? null])
        ),
        wholeDocument: whole,
        furnitureLines: x?.furniture ?? 0
      },
      want: {
        title: t.title,
        authors: t.authors,
        year: t.year,
        language: t.language,
        sections: t.sections
      },
      ...(error && { error })
    })
  }
  const arxiv: Row[] = []
  for (const [file, title, first, year] of CORPUS_TRUTH) {
    const { x, error } = await read(reader, join(corpusDir, file))
    const m = x?.metadata
    arxiv.push({
      file,
      ok: {
        title: sameTitle(m?.title ?? null, title),
        firstAuthor: !!m && (m.authors[0] ?? '').split(' ').pop() === first,
        year: !!m && m.year === year
      },
      got: { title: m?.title ?? null, authors: m?.authors ?? [], year: m?.year ?? null },
      ...(error && { error })
    })
  }
  const share = (rows: Row[], key: string): number =>
    pct(rows.filter((r) => r.ok[key]).length, rows.length)
  const sectionChecks = varied.flatMap((r) => SECTION_NAMES.map((s) => r.ok[s]!))
  const totals = {
    files: varied.length,
    title: share(varied, 'title'),
    firstAuthor: share(varied, 'firstAuthor'),
    authors: share(varied, 'authors'),
    year: share(varied, 'year'),
    language: share(varied, 'language'),
    sections: pct(sectionChecks.filter(Boolean).length, sectionChecks.length),
    abstract: share(varied, 'abstract'),
    introduction: share(varied, 'introduction'),
    conclusion: share(varied, 'conclusion'),
    wholeDocumentSections: varied.filter((r) => !r.ok.noWholeDocument).length,
    // Running headers, page numbers, line numbers and watermarks kept out of chunk text.
    furnitureLines: varied.reduce((n, r) => n + (r.got.furnitureLines as number), 0)
  }
  const byLanguage = Object.fromEntries(
    [...new Set(truths.map((t) => t.language))].map((lang) => {
      const rows = varied.filter((_, i) => truths[i]!.language === lang)
      return [
        lang,
        {
          files: rows.length,
          title: share(rows, 'title'),
          firstAuthor: share(rows, 'firstAuthor'),
          year: share(rows, 'year'),
          authors: share(rows, 'authors'),
          sections: pct(
            rows.flatMap((r) => SECTION_NAMES.map((n) => r.ok[n]!)).filter(Boolean).length,
            rows.length * SECTION_NAMES.length
          )
        }
      ]
    })
  )
  const arxivTotals = {
    files: arxiv.length,
    title: arxiv.filter((r) => r.ok.title).length,
    firstAuthor: arxiv.filter((r) => r.ok.firstAuthor).length,
    year: arxiv.filter((r) => r.ok.year).length
  }
  const failures: string[] = []
  const keys = ['title', 'firstAuthor', 'authors', 'year', 'sections'] as const
  for (const key of keys)
    if (totals[key] < METADATA_FLOORS[key])
      failures.push(`varied ${key} ${totals[key]} < ${METADATA_FLOORS[key]} (regression)`)
  if (totals.wholeDocumentSections > 0)
    failures.push(`varied: ${totals.wholeDocumentSections} papers with a whole-document section`)
  for (const key of ['title', 'firstAuthor', 'year'] as const)
    if (arxivTotals[key] < arxiv.length)
      failures.push(`arXiv ${key} ${arxivTotals[key]}/${arxiv.length}`)
  return {
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    floors: METADATA_FLOORS,
    targets: Object.fromEntries(
      keys.map((key) => [
        key,
        {
          value: totals[key],
          target: METADATA_TARGETS[key],
          met: totals[key] >= METADATA_TARGETS[key]
        }
      ])
    ),
    varied: { totals, byLanguage, rows: varied },
    arxiv: { totals: arxivTotals, rows: arxiv },
    failures
  }
}

/** The corpus is there (or, under `CI=true`, an error that it is not). */
export function metadataCorpusPresent(corpusDir: string): boolean {
  if (existsSync(join(corpusDir, 'varied', 'papers.jsonl'))) return true
  if (process.env.CI === 'true')
    throw new Error(`The metadata eval needs ${corpusDir}/varied, which is missing (CI=true).`)
  console.error(`SKIPPED: metadata eval - ${corpusDir}/varied is not on this machine.`)
  return false
}

// `npx tsx bench/metadataEval.ts [corpusDir]`: this eval alone.
if (require.main === module) {
  const dir = process.argv[2] ?? join(__dirname, '../../shared/corpus')
  void (async () => {
    if (!metadataCorpusPresent(dir)) return
    const out = await metadataEval(dir)
    console.log(JSON.stringify(out, null, 2))
    if (process.env.CI === 'true' && (out.failures as string[]).length > 0) process.exit(1)
  })()
}
