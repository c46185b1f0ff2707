/**
 * Accuracy of the message-kind classifier (small talk, app help, off-topic or a question for the
 * papers) as JSON, on two labelled sets it is not trained on, in English and Brazilian
 * Portuguese: the held-out set (`test/fixtures/chat/message-kinds-heldout.jsonl`, the target's
 * figure) and the team's earlier set (`message-kinds.jsonl`). The offline naive Bayes classifier
 * is measured (no embedding model), with the older phrase rules beside it for comparison.
 * Run: `npx tsx bench/messageKinds.ts` (about a second); `npm run eval` includes it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  classifyByRules,
  classifyOffline,
  MIN_KIND_MARGIN,
  MIN_RUNNER_UP_MARGIN,
  type MessageKind
} from '../src/main/agent/messageKind'
import { KIND_TRAINING, KIND_TRAINING_VERSION } from '../src/main/agent/messageKindTraining'

interface Row {
  lang: string
  kind: MessageKind
  text: string
}

/** Reads a labelled set from `test/fixtures/chat/`. */
export function labelledMessages(file = 'message-kinds.jsonl'): Row[] {
  return readFileSync(join(__dirname, '../test/fixtures/chat', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row)
}

/** The held-out set: never trained on. */
export function heldOutMessages(): Row[] {
  return labelledMessages('message-kinds-heldout.jsonl')
}

/** Accuracy per language and overall, with the confusion, the lost paper questions and the misses. */
export function measure(rows: Row[], classify: (text: string) => MessageKind = classifyOffline) {
  const byLang: Record<string, { n: number; correct: number }> = {}
  const confusion: Record<string, number> = {}
  const misses: { text: string; expected: MessageKind; got: MessageKind }[] = []
  for (const r of rows) {
    const got = classify(r.text)
    const lang = (byLang[r.lang] ??= { n: 0, correct: 0 })
    lang.n++
    if (got === r.kind) lang.correct++
    else misses.push({ text: r.text, expected: r.kind, got })
    confusion[`${r.kind}->${got}`] = (confusion[`${r.kind}->${got}`] ?? 0) + 1
  }
  const correct = rows.length - misses.length
  return {
    n: rows.length,
    accuracy: Number((correct / rows.length).toFixed(3)),
    byLanguage: Object.fromEntries(
      Object.entries(byLang).map(([k, v]) => [
        k,
        { n: v.n, accuracy: Number((v.correct / v.n).toFixed(3)) }
      ])
    ),
    lostPaperQuestions: misses.filter((m) => m.expected === 'papers').length,
    confusion,
    misses
  }
}

/** Both sets, the classifier and the rules, and the target (held-out accuracy ≥ 0.90). */
export function messageKindsEval() {
  const heldOut = measure(heldOutMessages())
  return {
    classifier: `naive Bayes over words, word pairs and character 3–4-grams (no embedding model), margins ${MIN_KIND_MARGIN} over papers and ${MIN_RUNNER_UP_MARGIN} over the runner-up`,
    training: {
      version: KIND_TRAINING_VERSION,
      n: Object.values(KIND_TRAINING).reduce((s, v) => s + v.length, 0)
    },
    heldOut,
    teamSet: measure(labelledMessages()),
    rulesBaseline: {
      heldOut: measure(heldOutMessages(), classifyByRules).accuracy,
      teamSet: measure(labelledMessages(), classifyByRules).accuracy
    },
    target: { heldOutAccuracy: 0.9, met: heldOut.accuracy >= 0.9 }
  }
}

if (process.argv[1]?.endsWith('messageKinds.ts')) {
  process.stdout.write(`${JSON.stringify(messageKindsEval(), null, 2)}\n`)
}
