import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../../src/shared/i18n'
import { mainEn } from '../../../src/shared/i18n/en/main'
import { mainPtBR } from '../../../src/shared/i18n/pt-BR/main'
import { VERDICTS } from '../../../src/shared/compare'
import { REPLY_KEYS } from '../../../src/shared/replies'
import { TURN_STATUSES } from '../../../src/shared/threads'
import { ANSWER_STAGES, PAPER_STATUSES } from '../../../src/shared/types'

type Tree = { [key: string]: string | Tree }

/** Every leaf of a catalog as "a.b.c" -> value. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv)
  }
  return out
}

/** Every object path of a catalog ("errors", "errors.OFFLINE"). */
function branches(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>()
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') continue
    const key = prefix ? `${prefix}.${k}` : k
    out.add(key)
    for (const b of branches(v, key)) out.add(b)
  }
  return out
}

/** The renderer's source, as text (Vite reads it; the catalogs themselves are left out). */
const SOURCES = Object.entries(
  import.meta.glob<string>('../../../src/renderer/src/**/*.{ts,tsx}', {
    query: '?raw',
    import: 'default',
    eager: true
  })
).filter(([file]) => !file.includes('/i18n/'))

const variables = (s: string): string[] =>
  [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort()

const en = leaves(CATALOGS.en.renderer as unknown as Tree)
const pt = leaves(CATALOGS['pt-BR'].renderer as unknown as Tree)

describe('i18n catalogs', () => {
  it('have the same keys in English and Brazilian Portuguese', () => {
    const missingInPt = [...en.keys()].filter((k) => !pt.has(k))
    const missingInEn = [...pt.keys()].filter((k) => !en.has(k))
    expect({ missingInPt, missingInEn }).toEqual({ missingInPt: [], missingInEn: [] })
  })

  it('fill every key, with the same interpolation variables in both languages', () => {
    for (const [key, value] of en) {
      const other = pt.get(key) ?? ''
      expect(value.trim(), `en ${key}`).not.toBe('')
      expect(other.trim(), `pt-BR ${key}`).not.toBe('')
      expect(variables(other), `variables of ${key}`).toEqual(variables(value))
    }
  })

  it('have every key the source uses with t(…) or i18nKey', () => {
    const used = new Map<string, string>()
    const dynamic = new Map<string, string>()
    expect(SOURCES.length).toBeGreaterThan(20)
    for (const [file, text] of SOURCES) {
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.set(m[1] ?? '', file)
      for (const m of text.matchAll(/['"]((?:settings|app|chat)\.[\w.]+)['"]/g)) {
        if (/i18nKey/.test(text)) used.set(m[1] ?? '', file)
      }
      // `t(\`errors.${code}.title\`)`: the part before the first placeholder must be a branch.
      for (const m of text.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) dynamic.set(m[1] ?? '', file)
    }
    expect(used.size).toBeGreaterThan(100)
    for (const catalog of [en, pt]) {
      const has = (key: string): boolean =>
        catalog.has(key) || (catalog.has(`${key}_one`) && catalog.has(`${key}_other`))
      const missing = [...used].filter(([key]) => !has(key))
      expect(missing).toEqual([])
    }
    const tree = branches(CATALOGS.en.renderer as unknown as Tree)
    for (const [prefix, file] of dynamic) {
      expect(tree.has(prefix.replace(/\.$/, '')), `${prefix} in ${file}`).toBe(true)
    }
  })

  it('fails on a key that only one language has (the check itself works)', () => {
    const broken = new Map(pt)
    broken.delete('chat.ask')
    expect([...en.keys()].filter((k) => !broken.has(k))).toEqual(['chat.ask'])
  })
})

/** Every source file of main. */
const ALL_MAIN_SOURCES = import.meta.glob<string>('../../../src/main/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true
})

/** Main's source files that translate (they import `mainT`). */
const MAIN_SOURCES = Object.entries(ALL_MAIN_SOURCES).filter(([, text]) => text.includes('mainT('))

describe("main's catalog (answer texts, CLI output)", () => {
  const mEn = leaves(mainEn as Tree)
  const mPt = leaves(mainPtBR as Tree)

  it('has the same keys and variables in both languages', () => {
    expect([...mPt.keys()].sort()).toEqual([...mEn.keys()].sort())
    for (const [key, value] of mEn) {
      // `detail` is an upstream's own English words: the Portuguese text leaves it out.
      const wanted = key.startsWith('errors.')
        ? variables(value).filter((v) => v !== 'detail')
        : variables(value)
      expect(variables(mPt.get(key) ?? ''), key).toEqual(wanted)
    }
  })

  it('says every error message in Portuguese, not a copy of the English one', () => {
    const errors = [...mEn].filter(([key]) => key.startsWith('errors.'))
    expect(errors.length).toBeGreaterThan(60)
    const copied = errors.filter(([key, value]) => mPt.get(key) === value).map(([key]) => key)
    // `both` only joins two other messages, each said in its own language.
    expect(copied).toEqual(['errors.both', 'errors.downloadReasons.http'])
  })

  it('has every key main uses, in both languages', () => {
    expect(MAIN_SOURCES.length).toBeGreaterThan(1)
    const used = MAIN_SOURCES.flatMap(([, text]) =>
      [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1] ?? '')
    )
    // The CLI's help, lists and progress lines come from here too (issue 17).
    expect(used.filter((key) => key.startsWith('cli.')).length).toBeGreaterThan(60)
    for (const catalog of [mEn, mPt]) {
      const has = (key: string): boolean =>
        catalog.has(key) || (catalog.has(`${key}_one`) && catalog.has(`${key}_other`))
      expect(used.filter((key) => !has(key))).toEqual([])
    }
    // `t(\`cli.status.${status}\`)`: the part before the placeholder must be a section.
    const tree = branches(mainEn as Tree)
    const dynamic = MAIN_SOURCES.flatMap(([, text]) =>
      [...text.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)].map((m) => m[1] ?? '')
    )
    expect(dynamic.length).toBeGreaterThan(4)
    for (const prefix of dynamic) expect(tree.has(prefix.replace(/\.$/, '')), prefix).toBe(true)
  })

  it('has every error/notice key main names (`key: …`), in both languages', () => {
    // Errors, library notices and folder-import entries carry `{ key, params }` for the UI.
    const named = Object.entries(ALL_MAIN_SOURCES).flatMap(([file, text]) =>
      [...text.matchAll(/\bkey: '([A-Za-z]+)'/g)].map((m) => [m[1] ?? '', file] as const)
    )
    expect(named.length).toBeGreaterThan(100)
    // The folder import's per-file messages and notice (issue 17, fold17).
    const folderImport = named.filter(([, file]) => /main[/\\]imports[/\\]/.test(file))
    expect(folderImport.map(([key]) => key)).toEqual(
      expect.arrayContaining(['importUnreadable', 'importDuplicateOf', 'importManifestDamaged'])
    )
    // A fixed reply (`{ key: 'greeting' }`, shared/replies.ts) names `answer.<key>` instead.
    const isReply = (key: string): boolean => (REPLY_KEYS as readonly string[]).includes(key)
    for (const catalog of [mEn, mPt]) {
      const has = (key: string): boolean =>
        catalog.has(`errors.${key}`) ||
        (catalog.has(`errors.${key}_one`) && catalog.has(`errors.${key}_other`)) ||
        (isReply(key) && catalog.has(`answer.${key}`))
      expect(named.filter(([key]) => !has(key))).toEqual([])
      expect(REPLY_KEYS.filter((key) => !catalog.has(`answer.${key}`))).toEqual([])
    }
  })

  it('has a Portuguese text for every value a dynamic CLI key takes', () => {
    const sections = {
      'cli.status': PAPER_STATUSES,
      'cli.stages': ANSWER_STAGES,
      'cli.threads.turnStatus': TURN_STATUSES,
      'cli.compare.verdicts': VERDICTS
    }
    for (const [section, values] of Object.entries(sections)) {
      for (const value of values) {
        expect(mEn.has(`${section}.${value}`), `${section}.${value}`).toBe(true)
        expect(mPt.has(`${section}.${value}`), `pt-BR ${section}.${value}`).toBe(true)
      }
    }
  })

  it('fails on a CLI key that only one language has (the check itself works)', () => {
    const broken = new Map(mPt)
    broken.delete('cli.papers.empty')
    expect([...mEn.keys()].filter((k) => !broken.has(k))).toEqual(['cli.papers.empty'])
  })
})
