import { OnnxAttr, OnnxType, encodeOnnxModel } from './onnxProto'

type Attr = number | number[] | { f: number }
type Dim = number | string

/** A deterministic pseudo-random source (mulberry32), so generated weights never change. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Builds an ONNX graph node by node and encodes it as a model file.
 * @remarks Names are generated (`t0`, `t1`...) so callers write `const y = g.op('Relu', [x])`.
 */
export class OnnxGraphBuilder {
  private readonly nodes: Record<string, unknown>[] = []
  private readonly inits: Record<string, unknown>[] = []
  private readonly inputs: Record<string, unknown>[] = []
  private readonly outputs: Record<string, unknown>[] = []
  private next = 0

  /** Declares a graph input. */
  input(name: string, elemType: number, shape: Dim[]): string {
    this.inputs.push(valueInfo(name, elemType, shape))
    return name
  }

  /** Declares a graph output produced by `from` (through an Identity node). */
  output(name: string, from: string, elemType: number, shape: Dim[]): void {
    this.nodes.push({ opType: 'Identity', input: [from], output: [name], name: `out_${name}` })
    this.outputs.push(valueInfo(name, elemType, shape))
  }

  /** Adds a float32 constant. */
  floats(dims: number[], data: Float32Array | number[]): string {
    const values = data instanceof Float32Array ? data : Float32Array.from(data)
    return this.constant(dims, OnnxType.FLOAT, bytesOf(values))
  }

  /** Adds an int8 constant. */
  int8s(dims: number[], data: Int8Array): string {
    return this.constant(dims, OnnxType.INT8, bytesOf(data))
  }

  /** Adds an int64 constant. */
  int64s(dims: number[], data: number[]): string {
    const values = BigInt64Array.from(data.map((v) => BigInt(v)))
    return this.constant(dims, OnnxType.INT64, bytesOf(values))
  }

  /** Adds a node with one output and returns its name. */
  op(opType: string, inputs: string[], attrs: Record<string, Attr> = {}): string {
    return this.opN(opType, inputs, 1, attrs)[0]!
  }

  /** Adds a node with several outputs and returns their names. */
  opN(
    opType: string,
    inputs: string[],
    outputs: number,
    attrs: Record<string, Attr> = {}
  ): string[] {
    const out = Array.from({ length: outputs }, () => this.fresh())
    const attribute = Object.entries(attrs).map(([name, v]) =>
      Array.isArray(v)
        ? { name, type: OnnxAttr.INTS, ints: v }
        : typeof v === 'number'
          ? { name, type: OnnxAttr.INT, i: v }
          : { name, type: OnnxAttr.FLOAT, f: v.f }
    )
    this.nodes.push({
      opType,
      input: inputs,
      output: out,
      name: `n${this.nodes.length}`,
      attribute
    })
    return out
  }

  /** Encodes the graph as `.onnx` bytes (default-domain opset 17). */
  encode(name: string): Uint8Array {
    return encodeOnnxModel({
      irVersion: 8,
      producerName: 'researchpal-test-model',
      producerVersion: '1',
      opsetImport: [{ domain: '', version: 17 }],
      graph: {
        name,
        node: this.nodes,
        initializer: this.inits,
        input: this.inputs,
        output: this.outputs
      }
    })
  }

  private constant(dims: number[], dataType: number, rawData: Uint8Array): string {
    const name = this.fresh()
    this.inits.push({ name, dims, dataType, rawData })
    return name
  }

  private fresh(): string {
    return `t${this.next++}`
  }
}

function valueInfo(name: string, elemType: number, shape: Dim[]): Record<string, unknown> {
  const dim = shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }))
  return { name, type: { tensorType: { elemType, shape: { dim } } } }
}

function bytesOf(a: Float32Array | Int8Array | BigInt64Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice()
}
