import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Catalog } from '../../../src/main/library/Catalog'
import { SettingsService } from '../../../src/main/settings/settingsService'
import { EnvSecretStore } from '../../../src/main/settings/secretStore'
import {
  parseVersioned,
  readVersioned,
  writeVersioned,
  type FileFormat
} from '../../../src/main/storage/versionedFile'

const dir = (): string => mkdtempSync(join(tmpdir(), 'rp-format-'))

/** A format at version 3 whose field was renamed (1 -> 2) and gained a default (2 -> 3). */
const NOTES: FileFormat<{ version: 3; title: string; tags: string[] }> = {
  name: 'notes.json',
  version: 3,
  unversioned: 1,
  schema: z.looseObject({ version: z.literal(3), title: z.string(), tags: z.array(z.string()) }),
  migrations: {
    1: ({ name, ...rest }) => ({ ...rest, title: name }),
    2: (doc) => ({ ...doc, tags: [] })
  }
}

describe('versioned files', () => {
  it('runs the numbered migrations in order and keeps unknown fields', () => {
    const r = parseVersioned(JSON.stringify({ name: 'n', extra: 7 }), NOTES)
    expect(r).toEqual({
      state: 'ok',
      data: { version: 3, title: 'n', tags: [], extra: 7 },
      migratedFrom: 1
    })
  })

  it('says which file is unreadable and why, and leaves a newer one alone', async () => {
    expect(parseVersioned('{"version":3,"title":', NOTES)).toMatchObject({
      state: 'unreadable',
      reason: expect.stringContaining('not valid JSON')
    })
    expect(parseVersioned('{"version":3,"title":5,"tags":[]}', NOTES)).toMatchObject({
      state: 'unreadable',
      reason: expect.stringContaining('title')
    })
    expect(parseVersioned('{"version":4}', NOTES)).toEqual({ state: 'newer', version: 4 })
    expect(await readVersioned(join(dir(), 'none.json'), NOTES)).toEqual({ state: 'missing' })
  })

  it('writes atomically with the version stamped', async () => {
    const file = join(dir(), 'notes.json')
    await writeVersioned(file, NOTES, { title: 't', tags: ['a'] })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 3, title: 't', tags: ['a'] })
  })

  it('migrates a version-1 library.json at open, keeping a copy of the original', async () => {
    const d = dir()
    const file = join(d, 'library.json')
    const paper = {
      id: 'p1',
      title: 'T',
      authors: [],
      year: null,
      arxivId: null,
      source: { kind: 'file', fileName: 'p1.pdf' },
      sha256: null,
      pages: 1,
      chunks: 1,
      sections: [],
      status: 'indexed',
      error: null,
      addedAt: 'x',
      indexedAt: null,
      embedderId: null
    }
    const v1 = { version: 1, papers: [paper] }
    writeFileSync(file, JSON.stringify(v1))
    const catalog = new Catalog(file)
    expect(await catalog.load()).toEqual({ state: 'ok', migratedFrom: 1 })
    expect(catalog.get('p1')?.chunkerId).toBeNull()
    await catalog.flush()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 3, journalSeq: 0 })
    expect(JSON.parse(readFileSync(`${file}.v1.bak`, 'utf8'))).toEqual(v1)
  })
})

describe('settings.json', () => {
  it('saves only what the user changed: no defaults, no environment overrides', async () => {
    const file = join(dir(), 'settings.json')
    const env = { GEMINI_MODEL: 'model-from-env' }
    const s = new SettingsService({ file, secrets: new EnvSecretStore({}), env })
    await s.load()
    await s.update({ toolRounds: 2 })
    expect(s.get().model).toBe('model-from-env')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      values: { toolRounds: 2 }
    })
    await s.update({ toolRounds: 1 }) // back to the default: forgotten
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, values: {} })
  })

  it('migrates the old whole-settings file to what differed from the defaults', async () => {
    const file = join(dir(), 'settings.json')
    writeFileSync(
      file,
      JSON.stringify({ answerLanguage: 'en', model: 'gemini-3.5-flash', toolRounds: 1 })
    )
    const s = new SettingsService({ file, secrets: new EnvSecretStore({}) })
    await s.load()
    expect(s.get().answerLanguage).toBe('en')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      values: { answerLanguage: 'en' }
    })
  })

  it('keeps a damaged settings file aside and a newer-version value through a save', async () => {
    const d = dir()
    const file = join(d, 'settings.json')
    writeFileSync(file, '{"version":1,"values":{"toolRounds":2,"futureThing":true}}')
    const s = new SettingsService({ file, secrets: new EnvSecretStore({}) })
    await s.load()
    await s.update({ answerLanguage: 'en' })
    expect(JSON.parse(readFileSync(file, 'utf8')).values).toEqual({
      toolRounds: 2,
      futureThing: true,
      answerLanguage: 'en'
    })
    writeFileSync(file, '{"version":1,"values":')
    await s.load()
    expect(s.get().toolRounds).toBe(1)
    expect(existsSync(file)).toBe(false)
  })
})
