import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { crc32 } from 'node:zlib'
import { z } from 'zod'
import { diskWriteFailed } from '../atomicWrite'
import type { ErrorText } from '../errors'
import { moveAside } from './versionedFile'

/**
 * A library-wide binary file of named typed sections, read in pages instead of whole.
 * @remarks Layout: `magic(4) version(u32)`, the sections at 8-byte aligned offsets, then a JSON
 * footer, `footerLength(u32) footerCrc32(u32) magic(4)`. The footer (checked by
 * {@link PackFooterSchema} and the caller's meta schema) lists each section's offset, length and
 * CRC-32. Writing streams the sections into a temp file, fsyncs it and renames it over the
 * target, so a reader sees the old file or the new one. Node has no mmap: sections the caller
 * keeps in memory are read once (and their checksum verified), the large ones are read in pages
 * with `fs.readSync` when a query needs them.
 */

/** One section as the footer lists it. */
const SectionSchema = z.object({
  name: z.string(),
  offset: z.number().int().min(8),
  bytes: z.number().int().min(0),
  crc32: z.number().int().min(0)
})

/** The storage schema of a pack file's footer (the caller's `meta` has its own schema). */
export const PackFooterSchema = z.looseObject({
  version: z.number().int().min(1),
  sections: z.array(SectionSchema),
  meta: z.unknown()
})

/** A pack file format: its magic, the version this build writes, and its meta schema. */
export interface PackFormat<M> {
  /** Four ASCII characters naming the kind of file. */
  magic: string
  version: number
  meta: z.ZodType<M>
  /** Keyed by the version they upgrade from (`n → n+1`), applied to the meta. */
  migrations: Readonly<Record<number, (meta: unknown) => unknown>>
}

/** A pack that cannot be used: kept aside by the caller and rebuilt from the per-paper files. */
export class PackUnreadableError extends Error {}

/**
 * What a store says of a pack it cannot use (`error`): by a writer, the pack is kept aside first
 * and the notice names where (it is rebuilt from the per-paper files); by a read-only process it
 * is left where it is.
 */
export async function unusablePackNotice(
  kind: 'vector' | 'keyword',
  path: string,
  error: Error,
  readOnly: boolean
): Promise<ErrorText> {
  const detail = ` (${error.message})`
  if (readOnly) return { key: 'searchPackUnusable', params: { kind, detail } }
  return { key: 'searchPackUnusableKept', params: { kind, detail, aside: await moveAside(path) } }
}

/** A pack written by a newer ResearchPal. */
export class PackNewerError extends Error {
  constructor(
    message: string,
    readonly version: number
  ) {
    super(message)
  }
}

const TAIL = 12
let tmpCounter = 0

/** An open pack file: its meta, and its sections to load whole or read in pages. */
export class PackReader<M> {
  private constructor(
    private fd: number,
    readonly path: string,
    readonly meta: M,
    readonly size: number,
    private readonly sections: Map<string, z.infer<typeof SectionSchema>>
  ) {}

  /**
   * Opens a pack and checks its framing, footer checksum, version and meta schema.
   * @throws PackUnreadableError (damaged, truncated, not this kind) or PackNewerError.
   */
  static open<M>(path: string, format: PackFormat<M>): PackReader<M> {
    const fd = openSync(path, 'r')
    try {
      const size = fstatSync(fd).size
      const fail = (why: string): never => {
        throw new PackUnreadableError(`${path}: ${why}`)
      }
      if (size < 8 + TAIL) fail('too short to be a pack file')
      const head = Buffer.alloc(8)
      readSync(fd, head, 0, 8, 0)
      const tail = Buffer.alloc(TAIL)
      readSync(fd, tail, 0, TAIL, size - TAIL)
      if (head.toString('latin1', 0, 4) !== format.magic) fail(`not a ${format.magic} file`)
      if (tail.toString('latin1', 8, 12) !== format.magic) fail('truncated (no end marker)')
      const version = head.readUInt32LE(4)
      if (version > format.version) {
        throw new PackNewerError(
          `${path} was written by a newer ResearchPal (format ${version})`,
          version
        )
      }
      const footerLength = tail.readUInt32LE(0)
      if (footerLength > size - 8 - TAIL) fail('footer length out of range')
      const footerBytes = Buffer.alloc(footerLength)
      readSync(fd, footerBytes, 0, footerLength, size - TAIL - footerLength)
      if (crc32(footerBytes) !== tail.readUInt32LE(4)) fail('footer checksum mismatch')
      let footer: z.infer<typeof PackFooterSchema>
      try {
        footer = PackFooterSchema.parse(JSON.parse(footerBytes.toString('utf8')))
      } catch (e) {
        return fail(`footer unreadable (${(e as Error).message})`)
      }
      if (footer.version !== version) fail('footer and header disagree on the version')
      let meta: unknown = footer.meta
      for (let v = version; v < format.version; v++) {
        const step = format.migrations[v]
        if (!step) fail(`no migration from version ${v}`)
        meta = step!(meta)
      }
      const parsed = format.meta.safeParse(meta)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        fail(`meta ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`)
      }
      const sections = new Map(footer.sections.map((s) => [s.name, s]))
      for (const s of sections.values()) {
        if (s.offset + s.bytes > size - TAIL - footerLength) fail(`section ${s.name} out of range`)
      }
      return new PackReader(fd, path, parsed.data as M, size, sections)
    } catch (e) {
      closeSync(fd)
      throw e
    }
  }

  /** Whether the pack has a section of this name. */
  has(name: string): boolean {
    return this.sections.has(name)
  }

  /** Byte length of a section. */
  bytes(name: string): number {
    return this.section(name).bytes
  }

  /**
   * Reads a whole section into a fresh, aligned buffer and verifies its checksum.
   * @throws PackUnreadableError when the bytes do not match their checksum.
   */
  load(name: string): ArrayBuffer {
    const s = this.section(name)
    const out = new ArrayBuffer(s.bytes)
    const view = new Uint8Array(out)
    let done = 0
    while (done < s.bytes) {
      const n = readSync(this.fd, view, done, Math.min(1 << 26, s.bytes - done), s.offset + done)
      if (n <= 0) throw new PackUnreadableError(`${this.path}: section ${name} is truncated`)
      done += n
    }
    if (crc32(view) !== s.crc32) {
      throw new PackUnreadableError(`${this.path}: section ${name} checksum mismatch`)
    }
    return out
  }

  /** Reads `target.byteLength` bytes of a section from `byteOffset` (a page; not checksummed). */
  readInto(name: string, byteOffset: number, target: Uint8Array): void {
    const s = this.section(name)
    if (byteOffset + target.byteLength > s.bytes) {
      throw new RangeError(`read past the end of section ${name}`)
    }
    let done = 0
    while (done < target.byteLength) {
      const n = readSync(
        this.fd,
        target,
        done,
        target.byteLength - done,
        s.offset + byteOffset + done
      )
      if (n <= 0) throw new PackUnreadableError(`${this.path}: section ${name} is truncated`)
      done += n
    }
  }

  /** Verifies the checksum of a section without keeping it (used for the paged sections). */
  verify(name: string): boolean {
    const s = this.section(name)
    const page = Buffer.alloc(Math.min(1 << 22, Math.max(1, s.bytes)))
    let crc = 0
    for (let at = 0; at < s.bytes; at += page.length) {
      const n = Math.min(page.length, s.bytes - at)
      this.readInto(name, at, page.subarray(0, n))
      crc = crc32(page.subarray(0, n), crc)
    }
    return crc === s.crc32
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd)
    this.fd = -1
  }

  private section(name: string): z.infer<typeof SectionSchema> {
    const s = this.sections.get(name)
    if (!s) throw new PackUnreadableError(`${this.path}: no section ${name}`)
    return s
  }
}

/**
 * Streams sections into a temp file beside `path`; {@link finish} commits it atomically.
 * @remarks A section can be written in parts (`begin`, `append`…, then the next `begin` or
 * `finish`), so a pack larger than memory is written page by page.
 */
export class PackWriter {
  private readonly sections: z.infer<typeof SectionSchema>[] = []
  private current: z.infer<typeof SectionSchema> | null = null
  private at = 8

  private constructor(
    private readonly fh: FileHandle,
    readonly path: string,
    private readonly tmp: string,
    private readonly magic: string,
    private readonly version: number
  ) {}

  static async create(
    path: string,
    format: { magic: string; version: number }
  ): Promise<PackWriter> {
    // Not `*.tmp`: the library's sweep of stray temp files runs while a pack may be building.
    const tmp = `${path}.${process.pid}.${++tmpCounter}.building`
    try {
      const fh = await open(tmp, 'w')
      const w = new PackWriter(fh, path, tmp, format.magic, format.version)
      const head = Buffer.alloc(8)
      head.write(format.magic, 0, 'latin1')
      head.writeUInt32LE(format.version, 4)
      await fh.write(head, 0, 8, 0)
      return w
    } catch (cause) {
      await rm(tmp, { force: true }).catch(() => undefined)
      throw diskWriteFailed(path, cause)
    }
  }

  /** Starts a section (ending the previous one). */
  async begin(name: string): Promise<void> {
    await this.end()
    this.current = { name, offset: this.at, bytes: 0, crc32: 0 }
  }

  /** Appends bytes to the current section. */
  async append(data: ArrayBufferView): Promise<void> {
    const s = this.current
    if (!s) throw new Error('PackWriter.append outside a section')
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    if (bytes.byteLength === 0) return
    try {
      await this.fh.write(bytes, 0, bytes.byteLength, s.offset + s.bytes)
    } catch (cause) {
      await this.abort()
      throw diskWriteFailed(this.path, cause)
    }
    s.crc32 = crc32(bytes, s.crc32)
    s.bytes += bytes.byteLength
  }

  /** Writes one whole section. */
  async section(name: string, data: ArrayBufferView): Promise<void> {
    await this.begin(name)
    await this.append(data)
  }

  /** Writes the footer, fsyncs and renames the temp file over the target. */
  async finish(meta: unknown): Promise<void> {
    await this.end()
    const footer = Buffer.from(
      JSON.stringify({ version: this.version, sections: this.sections, meta }),
      'utf8'
    )
    const tail = Buffer.alloc(TAIL)
    tail.writeUInt32LE(footer.length, 0)
    tail.writeUInt32LE(crc32(footer), 4)
    tail.write(this.magic, 8, 'latin1')
    try {
      await this.fh.write(Buffer.concat([footer, tail]), 0, footer.length + TAIL, this.at)
      await this.fh.sync()
      await this.fh.close()
      await rename(this.tmp, this.path)
    } catch (cause) {
      await this.abort()
      throw diskWriteFailed(this.path, cause)
    }
  }

  /** Gives up: closes and removes the temp file. */
  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined)
    await rm(this.tmp, { force: true }).catch(() => undefined)
  }

  private async end(): Promise<void> {
    if (!this.current) return
    this.sections.push(this.current)
    this.at = (this.current.offset + this.current.bytes + 7) & ~7
    this.current = null
  }
}

/** Removes the temp files of pack builds a crash interrupted (call only as the writer). */
export async function removeUnfinishedPacks(path: string): Promise<void> {
  const dir = dirname(path)
  const prefix = `${basename(path)}.`
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.building')) {
      await rm(join(dir, name), { force: true })
    }
  }
}

/** Typed-array views over a loaded section. */
export const view = {
  u32: (b: ArrayBuffer): Uint32Array => new Uint32Array(b),
  u16: (b: ArrayBuffer): Uint16Array => new Uint16Array(b),
  u8: (b: ArrayBuffer): Uint8Array => new Uint8Array(b),
  f32: (b: ArrayBuffer): Float32Array => new Float32Array(b),
  f64: (b: ArrayBuffer): Float64Array => new Float64Array(b)
}
