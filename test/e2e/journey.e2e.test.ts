import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGemini, type FakeGemini } from '../fakes/fakeGemini'
import { hasShared } from '../fixtures/sharedFolder'
import { CORPUS, SCREENSHOTS } from './harness'
import { JOURNEY_GEMINI, runJourney } from './journey'
import { chromiumLauncher, electronLauncher, electronTargetFromEnv } from './journeyLaunchers'

/**
 * A user's journey through the app, one script, two launchers: the Chromium harness on every run
 * here, and the real Electron app (the electron-vite build or the unpacked installer) on GitHub's
 * runners, where `.github/workflows/ci.yml` sets `RP_JOURNEY_ELECTRON`.
 */
const electron = electronTargetFromEnv()

if (!electron) {
  console.warn(
    'SKIPPED: the journey in the real Electron app: no Electron binary can be downloaded on this ' +
      'machine. It runs on GitHub (ci.yml, release.yml) with RP_JOURNEY_ELECTRON=built or the ' +
      'path of the unpacked app.'
  )
}

describe.skipIf(
  electron !== null || !hasShared(join(CORPUS, '1706.03762.pdf'), 'the journey in Chromium')
)('the journey in Chromium', () => {
  let gemini: FakeGemini
  beforeAll(async () => {
    gemini = await startFakeGemini({ script: JOURNEY_GEMINI })
  })
  afterAll(async () => {
    await gemini?.close()
  })

  it('first run → default papers → answers → chip → restart → Português → MCP', async () => {
    const launcher = chromiumLauncher({ geminiBaseUrl: gemini.baseUrl, defaultCorpusDir: CORPUS })
    try {
      const result = await runJourney(launcher, { screenshots: SCREENSHOTS })
      expect(result.screenshots).toHaveLength(8)
      expect(gemini.of('synthesis').length).toBeGreaterThan(0)
    } finally {
      await launcher.quit()
    }
  }, 600_000)
})

describe.skipIf(electron === null)('the journey in the Electron app', () => {
  let gemini: FakeGemini
  beforeAll(async () => {
    gemini = await startFakeGemini({ script: JOURNEY_GEMINI })
  })
  afterAll(async () => {
    await gemini?.close()
  })

  it(`runs on the ${electron?.kind ?? 'electron'} app`, async () => {
    const launcher = electronLauncher({ target: electron!, geminiBaseUrl: gemini.baseUrl })
    try {
      const result = await runJourney(launcher, {
        screenshots: SCREENSHOTS,
        // The real MiniLM on a 2- or 3-core runner, and the default papers from arXiv.
        indexTimeoutMs: 900_000
      })
      expect(result.screenshots).toHaveLength(8)
      expect(gemini.of('synthesis').length).toBeGreaterThan(0)
    } finally {
      await launcher.quit()
    }
  }, 1_500_000)
})
