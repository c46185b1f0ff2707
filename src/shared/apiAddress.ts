/** What an API address must be, for messages. */
export const API_ADDRESS_RULE =
  'must be an https:// address, or an http:// address on this computer (localhost, 127.x.x.x or [::1])'

/**
 * True when a host name (as `URL.hostname` gives it) is this computer: `localhost`, 127.0.0.0/8
 * or `[::1]`.
 * @remarks `URL` has already normalised the spellings (`127.1`, `0x7f000001`, `[0:0::1]`), so
 * exact forms are enough here; `localhost.example.com` and `127.0.0.1.nip.io` are not loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase()
  return h === 'localhost' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

/**
 * True for an address the API key may be sent to: https anywhere, or plain http only to this
 * computer (a local proxy), with no user name or password in it.
 * @remarks The key travels in a request header to this address; over plain http to another
 * machine anyone on the way could read it, and any other scheme (`javascript:`, `file:`) is
 * not an API at all.
 */
export function isAllowedApiAddress(address: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return url.hostname.length > 0
  return url.protocol === 'http:' && isLoopbackHost(url.hostname)
}

/** The form two addresses are compared in (so `https://x/` and `https://x` are one address). */
export function normalizedApiAddress(address: string | null): string | null {
  if (address === null) return null
  try {
    return new URL(address).href.replace(/\/+$/, '')
  } catch {
    return address
  }
}
