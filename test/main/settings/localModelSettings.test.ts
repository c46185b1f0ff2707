import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../src/main/errors'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { SettingsService } from '../../../src/main/settings/settingsService'
import { DEFAULT_SETTINGS } from '../../../src/shared/types'

function service(file: string, env: NodeJS.ProcessEnv = {}): SettingsService {
  return new SettingsService({ file, secrets: new MemorySecretStore(), env })
}

function fileWith(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rp-settings-')), 'settings.json')
  writeFileSync(file, JSON.stringify(content))
  return file
}

describe('SettingsService with the local model settings', () => {
  it('loads a settings.json written before local models existed, keeping what it held', async () => {
    const old = {
      answerLanguage: 'en',
      model: 'gemini-3.5-pro',
      toolRounds: 2,
      geminiBaseUrl: null,
      requestTimeoutMs: 90_000,
      chunkTokens: 256,
      chunkOverlap: 32
    }
    const s = service(fileWith(old))
    await s.load()
    expect(s.get()).toEqual({ ...DEFAULT_SETTINGS, ...old })
    expect(s.get()).toMatchObject({
      provider: 'gemini',
      localBaseUrl: 'http://127.0.0.1:11434/v1',
      localModel: null,
      localContextTokens: 4096
    })
  })

  it('saves and reloads the local provider, address, model and window', async () => {
    const file = fileWith({})
    const s = service(file)
    await s.load()
    await s.update({
      provider: 'local',
      localBaseUrl: 'http://localhost:1234/v1',
      localModel: 'qwen2.5-7b-instruct',
      localContextTokens: 8192
    })
    const again = service(file)
    await again.load()
    expect(again.get()).toMatchObject({
      provider: 'local',
      localBaseUrl: 'http://localhost:1234/v1',
      localModel: 'qwen2.5-7b-instruct',
      localContextTokens: 8192
    })
    expect(JSON.parse(readFileSync(file, 'utf8')).localModel).toBe('qwen2.5-7b-instruct')
  })

  it('refuses a non-loopback http address, keeping the rest of the file', async () => {
    const s = service(
      fileWith({ provider: 'local', localBaseUrl: 'http://10.0.0.7:11434/v1', localModel: 'm' })
    )
    await s.load()
    expect(s.get().localBaseUrl).toBe(DEFAULT_SETTINGS.localBaseUrl)
    expect(s.get()).toMatchObject({ provider: 'local', localModel: 'm' })
    await expect(s.update({ localBaseUrl: 'http://example.org/v1' })).rejects.toThrow(
      /an http:\/\/ address on this computer/
    )
    await s.update({ localBaseUrl: 'https://llm.example.org/v1' })
    expect(s.get().localBaseUrl).toBe('https://llm.example.org/v1')
  })

  it('takes RESEARCHPAL_LLM_BASE_URL and RESEARCHPAL_LLM_MODEL, and names a bad one', async () => {
    const s = service(fileWith({}), {
      RESEARCHPAL_LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      RESEARCHPAL_LLM_MODEL: 'llama-3.2-3b'
    })
    await s.load()
    expect(s.get()).toMatchObject({
      localBaseUrl: 'http://127.0.0.1:8080/v1',
      localModel: 'llama-3.2-3b'
    })
    const bad = service(fileWith({}), { RESEARCHPAL_LLM_BASE_URL: 'ftp://127.0.0.1/v1' })
    const error = await bad.load().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserFacingError)
    expect((error as UserFacingError).message).toMatch(/^RESEARCHPAL_LLM_BASE_URL is not usable/)
  })
})
