/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0
  for (const x of v) sum += x * x
  const norm = Math.sqrt(sum)
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm
  return v
}

/**
 * Mean of one row's token vectors over the positions its attention mask keeps.
 * @param hidden `[batch, seq, dims]` row-major, as the encoder returns it.
 */
export function meanPoolRow(
  hidden: Float32Array,
  row: number,
  seq: number,
  dims: number,
  mask: ArrayLike<bigint | number>
): Float32Array {
  const out = new Float32Array(dims)
  let kept = 0
  for (let t = 0; t < seq; t++) {
    if (Number(mask[row * seq + t]) === 0) continue
    kept++
    const base = (row * seq + t) * dims
    for (let d = 0; d < dims; d++) out[d]! += hidden[base + d]!
  }
  if (kept > 0) for (let d = 0; d < dims; d++) out[d]! /= kept
  return out
}

/** The re-normalized mean of unit vectors: one vector for a text embedded in windows. */
export function combineUnitVectors(vectors: readonly Float32Array[]): Float32Array {
  if (vectors.length === 0) throw new Error('combineUnitVectors needs at least one vector')
  if (vectors.length === 1) return vectors[0]!
  const out = new Float32Array(vectors[0]!.length)
  for (const v of vectors) for (let d = 0; d < out.length; d++) out[d]! += v[d]!
  return normalize(out)
}
