/** What {@link readJsonPrefix} could read of a JSON text cut short or damaged part-way. */
export interface JsonPrefix {
  /** The value read: every object and array closed where the damage began; undefined if none. */
  value: unknown
  /** True when the text was not whole JSON (something was left out). */
  cut: boolean
}

/** The damage was reached: what was read of the value being parsed so far, if anything. */
class Cut {
  constructor(readonly partial: unknown) {}
}

/**
 * Reads the part of a JSON text that comes before the point where it is cut short or damaged.
 * @remarks A file cut by a crash or a full disk is valid JSON up to some point. Objects and
 * arrays open at that point are closed with the members read whole before it; a string, number
 * or key cut in the middle is left out. So a conversation file cut in its fourth turn reads as
 * the thread with three whole turns and a fourth object missing its later fields, which the
 * caller checks against its schema and drops.
 */
export function readJsonPrefix(text: string): JsonPrefix {
  const reader = new PrefixReader(text)
  try {
    const value = reader.value()
    reader.space()
    return { value, cut: reader.at < text.length }
  } catch (e) {
    if (e instanceof Cut) return { value: e.partial, cut: true }
    throw e
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const LITERALS: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null]
]

class PrefixReader {
  at = 0
  constructor(private readonly text: string) {}

  space(): void {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at]!)) this.at++
  }

  value(): unknown {
    this.space()
    const c = this.text[this.at]
    if (c === '{') return this.object()
    if (c === '[') return this.array()
    if (c === '"') return this.string()
    for (const [word, v] of LITERALS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length
        return v
      }
    }
    NUMBER.lastIndex = this.at
    const m = NUMBER.exec(this.text)
    // A number at the very end may itself be cut ("12" of "125"): not trusted.
    if (!m || m.index + m[0].length >= this.text.length) throw new Cut(undefined)
    this.at += m[0].length
    return Number(m[0])
  }

  string(): string {
    let i = this.at + 1
    while (i < this.text.length && this.text[i] !== '"') i += this.text[i] === '\\' ? 2 : 1
    if (i >= this.text.length) throw new Cut(undefined)
    let s: string
    try {
      s = JSON.parse(this.text.slice(this.at, i + 1)) as string
    } catch {
      throw new Cut(undefined)
    }
    this.at = i + 1
    return s
  }

  object(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    this.at++
    this.space()
    if (this.text[this.at] === '}') {
      this.at++
      return out
    }
    for (;;) {
      this.space()
      if (this.text[this.at] !== '"') throw new Cut(out)
      let key: string
      try {
        key = this.string()
      } catch {
        throw new Cut(out)
      }
      this.space()
      if (this.text[this.at] !== ':') throw new Cut(out)
      this.at++
      try {
        out[key] = this.value()
      } catch (e) {
        if (!(e instanceof Cut)) throw e
        if (e.partial !== undefined) out[key] = e.partial
        throw new Cut(out)
      }
      this.space()
      const c = this.text[this.at]
      this.at++
      if (c === '}') return out
      if (c !== ',') throw new Cut(out)
    }
  }

  array(): unknown[] {
    const out: unknown[] = []
    this.at++
    this.space()
    if (this.text[this.at] === ']') {
      this.at++
      return out
    }
    for (;;) {
      try {
        out.push(this.value())
      } catch (e) {
        if (!(e instanceof Cut)) throw e
        if (e.partial !== undefined) out.push(e.partial)
        throw new Cut(out)
      }
      this.space()
      const c = this.text[this.at]
      this.at++
      if (c === ']') return out
      if (c !== ',') throw new Cut(out)
    }
  }
}
