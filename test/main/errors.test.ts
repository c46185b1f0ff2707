import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { JUDGE_SCHEMA } from '../../src/main/agent/judge'
import { describeIssues, toAppError, UserFacingError } from '../../src/main/errors'

describe('toAppError', () => {
  it('keeps a user-facing error as it is, with its wait', () => {
    const e = new UserFacingError('RATE_LIMITED', 'Quota reached.', { retryAfterSeconds: 30 })
    expect(toAppError(e, 'in chat:ask')).toEqual({
      code: 'RATE_LIMITED',
      message: 'Quota reached.',
      retryAfterSeconds: 30
    })
  })

  it('turns anything else into INTERNAL saying what was being done', () => {
    const e = toAppError(new TypeError('x is undefined'), 'while indexing "a.pdf"')
    expect(e.code).toBe('INTERNAL')
    expect(e.message).toContain('while indexing "a.pdf"')
    expect(e.message).toContain('x is undefined')
    expect(e.message).toContain('still running')
    expect(toAppError('plain string').message).toContain('plain string')
  })
})

describe('describeIssues', () => {
  it('names each field and its problem on one line', () => {
    const parsed = z
      .object({ query: z.string().max(3), limit: z.number().int() })
      .safeParse({ query: 'long', limit: 1.5 })
    expect(parsed.success).toBe(false)
    const text = describeIssues(parsed.error!)
    expect(text).toMatch(/^query: .+; limit: .+$/)
    expect(text).not.toContain('\n')
  })
})

describe("the judge's JSON schema", () => {
  it('is generated from the verdict schema, every field required of the model', () => {
    expect(JUDGE_SCHEMA).toMatchObject({
      type: 'object',
      properties: {
        onTopic: { type: 'boolean' },
        coversAllParts: { type: 'boolean' },
        saysPapersDoNotSay: { type: 'boolean' },
        problem: { type: 'string' }
      },
      required: ['onTopic', 'coversAllParts', 'saysPapersDoNotSay', 'problem']
    })
    expect(JUDGE_SCHEMA).not.toHaveProperty('$schema')
  })
})
