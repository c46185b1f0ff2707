import { describe, expect, it } from 'vitest'
import { isAllowedApiAddress, normalizedApiAddress } from '../../src/shared/apiAddress'

describe('isAllowedApiAddress', () => {
  it.each([
    'https://generativelanguage.googleapis.com',
    'https://proxy.example.org:8443/gemini/',
    'http://127.0.0.1:8080/',
    'http://127.5.6.7/',
    'http://127.1/',
    'http://localhost:3000',
    'http://[::1]:8080/v1'
  ])('accepts %s', (address) => expect(isAllowedApiAddress(address)).toBe(true))

  it.each([
    'http://attacker.example:8080/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'ftp://127.0.0.1/',
    'data:text/plain,hi',
    'http://10.0.0.5/',
    'http://128.0.0.1/',
    'http://localhost.attacker.example/',
    'http://127.0.0.1.nip.io/',
    'http://localhost:80@attacker.example/',
    'https://user:pass@proxy.example.org/',
    'not a url',
    ''
  ])('refuses %s', (address) => expect(isAllowedApiAddress(address)).toBe(false))
})

describe('normalizedApiAddress', () => {
  it('treats a trailing slash and letter case of the host as the same address', () => {
    expect(normalizedApiAddress('https://Proxy.Example.org/')).toBe(
      normalizedApiAddress('https://proxy.example.org')
    )
    expect(normalizedApiAddress(null)).toBeNull()
  })
})
