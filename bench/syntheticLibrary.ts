import { bibliographyDefaults } from '../src/shared/types'
import type { Chunk } from '../src/main/domain'
import { chunkId } from '../src/main/domain'
import type { Paper } from '../src/shared/types'
import { seededRandom } from '../test/fakes/onnxGraph'

/** A seeded PRNG (mulberry32), so every run builds the same library. */
export const rng = seededRandom

/** The catalog record of a synthetic, already indexed paper. */
export function syntheticPaperRecord(id: string, chunks: number, embedderId: string): Paper {
  return {
    id,
    title: `Synthetic paper ${id}`,
    authors: [],
    year: null,
    arxivId: null,
    source: { kind: 'file', fileName: `${id}.pdf` },
    sha256: null,
    pages: Math.ceil(chunks / 5),
    chunks,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: '2026-01-01T00:00:00.000Z',
    indexedAt: '2026-01-01T00:00:00.000Z',
    embedderId,
    ...bibliographyDefaults()
  }
}

function gaussian(r: () => number): number {
  return Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r())
}

/** A unit vector. */
export function normalize(v: Float32Array): Float32Array {
  let n = 0
  for (const x of v) n += x * x
  n = Math.sqrt(n) || 1
  for (let i = 0; i < v.length; i++) v[i]! /= n
  return v
}

/**
 * Clustered unit vectors, shaped like sentence embeddings of papers on a few hundred topics.
 * @remarks Uniformly random vectors would make every neighbour nearly equidistant, which no real
 * embedding does; here a chunk is its topic's centre plus noise, so true neighbours exist.
 */
export class SyntheticVectors {
  private readonly r: () => number
  private readonly centres: Float32Array[]

  constructor(
    readonly dims: number,
    topics: number,
    seed = 1
  ) {
    this.r = rng(seed)
    this.centres = Array.from({ length: topics }, () => this.noise(1))
  }

  /** A chunk vector of a topic. */
  chunk(topic: number): Float32Array {
    const c = this.centres[topic % this.centres.length]!
    const v = this.noise(0.045)
    for (let i = 0; i < v.length; i++) v[i]! += c[i]! / Math.sqrt(this.dims) / 1.2
    return normalize(v)
  }

  /** A query near an existing vector. */
  near(v: Float32Array, spread = 0.5): Float32Array {
    const q = this.noise(spread / Math.sqrt(this.dims))
    for (let i = 0; i < q.length; i++) q[i]! += v[i]!
    return normalize(q)
  }

  private noise(scale: number): Float32Array {
    const v = new Float32Array(this.dims)
    for (let i = 0; i < v.length; i++) v[i] = gaussian(this.r) * scale
    return v
  }
}

/**
 * Chunk texts for a synthetic paper: real chunk texts when given (cycled), else Zipfian words.
 * @remarks Real text matters for the disk figure (it sets the compression ratio) and for BM25
 * (term statistics). Each paper gets a few unique terms so papers are distinguishable.
 */
export function syntheticChunks(
  paperId: string,
  count: number,
  source: readonly string[],
  r: () => number
): Chunk[] {
  const out: Chunk[] = []
  const offset = Math.floor(r() * 1_000_000)
  for (let i = 0; i < count; i++) {
    const page = 1 + Math.floor(i / 5)
    const index = i % 5
    const base = source.length > 0 ? source[(offset + i) % source.length]! : zipfText(r, 180)
    const text = `${base} ${paperId.replace(/\W/g, '')}term${i % 7}`
    out.push({
      id: chunkId(paperId, page, index),
      paperId,
      page,
      index,
      section: i < 3 ? 'abstract' : 'body',
      text,
      tokens: Math.round(text.length / 4)
    })
  }
  return out
}

function zipfText(r: () => number, words: number): string {
  const out: string[] = []
  for (let i = 0; i < words; i++) {
    const rank = Math.floor(Math.exp(r() * Math.log(20000)))
    out.push(`w${rank.toString(36)}`)
  }
  return out.join(' ')
}
