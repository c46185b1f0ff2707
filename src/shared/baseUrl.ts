/**
 * Why a model server's base URL is refused, or null when it is acceptable.
 * @remarks The rule of issue 18 for every base URL the app sends requests to: https to any
 * host, plain http only to this computer (127.0.0.0/8, ::1, localhost), so nothing a person
 * types in Settings makes the app talk to another machine in cleartext.
 */
export function baseUrlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `"${value}" is not a URL; write it like http://127.0.0.1:11434/v1.`
  }
  if (url.username || url.password) return 'must not contain a user name or password.'
  if (url.protocol === 'https:') return null
  if (url.protocol !== 'http:') return `must start with http:// or https://, not ${url.protocol}`
  if (isLoopback(url.hostname)) return null
  return `plain http is only allowed to this computer (127.0.0.1, localhost); use https:// for ${url.hostname}.`
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host === '::1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}
