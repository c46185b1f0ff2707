import { OnnxGraphBuilder, seededRandom } from './onnxGraph'
import { OnnxType } from './onnxProto'

/** Size and precision of a generated MiniLM-shaped encoder. */
export interface MiniLmShape {
  vocabSize: number
  /** Hidden size; 384 like all-MiniLM-L6-v2. */
  hidden: number
  /** Encoder layers; 6 in all-MiniLM-L6-v2. */
  layers: number
  /** Feed-forward width; 1536 in all-MiniLM-L6-v2. */
  ffn: number
  /** Int8 weights with dynamic activation quantization, as in the q8 export. */
  quantized: boolean
  /** Changes every weight: two seeds give two different models. */
  seed: number
}

/**
 * Builds a BERT-style encoder graph with MiniLM's inputs and output.
 * @remarks input_ids, attention_mask, token_type_ids (int64 [batch, seq]) -> last_hidden_state
 * (float32 [batch, seq, hidden]). Each layer has masked single-head self-attention (the same
 * FLOPs as 12 heads of 32) and a feed-forward block with residuals and LayerNorm, so padding is
 * handled exactly as a real encoder needs and the cost per token matches MiniLM-L6 when
 * `layers: 6, ffn: 1536`. Weights are random: good for exercising code and timing, never for
 * judging retrieval quality.
 */
export function buildMiniLmGraph(shape: MiniLmShape): Uint8Array {
  const { vocabSize, hidden: h, layers, ffn } = shape
  const rand = seededRandom(shape.seed)
  const g = new OnnxGraphBuilder()
  const uniform = (n: number, scale: number): Float32Array =>
    Float32Array.from({ length: n }, () => (rand() * 2 - 1) * scale)

  const linear = (x: string, inDim: number, outDim: number): string => {
    const bias = g.floats([outDim], uniform(outDim, 0.02))
    const limit = Math.sqrt(3 / inDim)
    const w = uniform(inDim * outDim, limit)
    if (!shape.quantized)
      return g.op('Add', [g.op('MatMul', [x, g.floats([inDim, outDim], w)]), bias])
    const wScale = limit / 127
    const wq = Int8Array.from(w, (v) => Math.max(-127, Math.min(127, Math.round(v / wScale))))
    const [xq, xScale, xZero] = g.opN('DynamicQuantizeLinear', [x], 3)
    const acc = g.op('MatMulInteger', [xq!, g.int8s([inDim, outDim], wq), xZero!])
    const scaled = g.op('Mul', [g.op('Cast', [acc], { to: OnnxType.FLOAT }), xScale!])
    return g.op('Add', [g.op('Mul', [scaled, g.floats([], [wScale])]), bias])
  }
  const layerNorm = (x: string): string =>
    g.op(
      'LayerNormalization',
      [x, g.floats([h], new Float32Array(h).fill(1)), g.floats([h], new Float32Array(h))],
      {
        axis: -1,
        epsilon: { f: 1e-12 }
      }
    )

  const ids = g.input('input_ids', OnnxType.INT64, ['batch_size', 'sequence_length'])
  const mask = g.input('attention_mask', OnnxType.INT64, ['batch_size', 'sequence_length'])
  const types = g.input('token_type_ids', OnnxType.INT64, ['batch_size', 'sequence_length'])

  const words = g.op('Gather', [g.floats([vocabSize, h], uniform(vocabSize * h, 1)), ids], {
    axis: 0
  })
  const typeEmb = g.op('Gather', [g.floats([2, h], uniform(2 * h, 0.1)), types], { axis: 0 })
  let x = layerNorm(g.op('Add', [words, typeEmb]))

  // Padded keys get -10000 before the softmax, so they carry no weight.
  const maskF = g.op('Unsqueeze', [
    g.op('Cast', [mask], { to: OnnxType.FLOAT }),
    g.int64s([1], [1])
  ])
  const keyBias = g.op('Mul', [g.op('Sub', [g.floats([], [1]), maskF]), g.floats([], [-10000])])
  const scale = g.floats([], [1 / Math.sqrt(h / 12)])

  for (let layer = 0; layer < layers; layer++) {
    const q = linear(x, h, h)
    const k = g.op('Transpose', [linear(x, h, h)], { perm: [0, 2, 1] })
    const v = linear(x, h, h)
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, k]), scale]), keyBias])
    const context = g.op('MatMul', [g.op('Softmax', [scores], { axis: -1 }), v])
    x = layerNorm(g.op('Add', [x, linear(context, h, h)]))
    const inner = g.op('Relu', [linear(x, h, ffn)])
    x = layerNorm(g.op('Add', [x, linear(inner, ffn, h)]))
  }

  g.output('last_hidden_state', x, OnnxType.FLOAT, ['batch_size', 'sequence_length', h])
  return g.encode('minilm_shaped_test_encoder')
}
