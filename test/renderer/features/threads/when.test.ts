import { afterEach, describe, expect, it } from 'vitest'
import { formatDate, i18n, setUiLanguage } from '../../../../src/renderer/src/i18n'
import { when } from '../../../../src/renderer/src/features/threads/when'

afterEach(() => setUiLanguage('en'))

const NOW = Date.parse('2026-12-01T12:00:00Z')

describe('dates in the UI language', () => {
  it('says an older conversation’s date as the language writes dates, not as ISO', () => {
    setUiLanguage('en')
    expect(when('2026-03-05T12:00:00Z', i18n.t, NOW)).toBe('Mar 5, 2026')
    setUiLanguage('pt-BR')
    expect(when('2026-03-05T12:00:00Z', i18n.t, NOW)).toBe('5 de mar. de 2026')
  })

  it('says a recent one relatively, in the UI language', () => {
    setUiLanguage('pt-BR')
    expect(when('2026-12-01T11:55:00Z', i18n.t, NOW)).toBe('há 5 min')
    expect(when('2026-12-01T09:00:00Z', i18n.t, NOW)).toBe('há 3 h')
    setUiLanguage('en')
    expect(when('2026-12-01T11:59:30Z', i18n.t, NOW)).toBe('just now')
  })

  it('keeps an unreadable date as it is rather than "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('not a date')
  })
})
