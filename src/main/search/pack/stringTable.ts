/**
 * Many short strings (chunk ids) in one UTF-8 buffer with offsets, instead of one JS string each.
 * @remarks A million chunk ids as JS strings cost ~60 MB of heap and slow every garbage
 * collection; as bytes outside the heap they cost ~35 MB and nothing per collection. A string is
 * decoded only when a search returns it.
 */
export class StringTable {
  constructor(
    /** `starts[i]..starts[i+1]` are the bytes of string i. */
    readonly starts: Uint32Array,
    readonly bytes: Uint8Array
  ) {}

  get size(): number {
    return this.starts.length - 1
  }

  get(i: number): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
      'utf8',
      this.starts[i]!,
      this.starts[i + 1]!
    )
  }
}

/** Appends strings (or runs of another table's bytes) into a growing {@link StringTable}. */
export class StringTableBuilder {
  private starts: Uint32Array
  private bytes: Uint8Array
  private n = 0

  constructor(expected = 1024) {
    this.starts = new Uint32Array(expected + 1)
    this.bytes = new Uint8Array(expected * 32)
  }

  add(s: string): void {
    const b = Buffer.from(s, 'utf8')
    this.push(b)
  }

  /** Copies string `i` of `from` without decoding it. */
  addFrom(from: StringTable, i: number): void {
    this.push(from.bytes.subarray(from.starts[i]!, from.starts[i + 1]!))
  }

  build(): StringTable {
    return new StringTable(
      this.starts.slice(0, this.n + 1),
      this.bytes.slice(0, this.starts[this.n]!)
    )
  }

  private push(b: Uint8Array): void {
    if (this.n + 2 > this.starts.length) {
      const s = new Uint32Array(this.starts.length * 2)
      s.set(this.starts)
      this.starts = s
    }
    const end = this.starts[this.n]! + b.byteLength
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2))
      grown.set(this.bytes)
      this.bytes = grown
    }
    this.bytes.set(b, this.starts[this.n]!)
    this.starts[++this.n] = end
  }
}
