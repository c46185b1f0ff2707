import { describe, expect, it } from 'vitest'
import { readJsonPrefix } from '../../../src/main/storage/jsonPrefix'

describe('readJsonPrefix', () => {
  const whole = JSON.stringify(
    { version: 1, thread: { id: 't1', turns: [{ q: 'a', n: 1 }, { q: 'b', n: 2 }, { q: 'c' }] } },
    null,
    1
  )

  it('reads a whole document as JSON.parse does, and says nothing was cut', () => {
    expect(readJsonPrefix(whole)).toEqual({ value: JSON.parse(whole), cut: false })
  })

  it('keeps every member read whole before the cut, at any point of the text', () => {
    for (let end = 0; end < whole.length; end++) {
      const { value, cut } = readJsonPrefix(whole.slice(0, end))
      expect(cut).toBe(true)
      const turns = (value as { thread?: { turns?: { q?: string }[] } } | undefined)?.thread?.turns
      // A turn is never made up: each one read is a prefix of the real one.
      for (const [i, t] of (turns ?? []).entries()) {
        const real = JSON.parse(whole).thread.turns[i]
        for (const [k, v] of Object.entries(t)) expect(real[k]).toEqual(v)
      }
    }
    const cut = whole.slice(0, whole.indexOf('"c"') + 1)
    expect(readJsonPrefix(cut).value).toEqual({
      version: 1,
      thread: { id: 't1', turns: [{ q: 'a', n: 1 }, { q: 'b', n: 2 }, {}] }
    })
  })

  it('stops at garbage in the middle, keeping what came before it', () => {
    expect(readJsonPrefix('{"a": [1, 2, @@@], "b": 3}')).toEqual({
      value: { a: [1, 2] },
      cut: true
    })
    expect(readJsonPrefix('{"a": "an unfinished str')).toEqual({ value: {}, cut: true })
    expect(readJsonPrefix('')).toEqual({ value: undefined, cut: true })
  })
})
