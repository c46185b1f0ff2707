import { existsSync } from 'node:fs'
import { MINILM_COST, testVocab, writeTestModel } from '../test/fakes/miniLmModel'

/** The embedding model a bench run uses, and how it says so in the JSON. */
export interface BenchModel {
  modelDir: string
  kind: 'real all-MiniLM-L6-v2 (RESEARCHPAL_MODEL_DIR)' | 'generated MiniLM-L6-shaped test model'
  note: string
}

/**
 * The real model when `RESEARCHPAL_MODEL_DIR` points at one, else a generated one of the same cost.
 * @remarks The generated model is H2's `writeTestModel` with {@link MINILM_COST} (6 layers of
 * 384, 1536 feed-forward, int8: the FLOPs of all-MiniLM-L6-v2) and random weights. Its
 * vocabulary is the test vocabulary plus the most frequent words of the papers being ingested,
 * so real text gives about one wordpiece per word, as the real 30k vocabulary does, instead of
 * one per character (which would make embedding several times slower than the real model).
 */
export async function benchModel(root: string, texts: readonly string[]): Promise<BenchModel> {
  const real = process.env.RESEARCHPAL_MODEL_DIR?.trim()
  if (real && existsSync(real)) {
    return {
      modelDir: real,
      kind: 'real all-MiniLM-L6-v2 (RESEARCHPAL_MODEL_DIR)',
      note: `model folder ${real}`
    }
  }
  const vocab = corpusVocab(texts, 25_000)
  const modelDir = await writeTestModel(root, { ...MINILM_COST, vocab })
  return {
    modelDir,
    kind: 'generated MiniLM-L6-shaped test model',
    note: `writeTestModel(MINILM_COST): random weights, q8, 6x384 layers, 1536 ffn; vocabulary = test vocab + ${Object.keys(vocab).length - Object.keys(testVocab()).length} corpus words. Throughput figures only; says nothing about retrieval quality.`
  }
}

function corpusVocab(texts: readonly string[], size: number): Record<string, number> {
  const vocab = testVocab()
  const counts = new Map<string, number>()
  for (const t of texts) {
    for (const w of t
      .toLowerCase()
      .normalize('NFD')
      .match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (w.length > 1 && !(w in vocab)) counts.set(w, (counts.get(w) ?? 0) + 1)
    }
  }
  let next = Math.max(...Object.values(vocab)) + 1
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, size)
  for (const [w] of top) vocab[w] = next++
  return vocab
}
