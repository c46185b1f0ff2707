import { describe, expect, it } from 'vitest'
import { isAppPageUrl, isPermissionAllowed, isTrustedSender } from '../../../src/main/ipc/appPage'

const packaged = { url: 'file:///opt/ResearchPal/resources/app.asar/out/renderer/index.html' }
const dev = { url: 'http://localhost:5173' }
const top = (url: string) => ({ url, parent: null })

describe('the app page check', () => {
  it('in a packaged app accepts only the exact renderer file', () => {
    expect(isTrustedSender(top(packaged.url), packaged)).toBe(true)
    expect(isTrustedSender(top(`${packaged.url}#/settings`), packaged)).toBe(true)
    for (const url of [
      'file:///home/me/Downloads/evil.html',
      'file:///opt/ResearchPal/resources/app.asar/out/renderer/other.html',
      'file://attacker.example/opt/ResearchPal/resources/app.asar/out/renderer/index.html',
      'http://localhost:5173/',
      'https://example.org/'
    ]) {
      expect(isTrustedSender(top(url), packaged), url).toBe(false)
    }
  })

  it('matches the packaged file however its path is escaped', () => {
    const page = { url: 'file:///C:/Program%20Files/R%C3%A9search;Pal/index.html' }
    const frame = top('file:///C:/Program%20Files/Résearch%3BPal/index.html')
    expect(isTrustedSender(frame, page)).toBe(true)
    expect(isTrustedSender(top('file:///C:/Program%20Files/Research;Pal/index.html'), page)).toBe(
      false
    )
  })

  it('in development accepts only the dev server origin', () => {
    expect(isTrustedSender(top('http://localhost:5173/'), dev)).toBe(true)
    expect(isTrustedSender(top('http://localhost:5173/index.html?x=1'), dev)).toBe(true)
    expect(isTrustedSender(top('http://localhost:5174/'), dev)).toBe(false)
    expect(isTrustedSender(top('file:///tmp/index.html'), dev)).toBe(false)
  })

  it('refuses an empty or garbled frame URL, a missing frame and an iframe without throwing', () => {
    expect(isTrustedSender(top(''), packaged)).toBe(false)
    expect(isTrustedSender(top('::not a url::'), packaged)).toBe(false)
    expect(isTrustedSender(null, packaged)).toBe(false)
    expect(isTrustedSender({ url: packaged.url, parent: {} }, packaged)).toBe(false)
    expect(isAppPageUrl('about:blank', dev)).toBe(false)
    expect(isAppPageUrl('data:text/html,hi', dev)).toBe(false)
  })
})

describe('permission requests', () => {
  it('are denied by default; only clipboard writes from the app page pass', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', packaged.url, packaged)).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://x.example/', packaged)).toBe(
      false
    )
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      expect(isPermissionAllowed(p, packaged.url, packaged), p).toBe(false)
    }
    expect(isPermissionAllowed('clipboard-sanitized-write', '', packaged)).toBe(false)
  })
})
