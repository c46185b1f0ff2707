import { createHash } from 'node:crypto'
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Channel } from '../../../src/shared/contract'
import type { Result } from '../../../src/shared/errors'
import type { Collection, LibraryNotice, Paper } from '../../../src/shared/types'
import { createServices, type Services } from '../../../src/main/services'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
import { ThreadStore } from '../../../src/main/chat/ThreadStore'
import { mainT } from '../../../src/main/i18n'
import { ComparisonStore } from '../../../src/main/compare/ComparisonStore'
import { journalHeader, journalLine } from '../../../src/main/storage/catalogJournalFormat'
import type { Comparison } from '../../../src/shared/compare'
import type { Answer } from '../../../src/shared/types'
import { FakeEmbedder, FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { makePaperPdf } from '../../fixtures/fixturePapers'

/**
 * The battery of damaged files: each row damages a copy of one real library (three papers, a
 * collection, a hand-edited title, tags), opens it as a writer, and checks what the user still
 * has and what they are told.
 */

const PAPERS = ['alpha', 'bravo', 'charlie'].map((name, i) => {
  const bytes = makePaperPdf({ title: `The ${name} paper`, pages: 3, seed: i + 3, marker: name })
  return { name, bytes, id: createHash('sha256').update(bytes).digest('hex').slice(0, 12) }
})
const [A, B, C] = PAPERS as [(typeof PAPERS)[0], (typeof PAPERS)[0], (typeof PAPERS)[0]]
const EDITED_TITLE = 'Alpha, as I retitled it'

function open(dataDir: string): Promise<Services> {
  return createServices({
    dataDir,
    secrets: new EnvSecretStore({}),
    embedder: new FakeEmbedderProvider(new FakeEmbedder()),
    env: {},
    log: () => undefined
  })
}

async function call<T>(s: Services, channel: Channel, input: unknown): Promise<T> {
  const r = (await s.router.invoke(channel, input)) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}

let base = ''

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-battery-'))
  for (const p of PAPERS) writeFileSync(join(dir, `${p.name}.pdf`), p.bytes)
  base = join(dir, 'base')
  const s = await open(base)
  await s.library.addPaths(PAPERS.map((p) => join(dir, `${p.name}.pdf`)))
  await s.library.whenIdle()
  const { collection } = await call<{ collection: Collection }>(s, 'library:createCollection', {
    name: 'Thesis chapter 2'
  })
  await call(s, 'library:setCollection', {
    collectionId: collection.id,
    paperIds: [A.id, C.id],
    member: true
  })
  await call(s, 'library:edit', { paperId: A.id, edit: { title: EDITED_TITLE } })
  await call(s, 'library:edit', { paperId: B.id, edit: { tags: ['to-read', 'methods'] } })
  await call(s, 'library:edit', { paperId: B.id, edit: { language: 'pt' } })
  await call(s, 'library:edit', { paperId: C.id, edit: { tags: ['cited'] } })
  await s.close()
  // A conversation of three answered turns and a comparison of the three papers, written by
  // the stores themselves.
  const threads = new ThreadStore(join(base, 'threads'))
  await threads.open()
  const thread = await threads.create({ title: 'Chapter 2 questions' })
  for (const q of ['What is alpha?', 'And bravo?', 'Which one cites charlie?']) {
    const turn = await threads.beginTurn(thread.id, q)
    await threads.finishTurn(thread.id, turn.id, {
      status: 'done',
      answer: {
        answer: `About ${q}`,
        mode: 'evidence',
        verified: false,
        notice: null,
        citations: [],
        usage: { inputTokens: 0, outputTokens: 0 }
      } as unknown as Answer,
      model: null
    })
  }
  await threads.flush()
  THREAD = thread.id
  const comparisons = new ComparisonStore(join(base, 'comparisons'))
  await comparisons.open()
  const at = new Date().toISOString()
  const comparison: Comparison = {
    id: 'cmp-battery',
    title: 'Methods compared',
    createdAt: at,
    updatedAt: at,
    threadId: null,
    collection: null,
    paperIds: PAPERS.map((p) => p.id),
    columns: [{ id: 'q1', kind: 'question', text: 'Which method?' }],
    cells: PAPERS.map((p) => ({
      paperId: p.id,
      columnId: 'q1',
      status: 'evidence',
      answer: `The ${p.name} method`,
      verdict: null,
      citations: [],
      notice: null,
      problem: null,
      usage: { inputTokens: 0, outputTokens: 0 }
    }))
  }
  await comparisons.save(comparison)
}, 120_000)

let THREAD = ''

/** A fresh copy of the library. */
function copy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'rp-battery-case-')), 'data')
  cpSync(base, dir, { recursive: true })
  return dir
}

/** What the user made, as the library shows it. */
interface Made {
  titleOfA: string
  tagsOfB: string[]
  /** Set by hand (the paper's text is English). */
  languageOfB: string | null
  tagsOfC: string[]
  inThesis: string[]
}

async function madeIn(s: Services): Promise<Made> {
  const { collections } = await call<{ collections: Collection[] }>(s, 'library:collections', {})
  const thesis = collections.find((c) => c.name === 'Thesis chapter 2')
  const papers = s.library.list()
  const byId = (id: string): Paper | undefined => papers.find((p) => p.id === id)
  return {
    titleOfA: byId(A.id)?.title ?? '(missing)',
    tagsOfB: byId(B.id)?.tags ?? [],
    languageOfB: byId(B.id)?.language ?? null,
    tagsOfC: byId(C.id)?.tags ?? [],
    inThesis: thesis
      ? papers
          .filter((p) => p.collectionIds.includes(thesis.id))
          .map((p) => p.id)
          .sort()
      : []
  }
}

const EVERYTHING: Made = {
  titleOfA: EDITED_TITLE,
  tagsOfB: ['to-read', 'methods'],
  languageOfB: 'pt',
  tagsOfC: ['cited'],
  inThesis: [A.id, C.id].sort()
}

interface Row {
  kind: string
  damage: (data: string) => void
  /** What the user made that is still there once the library is open and idle. */
  survives?: Made
  /** Further checks of what survived. */
  check?: (s: Services, data: string) => Promise<void> | void
  /** What survived, as the closing note's table says it. */
  survived: string
  /** What the notices say (each must match one). */
  told: RegExp[]
  /** What the user is told outside the library's notices (the conversation list), as shown. */
  tells?: (s: Services) => string
  /** The open is refused (a file from a newer version): what the error says. */
  refused?: RegExp
}

const catalog = (data: string): string => join(data, 'library.json')
const catalogText = (data: string): string => readFileSync(catalog(data), 'utf8')
const journal = (data: string): string => join(data, 'library.journal')
const cutHalf = (file: string): void => {
  const text = readFileSync(file)
  writeFileSync(file, text.subarray(0, Math.floor(text.length / 2)))
}
/** The files under `dir` whose names match, at any depth. */
function filesIn(dir: string, name: RegExp): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => name.test(f))
    .map((f) => join(dir, f))
}
function storedRecord(data: string, id: string): Record<string, unknown> {
  const doc = JSON.parse(catalogText(data)) as { papers: Record<string, unknown>[] }
  return doc.papers.find((p) => p.id === id)!
}
const everySearchable = async (s: Services): Promise<void> => {
  for (const p of PAPERS) {
    const { results } = await s.retriever.search({ query: p.name, limit: 3 })
    expect(
      results.some((h) => h.paperId === p.id),
      p.name
    ).toBe(true)
  }
}

const ROWS: Row[] = [
  {
    kind: 'catalog truncated',
    damage: (d) => writeFileSync(catalog(d), catalogText(d).slice(0, catalogText(d).length / 2)),
    survives: EVERYTHING,
    check: everySearchable,
    survived:
      'all 3 papers, searchable; the collection, the hand-edited title and language, the tags',
    told: [
      /library\.json could not be read .*Recovered 3 paper\(s\)/s,
      /From the last good copy .* 1 collection\(s\) restored, hand edits on 2 paper\(s\), tags on 2 paper\(s\), 2 paper\(s\) back in their collections/
    ]
  },
  {
    kind: 'catalog empty',
    damage: (d) => writeFileSync(catalog(d), ''),
    survives: EVERYTHING,
    survived: 'everything, as above',
    told: [/library\.json could not be read/, /1 collection\(s\) restored/]
  },
  {
    kind: 'catalog and its last good copy both lost',
    damage: (d) => {
      writeFileSync(catalog(d), '')
      writeFileSync(join(d, 'library.previous.json'), '{"vers')
    },
    // The papers come back from their files; what only the catalog held is gone, and said.
    survives: {
      titleOfA: 'The alpha paper',
      tagsOfB: [],
      languageOfB: 'en',
      tagsOfC: [],
      inThesis: []
    },
    survived: 'the 3 papers with their PDF titles; the collection, edit and tags are gone (said)',
    told: [
      /Recovered 3 paper\(s\)/,
      /collections, tags and hand-edited fields could not be recovered/
    ]
  },
  {
    kind: 'catalog from a newer version',
    damage: (d) => {
      const doc = JSON.parse(catalogText(d)) as { version: number }
      writeFileSync(catalog(d), JSON.stringify({ ...doc, version: 99 }))
    },
    refused: /newer/i,
    check: (_s, d) => expect(JSON.parse(catalogText(d)).version).toBe(99),
    survived: 'the file, untouched; the library is not opened',
    told: []
  },
  {
    kind: 'catalog with a bad record',
    damage: (d) => {
      const doc = JSON.parse(catalogText(d)) as { papers: Record<string, unknown>[] }
      doc.papers.find((p) => p.id === A.id)!.status = 'a status from the future'
      writeFileSync(catalog(d), JSON.stringify(doc))
    },
    survives: { ...EVERYTHING, titleOfA: '(missing)', inThesis: [C.id] },
    check: (_s, d) => expect(storedRecord(d, A.id).status).toBe('a status from the future'),
    survived:
      'the other papers and everything on them; the bad record kept unchanged in library.json',
    told: [new RegExp(`A record in library\\.json \\(paper ${A.id}\\) cannot be read`)]
  },
  {
    kind: 'journal garbage line',
    damage: (d) => appendFileSync(journal(d), '{"seq": 7, "op": "put", "pap\nnot json at all\n'),
    survives: EVERYTHING,
    survived: 'everything',
    told: [/library\.journal.*could not be read/]
  },
  {
    kind: 'journal gap',
    damage: (d) => {
      const seq = (JSON.parse(catalogText(d)) as { journalSeq: number }).journalSeq
      const paper = { ...storedRecord(d, C.id), title: 'Charlie, renamed after the gap' }
      writeFileSync(
        journal(d),
        journalHeader() + journalLine({ seq: seq + 2, op: 'put', paper } as never)
      )
    },
    survives: EVERYTHING,
    check: (s) => expect(s.library.get(C.id).title).toBe('Charlie, renamed after the gap'),
    survived: 'everything, and the change after the gap (applied)',
    told: [
      /1 change to the library is missing|A change to the library is missing from library\.journal.*the 1 change\(s\) after it were applied/
    ]
  },
  {
    kind: 'journal from a newer version',
    damage: (d) =>
      writeFileSync(journal(d), '{"format":"researchpal-catalog-journal","version":99}\n'),
    refused: /newer/i,
    survived: 'both files, untouched; the library is not opened',
    told: []
  },
  {
    kind: 'keyword file truncated',
    damage: (d) => cutHalf(filesIn(join(d, 'index'), new RegExp(`${A.id}\\.kw$`))[0]!),
    survives: EVERYTHING,
    check: everySearchable,
    survived: 'everything; the paper re-indexed from its PDF, searchable',
    told: [new RegExp(`\\(${A.id}\\).*keyword`)]
  },
  {
    kind: 'vector file truncated',
    damage: (d) => cutHalf(filesIn(join(d, 'index'), new RegExp(`${B.id}\\.rpv$`))[0]!),
    survives: EVERYTHING,
    check: everySearchable,
    survived: 'everything; the vectors computed again',
    told: [new RegExp(`\\(${B.id}\\)`)]
  },
  {
    kind: 'vector store.json garbled',
    damage: (d) =>
      writeFileSync(filesIn(join(d, 'index'), /store\.json$/)[0]!, '{"embedderId": nul'),
    survives: EVERYTHING,
    check: everySearchable,
    survived: "everything; store.json rebuilt from the papers' vector files",
    told: [/store\.json could not be read/]
  },
  {
    kind: 'page file truncated',
    damage: (d) => cutHalf(join(d, 'pages', `${C.id}.json`)),
    survives: EVERYTHING,
    check: async (s) => {
      await everySearchable(s)
      expect(JSON.parse(readFileSync(join(s.paths.pages, `${C.id}.json`), 'utf8')).paperId).toBe(
        C.id
      )
    },
    survived: 'everything; the page text rebuilt from the PDF at open',
    told: [new RegExp(`\\(${C.id}\\).*page text \\(pages/\\) is missing or cut short`)]
  },
  {
    kind: 'settings.json garbled',
    damage: (d) => writeFileSync(join(d, 'settings.json'), '{"version": 1, "values": {"uiLang'),
    survives: EVERYTHING,
    check: (_s, d) => expect(filesIn(d, /^settings\.json\.unreadable-/).length).toBe(1),
    survived: 'the library; the damaged settings kept aside, defaults in force',
    told: [/settings\.json could not be read/]
  },
  {
    kind: 'ingest tuning garbled',
    damage: (d) => writeFileSync(join(d, 'ingest-tuning.json'), '{"version":'),
    survives: EVERYTHING,
    survived: 'the library; the tuning (measured, not made by the user) back to its defaults',
    told: []
  },
  {
    kind: 'comparison truncated',
    damage: (d) => {
      const file = join(d, 'comparisons', 'cmp-battery.json')
      const text = readFileSync(file, 'utf8')
      // Cut in the middle of the third cell.
      writeFileSync(file, text.slice(0, text.lastIndexOf('The charlie method') + 5))
    },
    survives: EVERYTHING,
    check: (s) => {
      const c = s.compare.get('cmp-battery')
      expect(c.title).toBe('Methods compared')
      expect(c.cells.map((x) => x.status)).toEqual(['evidence', 'evidence', 'failed'])
      expect(c.cells[2]!.notice?.message).toMatch(/Compare again/)
    },
    survived:
      'the comparison, its papers and columns and the 2 whole cells; the cut cell marked to compare again',
    told: [/"Methods compared" is back with 2 cell\(s\).*the 1 cell\(s\) lost.*kept as/]
  },
  {
    kind: 'thread truncated',
    damage: (d) => {
      const file = join(d, 'threads', `${THREAD}.json`)
      const text = readFileSync(file, 'utf8')
      writeFileSync(file, text.slice(0, text.lastIndexOf('Which one cites') + 4))
    },
    survives: EVERYTHING,
    check: async (s) => {
      const { threads, damaged } = s.conversations.list()
      expect(threads.map((t) => [t.id, t.turnCount])).toEqual([[THREAD, 2]])
      expect(damaged).toMatchObject([{ recoveredTurns: 2 }])
    },
    survived: 'the conversation with its 2 whole turns; the damaged file kept in threads/damaged/',
    told: [],
    tells: (s) => {
      const d = s.conversations.list().damaged[0]!
      const said = mainT('en')('cli.recoveredThread', { ...d, count: d.recoveredTurns })
      expect(said).toMatch(/the conversation is back with the 2 turn\(s\) read whole/)
      return `${said} (threads list; the app's list says a conversation was damaged and where)`
    }
  },
  {
    kind: 'writer lock torn',
    damage: (d) => writeFileSync(join(d, 'writer.lock'), '{"pid": 12'),
    survives: EVERYTHING,
    survived: 'everything; the lock taken again',
    told: []
  },
  {
    kind: 'writer lock stale (its process gone)',
    damage: (d) =>
      writeFileSync(
        join(d, 'writer.lock'),
        JSON.stringify({
          pid: 2 ** 22 + 7,
          host: 'x',
          purpose: 'ResearchPal (the app)',
          since: new Date(0).toISOString()
        })
      ),
    survives: EVERYTHING,
    survived: 'everything; the lock taken over',
    told: []
  },
  {
    kind: 'folder-import manifest garbled',
    damage: (d) => {
      mkdirSync(join(d, 'imports'), { recursive: true })
      writeFileSync(join(d, 'imports', 'folder-import.json'), '{"version":1,"items":[{"pa')
    },
    survives: EVERYTHING,
    survived: "the library; the unfinished import's list kept aside",
    told: [/folder-import\.json|import/i]
  },
  {
    kind: 'stray PDF (killed before the first catalog write)',
    damage: (d) => {
      const bytes = makePaperPdf({ title: 'The delta paper', pages: 2, seed: 11, marker: 'delta' })
      const id = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
      writeFileSync(join(d, 'pdfs', `${id}.pdf`), bytes)
      STRAY = id
    },
    survives: EVERYTHING,
    check: (s) => {
      expect(s.library.get(STRAY)).toMatchObject({ status: 'indexed', title: 'The delta paper' })
    },
    survived: 'everything, and the interrupted add finished: the PDF added and indexed',
    told: [/A PDF in the library folder belonged to no paper .*added to the library now/]
  }
]
let STRAY = ''

const TABLE: string[] = []

describe('the battery of damaged files', () => {
  afterAll(() => {
    const table = [
      '| kind | what survived | what the user was told |',
      '|---|---|---|',
      ...TABLE
    ].join('\n')
    console.log(`\n${table}\n`)
    if (process.env.RESEARCHPAL_BATTERY_TABLE)
      writeFileSync(process.env.RESEARCHPAL_BATTERY_TABLE, `${table}\n`)
  })

  it.each(ROWS)(
    '$kind',
    async (row) => {
      const data = copy()
      row.damage(data)
      if (row.refused) {
        const error = await open(data).then(
          (s) => s.close().then(() => null),
          (e: unknown) => e as Error
        )
        expect(error?.message).toMatch(row.refused)
        await row.check?.(null as never, data)
        TABLE.push(
          `| ${row.kind} | ${row.survived} | refused to open: "${short(error!.message)}" |`
        )
        return
      }
      const s = await open(data)
      try {
        await s.library.whenIdle()
        if (row.survives) expect(await madeIn(s)).toEqual(row.survives)
        await row.check?.(s, data)
        const told = s.library.notices().map((n: LibraryNotice) => n.message)
        for (const re of row.told)
          expect(
            told.some((m) => re.test(m)),
            `${re}\n${told.join('\n')}`
          ).toBe(true)
        const said = row.told.map((re) => told.find((m) => re.test(m))!)
        if (row.tells) said.push(row.tells(s))
        TABLE.push(
          `| ${row.kind} | ${row.survived} | ${said.map((m) => `"${short(m)}"`).join(' + ') || '(nothing: nothing the user made was touched)'} |`
        )
      } finally {
        await s.close()
      }
    },
    150_000
  )
  it('keeps the last good copy beside library.json, the same as it after a whole write', async () => {
    const data = copy()
    const previous = JSON.parse(
      readFileSync(join(data, 'library.previous.json'), 'utf8')
    ) as unknown
    expect(previous).toEqual(JSON.parse(catalogText(data)))
    expect(readdirSync(data).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})

function short(message: string): string {
  const one = message.replace(/\s+/g, ' ').replace(/\|/g, '\\|')
  return one.length > 220 ? `${one.slice(0, 217)}…` : one
}
