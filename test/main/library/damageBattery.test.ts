import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Channel } from '../../../src/shared/contract'
import type { Result } from '../../../src/shared/errors'
import type { Collection, LibraryNotice, Paper } from '../../../src/shared/types'
import { createServices, type Services } from '../../../src/main/services'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
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
}, 120_000)

/** A fresh copy of the library. */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rp-battery-case-'))
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
  /** What the user still has once the library is open and idle. */
  survives: Made
  /** What the notices say (each must match one). */
  told: RegExp[]
}

const catalog = (data: string): string => join(data, 'library.json')
const catalogText = (data: string): string => readFileSync(catalog(data), 'utf8')

const ROWS: Row[] = [
  {
    kind: 'catalog truncated',
    damage: (d) => writeFileSync(catalog(d), catalogText(d).slice(0, catalogText(d).length / 2)),
    survives: EVERYTHING,
    told: [
      /library\.json could not be read .*Recovered 3 paper\(s\)/s,
      /From the last good copy .* 1 collection\(s\) restored, hand edits on 2 paper\(s\), tags on 2 paper\(s\), 2 paper\(s\) back in their collections/
    ]
  },
  {
    kind: 'catalog empty',
    damage: (d) => writeFileSync(catalog(d), ''),
    survives: EVERYTHING,
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
    told: [
      /Recovered 3 paper\(s\)/,
      /collections, tags and hand-edited fields could not be recovered/
    ]
  }
]

describe('the battery of damaged files', () => {
  it.each(ROWS)(
    '$kind',
    async (row) => {
      const data = copy()
      row.damage(data)
      const s = await open(data)
      try {
        await s.library.whenIdle()
        expect(await madeIn(s)).toEqual(row.survives)
        const told = s.library.notices().map((n: LibraryNotice) => n.message)
        for (const re of row.told)
          expect(
            told.some((m) => re.test(m)),
            `${re}\n${told.join('\n')}`
          ).toBe(true)
      } finally {
        await s.close()
      }
    },
    60_000
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
