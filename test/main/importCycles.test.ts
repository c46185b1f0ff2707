import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '..', '..')
const SRC = join(ROOT, 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

// Relative imports only (packages cannot close a circle through our code), `import type` included:
// a type-only edge still means the two files must be understood together.
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const info = ts.preProcessFile(text, true, true)
  const out: string[] = []
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue
    const base = resolve(dirname(file), ref.fileName)
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => {
      try {
        return statSync(p).isFile()
      } catch {
        return false
      }
    })
    if (found) out.push(found)
  }
  return out
}

/** Every import circle among `files`, each as the list of files around it (Tarjan's SCCs). */
export function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let next = 0
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const scc: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      scc.push(w)
    } while (w !== v)
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(scc)
  }
  for (const f of files) if (!index.has(f)) visit(f)
  return cycles.map((c) => c.map((f) => relative(ROOT, f)).sort())
}

describe('import structure', () => {
  it('has no import circle in the main process, preload or shared code (type-only imports count)', () => {
    // The renderer's store is left out: its slices and their combined type import each other by
    // design (zustand's slice pattern, types only).
    const files = ['main', 'shared', 'preload'].flatMap((d) => sourceFiles(join(SRC, d)))
    expect(importCycles(files)).toEqual([])
  })

  it('finds a circle when there is one', () => {
    // The detector itself: the circle issue 18 named, as it was on main before the refactor.
    const dir = join(ROOT, 'test', 'fixtures', 'importCycle')
    expect(importCycles(sourceFiles(dir))).toEqual([
      [
        'test/fixtures/importCycle/a.ts',
        'test/fixtures/importCycle/b.ts',
        'test/fixtures/importCycle/c.ts'
      ]
    ])
  })
})
