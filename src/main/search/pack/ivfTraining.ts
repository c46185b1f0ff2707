/**
 * The inverted-file index's centroids: spherical k-means training on a sample of the rows, and
 * each new row's nearest centroid (used when a vector pack is written).
 */
import type { PaperVectors } from '../vectorScan'

/** A paper's vectors going into a pack, with its file's identity. */
export interface PackInput {
  vectors: PaperVectors
  size: number
  mtimeMs: number
}

/** Rows the k-means training samples. */
const TRAIN_SAMPLE = 8192
const TRAIN_ITERATIONS = 5

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Spherical k-means on a sample of the rows: `lists` unit centroids. */
export async function trainCentroids(
  papers: readonly PackInput[],
  dims: number,
  wanted: number
): Promise<Float32Array> {
  const total = papers.reduce((n, p) => n + p.vectors.ids.length, 0)
  const lists = Math.max(1, Math.min(wanted, Math.floor(total / 8)))
  const sampleSize = Math.min(total, Math.max(TRAIN_SAMPLE, lists))
  // An evenly spaced, deterministic sample, dequantized to floats.
  const sample = new Float32Array(sampleSize * dims)
  const step = total / sampleSize
  let next = 0
  let seen = 0
  let taken = 0
  for (const { vectors: v } of papers) {
    const n = v.ids.length
    while (taken < sampleSize && Math.floor(next) < seen + n) {
      const r = Math.floor(next) - seen
      for (let j = 0; j < dims; j++) sample[taken * dims + j] = v.codes[r * dims + j]! * v.inv[r]!
      taken++
      next += step
    }
    seen += n
  }
  const centroids = new Float32Array(lists * dims)
  const pick = taken / lists
  for (let l = 0; l < lists; l++) {
    const s = Math.floor(l * pick)
    centroids.set(sample.subarray(s * dims, (s + 1) * dims), l * dims)
  }
  const assign = new Uint16Array(taken)
  for (let it = 0; it < TRAIN_ITERATIONS; it++) {
    for (let i = 0; i < taken; i++) {
      let best = -Infinity
      let bestL = 0
      for (let l = 0; l < lists; l++) {
        const s = dotRows(centroids, l * dims, sample, i * dims, dims)
        if (s > best) {
          best = s
          bestL = l
        }
      }
      assign[i] = bestL
      if (i % 64 === 63) await yieldNow()
    }
    const sums = new Float64Array(lists * dims)
    const counts = new Uint32Array(lists)
    for (let i = 0; i < taken; i++) {
      const l = assign[i]!
      counts[l]!++
      for (let j = 0; j < dims; j++) sums[l * dims + j]! += sample[i * dims + j]!
    }
    for (let l = 0; l < lists; l++) {
      if (counts[l] === 0) continue // an empty list keeps its centroid
      let norm = 0
      for (let j = 0; j < dims; j++) norm += sums[l * dims + j]! ** 2
      const f = norm > 0 ? 1 / Math.sqrt(norm) : 0
      for (let j = 0; j < dims; j++) centroids[l * dims + j] = sums[l * dims + j]! * f
    }
  }
  return centroids
}

/** The nearest centroid of each row of a paper. */
export function assignRows(v: PaperVectors, centroids: Float32Array, lists: number): Uint16Array {
  const dims = v.dims
  const out = new Uint16Array(v.ids.length)
  const row = new Float32Array(dims)
  for (let r = 0; r < v.ids.length; r++) {
    for (let j = 0; j < dims; j++) row[j] = v.codes[r * dims + j]!
    let best = -Infinity
    for (let l = 0; l < lists; l++) {
      const s = dot(centroids, l * dims, row)
      if (s > best) {
        best = s
        out[r] = l
      }
    }
  }
  return out
}

/** Dot product of the row of `a` at `o` with `q` (two accumulators). */
export function dot(a: Float32Array, o: number, q: Float32Array): number {
  let s0 = 0
  let s1 = 0
  let j = 0
  const d = q.length
  for (; j + 1 < d; j += 2) {
    s0 += a[o + j]! * q[j]!
    s1 += a[o + j + 1]! * q[j + 1]!
  }
  for (; j < d; j++) s0 += a[o + j]! * q[j]!
  return s0 + s1
}

/** Dot product of `d` floats of `a` at `oa` and of `b` at `ob`. */
function dotRows(a: Float32Array, oa: number, b: Float32Array, ob: number, d: number): number {
  let s = 0
  for (let j = 0; j < d; j++) s += a[oa + j]! * b[ob + j]!
  return s
}
