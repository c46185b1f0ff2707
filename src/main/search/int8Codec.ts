import { crc32 } from 'node:zlib'
import { z } from 'zod'

/**
 * The on-disk format of one paper's Vectra index: int8 vectors behind a small JSON header.
 * @remarks Vectra's JSON codec stores ~8 KB and its protobuf codec ~1.6 KB per 384-dim vector
 * and both decode into JS arrays. This codec plugs into Vectra's `IndexCodec` extension point
 * (structurally; only VectraStore imports vectra) and stores each unit vector as 384 int8 codes
 * plus one float, 388 bytes. It also has a fast path that decodes straight into typed arrays
 * for the scan, so opening a large library never builds Vectra's per-item JS arrays.
 */

/**
 * `RPV` + the format version. Version 2 adds a CRC-32 of everything after the 12-byte prefix
 * (`RPV2`, header length, checksum), so garbled vectors are found, not only truncated ones;
 * version 1 files are still read and are rewritten as version 2 when their paper is indexed again.
 */
const FORMAT_VERSION = 2
const MAGIC = `RPV${FORMAT_VERSION}`

/** One item as Vectra hands it to a codec. */
export interface CodecItem {
  id: string
  metadata: Record<string, string | number | boolean>
  vector: number[]
  norm: number
  metadataFile?: string
}

/** The index as Vectra hands it to a codec. */
export interface CodecIndexData {
  version: number
  metadata_config: { indexed?: string[] }
  items: CodecItem[]
}

/** One paper's vectors, decoded for scanning. */
export interface DecodedVectors {
  paperId: string
  embedderId: string
  dims: number
  ids: string[]
  /** 1/‖codes_i‖: multiplying a dot product with row i's codes by it gives the cosine. */
  inv: Float32Array
  /** Row-major int8 codes, `ids.length * dims`. */
  codes: Int8Array
}

const Scalar = z.union([z.string(), z.number(), z.boolean()])

/** The storage schema of a `.rpv` file's JSON header (Vectra's index fields and ours). */
export const VectorHeaderSchema = z.looseObject({
  /** Vectra's own index version. */
  version: z.number(),
  metadata_config: z.looseObject({ indexed: z.array(z.string()).optional() }),
  paperId: z.string(),
  embedderId: z.string(),
  dims: z.number().int().min(1),
  ids: z.array(z.string()),
  metadata: z.array(z.record(z.string(), Scalar)).optional(),
  metadataFiles: z.array(z.string().nullable()).optional()
})
type Header = z.infer<typeof VectorHeaderSchema>

/** Header migrations, keyed by the file version they upgrade from (1 → 2: framing only). */
const HEADER_MIGRATIONS: Readonly<Record<number, (h: unknown) => unknown>> = { 1: (h) => h }

/** Quantizes a vector to int8 codes (symmetric, per vector). Returns 1/‖codes‖. */
export function quantizeInto(vector: ArrayLike<number>, out: Int8Array, offset: number): number {
  let max = 0
  for (let j = 0; j < vector.length; j++) max = Math.max(max, Math.abs(vector[j]!))
  const scale = max > 0 ? 127 / max : 0
  let sq = 0
  for (let j = 0; j < vector.length; j++) {
    const c = Math.round(vector[j]! * scale)
    out[offset + j] = c
    sq += c * c
  }
  return sq > 0 ? 1 / Math.sqrt(sq) : 0
}

/**
 * Vectra `IndexCodec` storing int8 vectors; one instance writes one paper's index.
 * @remarks The header carries the paper id and the embedder id that made the vectors, so a
 * file read on its own says what it is.
 */
export class Int8Codec {
  readonly extension = '.rpv'

  constructor(
    private readonly paperId: string,
    private readonly embedderId: string,
    private readonly dims: number
  ) {}

  serializeIndex(data: CodecIndexData): Buffer {
    const n = data.items.length
    const codes = new Int8Array(n * this.dims)
    const inv = new Float32Array(n)
    const hasMetadata = data.items.some((i) => Object.keys(i.metadata ?? {}).length > 0)
    const hasFiles = data.items.some((i) => i.metadataFile)
    data.items.forEach((item, i) => {
      if (item.vector.length !== this.dims) {
        throw new Error(
          `Vector of ${item.id} has ${item.vector.length} dims, expected ${this.dims}`
        )
      }
      inv[i] = quantizeInto(item.vector, codes, i * this.dims)
    })
    const header: Header = {
      version: data.version,
      metadata_config: data.metadata_config ?? {},
      paperId: this.paperId,
      embedderId: this.embedderId,
      dims: this.dims,
      ids: data.items.map((i) => i.id)
    }
    if (hasMetadata) header.metadata = data.items.map((i) => i.metadata ?? {})
    if (hasFiles) header.metadataFiles = data.items.map((i) => i.metadataFile ?? null)
    const json = Buffer.from(JSON.stringify(header), 'utf8')
    const headerEnd = 12 + json.length
    const invAt = (headerEnd + 3) & ~3
    const out = Buffer.alloc(invAt + inv.byteLength + codes.byteLength)
    out.write(MAGIC, 0, 'latin1')
    out.writeUInt32LE(json.length, 4)
    json.copy(out, 12)
    Buffer.from(inv.buffer).copy(out, invAt)
    Buffer.from(codes.buffer).copy(out, invAt + inv.byteLength)
    out.writeUInt32LE(crc32(out.subarray(12)), 8)
    return out
  }

  deserializeIndex(buffer: Buffer): CodecIndexData {
    const { header, decoded } = decode(buffer)
    const items = header.ids.map((id, i): CodecItem => {
      const vector = new Array<number>(decoded.dims)
      const f = decoded.inv[i]!
      for (let j = 0; j < decoded.dims; j++) vector[j] = decoded.codes[i * decoded.dims + j]! * f
      const item: CodecItem = {
        id,
        metadata: header.metadata?.[i] ?? {},
        vector,
        norm: f > 0 ? 1 : 0
      }
      const file = header.metadataFiles?.[i]
      if (file) item.metadataFile = file
      return item
    })
    return { version: header.version, metadata_config: header.metadata_config, items }
  }

  serializeCatalog(catalog: object): Buffer {
    return Buffer.from(JSON.stringify(catalog), 'utf8')
  }

  deserializeCatalog(buffer: Buffer): never {
    return JSON.parse(buffer.toString('utf8')) as never
  }

  serializeMetadata(metadata: Record<string, string | number | boolean>): Buffer {
    return Buffer.from(JSON.stringify(metadata), 'utf8')
  }

  deserializeMetadata(buffer: Buffer): Record<string, string | number | boolean> {
    return JSON.parse(buffer.toString('utf8')) as Record<string, string | number | boolean>
  }
}

/** Decodes an index file written by {@link Int8Codec} straight into typed arrays. */
export function decodeVectors(buffer: Uint8Array): DecodedVectors {
  return decode(buffer).decoded
}

function decode(buffer: Uint8Array): { header: Header; decoded: DecodedVectors } {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  const magic = buf.length >= 8 ? buf.toString('latin1', 0, 4) : ''
  const version = /^RPV[1-9]$/.test(magic) ? Number(magic[3]) : 0
  if (version > FORMAT_VERSION) {
    throw new Error(`written by a newer ResearchPal (vector format ${version})`)
  }
  if (version === 0) throw new Error('Not a ResearchPal vector index (bad magic)')
  const headerLen = buf.readUInt32LE(4)
  // Version 1 has no checksum: its header follows the length.
  const headerAt = version >= 2 ? 12 : 8
  if (headerAt + headerLen > buf.length) throw new Error('Truncated vector index header')
  const header = parseHeader(buf.toString('utf8', headerAt, headerAt + headerLen), version)
  const n = header.ids.length
  const invAt = (headerAt + headerLen + 3) & ~3
  const codesAt = invAt + n * 4
  if (codesAt + n * header.dims !== buf.length) throw new Error('Truncated vector index body')
  if (version >= 2 && crc32(buf.subarray(12)) !== buf.readUInt32LE(8)) {
    throw new Error('checksum mismatch: the file is damaged')
  }
  // Copies (not views): the file buffer's alignment is not guaranteed and it can then be freed.
  const inv = new Float32Array(n)
  new Uint8Array(inv.buffer).set(buf.subarray(invAt, codesAt))
  const codes = new Int8Array(n * header.dims)
  new Uint8Array(codes.buffer).set(buf.subarray(codesAt))
  return {
    header,
    decoded: {
      paperId: header.paperId,
      embedderId: header.embedderId,
      dims: header.dims,
      ids: header.ids,
      inv,
      codes
    }
  }
}

function parseHeader(text: string, version: number): Header {
  let header: unknown
  try {
    header = JSON.parse(text)
  } catch (e) {
    throw new Error(`header is not JSON (${(e as Error).message})`, { cause: e })
  }
  for (let v = version; v < FORMAT_VERSION; v++) header = HEADER_MIGRATIONS[v]!(header)
  const parsed = VectorHeaderSchema.safeParse(header)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`header ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
  }
  return parsed.data
}
