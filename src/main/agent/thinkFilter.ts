const OPEN = '<think>'
const CLOSE = '</think>'

/**
 * Hides `<think>…</think>` reasoning from streamed text.
 * @remarks Reasoning models served through an OpenAI-compatible API (DeepSeek-R1, Qwen3 on
 * some servers) put their thinking inline in `content`. Like Gemini's thought parts it is not
 * part of the answer. Text is released only once it cannot be the start of a tag, so nothing
 * shown is ever taken back.
 */
export class ThinkFilter {
  private raw = ''
  private shown = 0

  /** Adds streamed text; returns the newly visible part ('' when none). */
  push(piece: string): string {
    this.raw += piece
    const visible = visiblePart(this.raw, false)
    const fresh = visible.slice(this.shown)
    this.shown = visible.length
    return fresh
  }

  /** All visible text, once the stream has ended. */
  text(): string {
    return visiblePart(this.raw, true).trim()
  }
}

function visiblePart(raw: string, ended: boolean): string {
  let out = ''
  let rest = raw
  for (;;) {
    const open = rest.indexOf(OPEN)
    if (open === -1) break
    out += rest.slice(0, open)
    const close = rest.indexOf(CLOSE, open + OPEN.length)
    if (close === -1) return out
    rest = rest.slice(close + CLOSE.length)
  }
  if (!ended) {
    // Hold back a tail that may be the beginning of `<think>`.
    for (let n = Math.min(OPEN.length - 1, rest.length); n > 0; n--) {
      if (OPEN.startsWith(rest.slice(-n))) return out + rest.slice(0, -n)
    }
  }
  return out + rest
}
