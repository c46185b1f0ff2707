import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The file in the library folder that keeps the HTTP API's token across restarts. */
export const API_TOKEN_FILE = 'api-token'

/** The token and where it came from (`created`: new, print it once). */
export interface ApiToken {
  token: string
  source: 'env' | 'file' | 'created'
  file: string
}

/**
 * The bearer token of `serve` and `mcp --http`: the environment's, else the library folder's
 * `api-token` (created once, readable by this user only).
 * @remarks A static token lets a notebook or a client that cannot do OAuth keep one header;
 * deleting the file makes a new one at the next start.
 */
export async function apiToken(dataDir: string, envToken: string | undefined): Promise<ApiToken> {
  const file = join(dataDir, API_TOKEN_FILE)
  if (envToken?.trim()) return { token: envToken.trim(), source: 'env', file }
  const saved = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null
    throw e
  })
  if (saved !== null && saved.trim().length >= 16)
    return { token: saved.trim(), source: 'file', file }
  const token = randomBytes(24).toString('base64url')
  await mkdir(dataDir, { recursive: true })
  // 'w' over a short or empty file; 0600 so other users of the computer cannot read it.
  await writeFile(file, `${token}\n`, { mode: 0o600 })
  return { token, source: 'created', file }
}
