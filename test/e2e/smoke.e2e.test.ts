import { existsSync, statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './harness'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'

describe('app shell in Chromium', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness({ embedder: new FakeEmbedderProvider(null) })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('renders the shell and round-trips calls to the real router', async () => {
    await expect(h.page).toBeDefined()
    await h.page.waitForFunction(
      () => (document.querySelector('#root')?.childElementCount ?? 0) > 0
    )
    expect(await h.page.title()).toContain('ResearchPal')
    const info = await h.page.evaluate(() => window.researchpal.app.info({}))
    expect(info.ok).toBe(true)
    if (info.ok) {
      expect(info.value.dataDir).toBe(h.dataDir)
      expect(info.value.embedder.state).toBe('missing')
    }
    const bad = await h.page.evaluate(() =>
      window.researchpal.search.query({ query: '   ' } as never)
    )
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.code).toBe('INVALID_INPUT')
    const shot = await h.screenshot('smoke-app-shell')
    expect(existsSync(shot) && statSync(shot).size).toBeGreaterThan(5000)
  })
})
