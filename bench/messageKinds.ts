/**
 * Accuracy of the small-talk / off-topic classifier on the labelled set
 * (`test/fixtures/chat/message-kinds.jsonl`, English and Brazilian Portuguese), as JSON.
 * Run: `npx tsx bench/messageKinds.ts`. Rules only: the embedding model is not on this machine.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { classifyByRules, type MessageKind } from '../src/main/agent/messageKind'

interface Row {
  lang: string
  kind: MessageKind
  text: string
}

/** Reads the labelled set. */
export function labelledMessages(): Row[] {
  const file = join(__dirname, '../test/fixtures/chat/message-kinds.jsonl')
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row)
}

/** Accuracy per language and overall, with the confusion and the misses. */
export function measure(rows: Row[]) {
  const byLang: Record<string, { n: number; correct: number }> = {}
  const confusion: Record<string, number> = {}
  const misses: { text: string; expected: MessageKind; got: MessageKind }[] = []
  for (const r of rows) {
    const got = classifyByRules(r.text)
    const lang = (byLang[r.lang] ??= { n: 0, correct: 0 })
    lang.n++
    if (got === r.kind) lang.correct++
    else misses.push({ text: r.text, expected: r.kind, got })
    confusion[`${r.kind}->${got}`] = (confusion[`${r.kind}->${got}`] ?? 0) + 1
  }
  const correct = rows.length - misses.length
  return {
    classifier: 'rules (no embedding model present)',
    n: rows.length,
    accuracy: Number((correct / rows.length).toFixed(3)),
    byLanguage: Object.fromEntries(
      Object.entries(byLang).map(([k, v]) => [
        k,
        { n: v.n, accuracy: Number((v.correct / v.n).toFixed(3)) }
      ])
    ),
    confusion,
    misses
  }
}

if (process.argv[1]?.endsWith('messageKinds.ts')) {
  process.stdout.write(`${JSON.stringify(measure(labelledMessages()), null, 2)}\n`)
}
