import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import {
  shownPassageIds,
  startFakeOpenAi,
  type FakeOpenAi,
  type LocalScript
} from '../fakes/fakeOpenAi'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { closedPort } from '../fakes/closedPort'
import { startHarness, type Harness } from './harness'

/**
 * A cooperative local model that takes its time: the answer streams in pieces, so the streamed
 * text and the Stop button can be seen; the Settings test gets "ready".
 */
const SLOW_LOCAL: LocalScript = {
  synthesis: (request) => {
    const system = request.body.messages[0]?.content ?? ''
    if (system.includes('connection works')) return { text: 'ready' }
    const [a] = shownPassageIds(request)
    return {
      chunkDelayMs: 150,
      text: [
        'The notes describe zebracorn2 ',
        'as a marker on the second page ',
        `of the paper [[${a}]]. `,
        'Sparse attention is the topic throughout.'
      ]
    }
  }
}

const QUESTION = 'What does zebracorn2 describe?'

async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  return page.locator('article.turn').last()
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByRole('tab', { name: 'Local model' }).click()
  await page.getByTestId('local-model').waitFor()
}

async function closeSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close settings' }).click()
}

describe('answers from a local OpenAI-compatible model, in Chromium', () => {
  let local: FakeOpenAi
  let h: Harness
  let page: Page

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-e2e-local-'))
    const pdf = join(dir, 'sparse-attention-notes.pdf')
    writeFileSync(
      pdf,
      makePaperPdf({ title: 'Sparse Attention Notes', pages: 3, marker: 'zebracorn' })
    )
    local = await startFakeOpenAi({
      models: { 'qwen2.5:3b': {}, 'gemma3:1b': { tools: 'ignored' } },
      script: SLOW_LOCAL
    })
    h = await startHarness({
      apiKey: 'test-key',
      // Gemini is "offline": nothing listens there.
      geminiBaseUrl: `http://127.0.0.1:${await closedPort()}`,
      embedder: new FakeEmbedderProvider(),
      defaultCorpusDir: null
    })
    page = h.page
    await h.services.library.addPaths([pdf])
    await h.services.library.whenIdle()
    await page.reload()
    await page.locator('li.paper[data-status="indexed"]').first().waitFor({ timeout: 60_000 })
  })
  afterAll(async () => {
    await h?.close()
    await local?.close()
  })

  it("sets up the local model in Settings: address, the server's model list, Test", async () => {
    expect(await page.locator('.pill[data-provider="gemini"]').textContent()).toBe(
      'Answers: Gemini'
    )
    await openSettings(page)
    const address = page.getByRole('textbox', { name: 'Local server address' })
    // An address on another machine over plain http is refused, and the dialog says why.
    await address.fill('http://192.168.1.20:11434/v1')
    const save = page.getByRole('button', { name: 'Save', exact: true })
    await save.click()
    await expect
      .poll(() => page.locator('.settings-footer [role="alert"]').first().textContent())
      .toMatch(/an http:\/\/ address on this computer/)
    await address.fill(local.baseUrl)
    await save.click()
    const select = page.getByRole('combobox', { name: 'Local model' })
    await expect.poll(() => select.locator('option').allTextContents()).toContain('qwen2.5:3b')
    await select.selectOption('qwen2.5:3b')
    await save.click()
    await page.getByTestId('settings-state').getByText('Saved.').waitFor()
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    await expect
      .poll(() => page.locator('.test-result').textContent())
      .toMatch(/^qwen2\.5:3b replied in \d+\.\d s: “ready”$/)
    await h.screenshot('local-01-settings')
    await closeSettings(page)
    expect(await page.locator('.pill[data-provider="gemini"]').textContent()).toBe(
      'Answers: Gemini · offline: qwen2.5:3b'
    )
  })

  it('Gemini offline: the local model answers, labelled as standing in', async () => {
    const turn = await ask(page, QUESTION)
    await turn.locator('button.chip').first().waitFor({ timeout: 60_000 })
    const label = turn.locator('[data-label="local"]')
    expect(await label.textContent()).toBe(
      'Gemini could not be reached — answered offline by the local model qwen2.5:3b'
    )
    expect(await label.getAttribute('data-fallback')).toBe('true')
    await h.screenshot('local-02-gemini-offline-fallback')
  })

  it('with Local as the provider: streams the answer, labels it, and its chip opens the highlighted page', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('combobox', { name: 'Answers written by' }).selectOption('local')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(() => page.locator('.pill[data-provider="local"]').textContent())
      .toBe('Answers: local model · qwen2.5:3b')
    await closeSettings(page)
    const turn = await ask(page, QUESTION)
    const streaming = turn.locator('.answer-body.streaming')
    await streaming.waitFor({ timeout: 60_000 })
    await expect.poll(() => streaming.textContent()).toContain('The notes describe zebracorn2')
    expect(await streaming.textContent()).not.toContain('[[')
    await h.screenshot('local-03-streaming')
    const chip = turn.locator('button.chip[data-citation="1"]').first()
    await chip.waitFor({ timeout: 60_000 })
    expect(await turn.locator('[data-label="local"]').textContent()).toBe(
      'Answered offline by the local model qwen2.5:3b'
    )
    expect(await turn.locator('.answer-body').first().textContent()).toContain(
      'as a marker on the second page of the paper 1. Sparse attention'
    )
    await h.screenshot('local-04-answer-labelled-local')
    const cited = await chip.getAttribute('data-page')
    expect(cited).toBe('2')
    await chip.click()
    await page
      .locator(`.pdf-page[data-page-number="${cited}"] .textLayer .highlight`)
      .first()
      .waitFor({ timeout: 30_000 })
    expect(await page.locator('.viewer-scroll').getAttribute('data-viewer-page')).toBe(cited)
    await h.screenshot('local-05-chip-opens-highlighted-page')
  })

  it('a slow model can be stopped while it streams', async () => {
    local.setScript({
      synthesis: {
        chunkDelayMs: 400,
        text: Array.from({ length: 40 }, (_, i) => `slowword${i} `)
      }
    })
    const before = local.abandoned
    const turn = await ask(page, QUESTION)
    await expect
      .poll(() => turn.locator('.answer-body.streaming').textContent(), { timeout: 60_000 })
      .toContain('slowword2')
    await turn.getByRole('button', { name: 'Stop' }).click()
    await turn.locator('.notice-title', { hasText: 'Stopped' }).waitFor()
    await expect.poll(() => local.abandoned).toBe(before + 1)
    local.setScript(SLOW_LOCAL)
  })

  it('says what to do when the model is not installed, the server is down, or too slow', async () => {
    await h.services.settings.update({ localModel: 'llama3.2:3b' })
    let turn = await ask(page, QUESTION)
    let alert = turn.getByRole('alert')
    await alert.waitFor({ timeout: 60_000 })
    expect(await alert.getAttribute('data-error-code')).toBe('LOCAL_MODEL_MISSING')
    expect(await alert.textContent()).toContain('ollama pull llama3.2:3b')
    await h.screenshot('local-06-model-missing')

    await h.services.settings.update({
      localModel: 'qwen2.5:3b',
      localBaseUrl: `http://127.0.0.1:${await closedPort()}/v1`
    })
    turn = await ask(page, QUESTION)
    alert = turn.getByRole('alert')
    await alert.waitFor({ timeout: 60_000 })
    expect(await alert.getAttribute('data-error-code')).toBe('LOCAL_MODEL_UNREACHABLE')
    expect(await alert.textContent()).toContain('Start Ollama, or check the address in Settings')
    await h.screenshot('local-07-server-down')

    await h.services.settings.update({ localBaseUrl: local.baseUrl, requestTimeoutMs: 1000 })
    local.setScript({ synthesis: { hang: true } })
    turn = await ask(page, QUESTION)
    alert = turn.getByRole('alert')
    await alert.waitFor({ timeout: 60_000 })
    expect(await alert.getAttribute('data-error-code')).toBe('TIMEOUT')
    expect(await alert.textContent()).toMatch(/raise the request timeout in Settings/)
    local.setScript(SLOW_LOCAL)
    await h.services.settings.update({ requestTimeoutMs: 60_000 })
  })

  it('a small context window: the answer uses the passages that fit, and says so', async () => {
    await h.services.settings.update({ localContextTokens: 1024, localModel: 'gemma3:1b' })
    const turn = await ask(page, 'What does the paper say about attention and zebracorn1?')
    await turn.locator('button.chip').first().waitFor({ timeout: 60_000 })
    const notice = turn.locator('[data-label="partial-evidence"]')
    expect(await notice.textContent()).toMatch(
      /context window \(1,024 tokens\) holds only \d of the \d passages/
    )
    expect(await turn.locator('[data-label="local"]').textContent()).toContain('gemma3:1b')
    await h.screenshot('local-08-context-trimmed')
  })
})

describe('the local model settings in Brazilian Portuguese', () => {
  it('are in one language, the pill included', async () => {
    const local = await startFakeOpenAi({ models: { 'qwen2.5:3b': {} } })
    const h = await startHarness({ locale: 'pt-BR', defaultCorpusDir: null, apiKey: null })
    try {
      await h.services.settings.update({
        provider: 'local',
        localBaseUrl: local.baseUrl,
        localModel: 'qwen2.5:3b'
      })
      await h.page.reload()
      const pill = h.page.locator('.pill[data-provider="local"]')
      await pill.waitFor()
      expect(await pill.textContent()).toBe('Respostas: modelo local · qwen2.5:3b')
      await pill.click()
      const fields = h.page.getByTestId('local-model')
      await fields.waitFor()
      await h.page.getByRole('button', { name: 'Testar' }).click()
      await expect
        .poll(() => fields.locator('.test-result').textContent())
        .toMatch(/^qwen2\.5:3b respondeu em \d+,\d s: “/)
      const text = (await h.page.locator('dialog.settings[open]').textContent()) ?? ''
      expect(text).toContain('Servidor do modelo local')
      expect(text).toContain('Respostas escritas por')
      for (const english of [
        'Local model server',
        'Context window',
        'Refresh',
        'Answers written by'
      ]) {
        expect(text).not.toContain(english)
      }
      await h.screenshot('local-09-settings-pt-BR')
    } finally {
      await h.close()
      await local.close()
    }
  })
})
