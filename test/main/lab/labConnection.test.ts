import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorMessage, toAppError, UserFacingError } from '../../../src/main/errors'
import { LabService } from '../../../src/main/lab/LabService'
import { EnvSecretStore, MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { LabServer } from '../../fakes/labServer'

const URL_A = 'postgres://alice:s3cret@lab.example.org:5432/lab'

let folders = 0
/** A data folder with a lab service over an empty library, keeping secrets in `secrets`. */
function folder(secrets: MemorySecretStore | EnvSecretStore, lab?: string) {
  const root = mkdtempSync(join(tmpdir(), `rp-lab-conn-${folders++}-`))
  const file = join(root, 'lab.json')
  if (lab !== undefined) writeFileSync(file, lab, { mode: 0o600 })
  const service = new LabService({
    root,
    env: {},
    secrets,
    embedder: new FakeEmbedderProvider(),
    library: {
      list: () => [],
      byId: () => undefined,
      pdfPath: (id) => join(root, `${id}.pdf`),
      storedChunks: () => [],
      storedVectors: () => null
    }
  })
  return { root, file, service }
}

describe('the lab connection lives in the secret store, never in a file', () => {
  let server: LabServer
  beforeAll(async () => {
    server = await LabServer.create()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('an older lab.json is moved into the secret store on first open and its URL taken out of the file', async () => {
    const secrets = new MemorySecretStore()
    const { file, service } = folder(secrets, JSON.stringify({ version: 1, url: URL_A }))
    const c = await service.connected()
    expect(c).toMatchObject({ url: URL_A, fromEnv: false, host: 'lab.example.org:5432/lab' })
    expect(await secrets.labUrl()).toBe(URL_A)
    expect(existsSync(file)).toBe(false)
    // A second open reads the secret store alone.
    expect((await service.connected())?.url).toBe(URL_A)
  })

  it('fields of lab.json other than the URL stay in the file (still 0600)', async () => {
    const secrets = new MemorySecretStore()
    const { file, service } = folder(
      secrets,
      JSON.stringify({ version: 1, url: URL_A, label: 'Lab of Ipea' })
    )
    expect((await service.connected())?.url).toBe(URL_A)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, label: 'Lab of Ipea' })
    expect(readFileSync(file, 'utf8')).not.toContain('s3cret')
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('a damaged lab.json is named and left as it was; connecting again works and loses nothing', async () => {
    const secrets = new MemorySecretStore()
    const damaged = `{"version": 1, "url": "${URL_A}"`
    const { root, file, service } = folder(secrets, damaged)
    const e = await service.connected().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(UserFacingError)
    expect(toAppError(e).code).toBe('DATA_DAMAGED')
    const message = errorMessage(toAppError(e), 'en')
    expect(message).toMatch(
      new RegExp(
        `^The lab connection file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} could not be read \\(.+\\); it is left as it was\\. Connect again with: lab connect <postgres-url>$`
      )
    )
    expect(message).not.toContain('s3cret')
    expect(errorMessage(toAppError(e), 'pt-BR')).toContain('ele fica como estava')
    expect(readFileSync(file, 'utf8')).toBe(damaged)
    expect(await secrets.labUrl()).toBeNull()

    await service.connect(server.url, true)
    expect(await secrets.labUrl()).toBe(server.url)
    expect((await service.connected())?.url).toBe(server.url)
    expect(readFileSync(file, 'utf8')).toBe(damaged)
    expect(existsSync(join(root, 'settings.json'))).toBe(false)
    await service.close()
  })

  it('the password in a damaged lab.json never shows in the message', async () => {
    // A URL pasted in place of the JSON: V8 quotes its first ten characters.
    const { service } = folder(new MemorySecretStore(), '//al:Zq9@lab/x')
    const e = await service.connected().catch((x: unknown) => x)
    expect(toAppError(e).code).toBe('DATA_DAMAGED')
    const message = errorMessage(toAppError(e), 'en')
    expect(message).toContain('//…@')
    expect(message).not.toContain('Zq9')
  })

  it('lab connect saves the URL in the secret store and writes no file; disconnect forgets it', async () => {
    const secrets = new MemorySecretStore()
    const { file, service } = folder(secrets)
    await service.connect(server.url, true)
    expect(await secrets.labUrl()).toBe(server.url)
    expect(existsSync(file)).toBe(false)
    expect(await service.disconnect()).toMatch(/^127\.0\.0\.1:\d+\/postgres$/)
    expect(await secrets.labUrl()).toBeNull()
    expect(await service.connected()).toBeNull()
  })

  it('the CLI, whose store reads only the environment, keeps the URL in lab.json readable by its owner only', async () => {
    const { file, service } = folder(new EnvSecretStore({}))
    await service.connect(server.url, true)
    expect(JSON.parse(readFileSync(file, 'utf8')).url).toBe(server.url)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    await service.close()
  })
})
