import type { Embedder, EmbedderProvider } from '../../src/main/search/types'
import type { EmbedderStatus } from '../../src/shared/types'

/**
 * A deterministic embedder for tests: hashed bag of words (and word bigrams), normalized.
 * @remarks Texts that share words get similar vectors, so ranking and fusion can be tested
 * without model weights; it says nothing about retrieval quality.
 */
export class FakeEmbedder implements Embedder {
  readonly dims: number
  readonly id: string
  calls = 0
  embedded = 0

  constructor(options: { dims?: number; id?: string } = {}) {
    this.dims = options.dims ?? 384
    this.id = options.id ?? `fake-hash-${this.dims}`
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++
    this.embedded += texts.length
    return texts.map((t) => this.vector(t))
  }

  async close(): Promise<void> {}

  private vector(text: string): Float32Array {
    const v = new Float32Array(this.dims)
    const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? []
    const add = (token: string, weight: number): void => {
      let h = 2166136261
      for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619)
      v[(h >>> 0) % this.dims]! += weight
    }
    words.forEach((w, i) => {
      add(w, 1)
      if (i > 0) add(`${words[i - 1]} ${w}`, 0.5)
    })
    let norm = 0
    for (const x of v) norm += x * x
    norm = Math.sqrt(norm) || 1
    for (let i = 0; i < v.length; i++) v[i]! /= norm
    return v
  }
}

/** An {@link EmbedderProvider} over a fixed embedder, or none (model missing). */
export class FakeEmbedderProvider implements EmbedderProvider {
  constructor(public embedder: Embedder | null = new FakeEmbedder()) {}

  status(): EmbedderStatus {
    return this.embedder
      ? { state: 'ready', id: this.embedder.id, modelDir: null, message: 'Fake embedder (tests)' }
      : {
          state: 'missing',
          id: null,
          modelDir: null,
          message: 'Model missing: keyword search only'
        }
  }

  async current(): Promise<Embedder | null> {
    return this.embedder
  }

  async close(): Promise<void> {}
}
