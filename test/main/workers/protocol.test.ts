import { describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../src/main/errors'
import { fromWireError, toWireError } from '../../../src/main/workers/protocol'

describe('worker errors across the thread boundary', () => {
  it('rebuilds an app error with its code, and keeps a system error code on a plain error', () => {
    const app = fromWireError(
      toWireError(new UserFacingError('PDF_ENCRYPTED', '"a.pdf" is locked'))
    )
    expect(app).toBeInstanceOf(UserFacingError)
    expect(app).toMatchObject({ code: 'PDF_ENCRYPTED', message: '"a.pdf" is locked' })

    const disk = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    const rebuilt = fromWireError(toWireError(disk))
    expect(rebuilt).not.toBeInstanceOf(UserFacingError)
    expect(rebuilt).toMatchObject({ code: 'ENOSPC', message: 'no space left on device' })
  })

  it('never trusts a code the app does not know as an app error', () => {
    const e = fromWireError({ message: 'odd', code: 'NOT_A_REAL_CODE' })
    expect(e).not.toBeInstanceOf(UserFacingError)
    expect(fromWireError({ message: 'plain', code: null })).not.toHaveProperty('code')
  })
})
