import { createInterface } from 'node:readline/promises'
import type { Services } from '../services'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'
import { call } from './call'
import { cliLanguage, formatAnswer, type CommandOutput } from './commands'

/** The question the demo asks first; its answer is on page 3 of the Transformer paper. */
export const DEMO_QUESTION = 'How many identical layers are stacked in the Transformer encoder?'

async function askOnce(s: Services, question: string): Promise<string> {
  const r = await s.router.invoke(
    'chat:ask',
    { question, requestId: `demo-${Date.now()}` },
    { transport: 'cli' }
  )
  const language = cliLanguage(s)
  if (!r.ok) {
    const message = errorMessage(r.error, language)
    return mainT(language)('cli.error', { code: r.error.code, message })
  }
  return formatAnswer(r.value as Parameters<typeof formatAnswer>[0], language)
}

/**
 * What `npm start` runs where Electron cannot start: ingest the default papers, ask, and keep
 * asking on a terminal.
 */
export async function demo(s: Services, interactive: boolean): Promise<CommandOutput> {
  const language = cliLanguage(s)
  const t = mainT(language)
  process.stderr.write(`${t('cli.demo.adding')}\n`)
  await call(s, 'library:addDefaults', {})
  await s.library.whenIdle()
  const { papers } = await call(s, 'library:list', {})
  const lines = papers.map((p) =>
    p.status === 'indexed'
      ? t('cli.demo.paper', { id: p.id, title: p.title, pages: p.pages, chunks: p.chunks })
      : `✗ ${p.id}  ${p.error ? errorMessage(p.error, language) : t(`cli.status.${p.status}`)}`
  )
  const { embedder } = await call(s, 'app:info', {})
  const question = t('cli.demo.question', { question: DEMO_QUESTION })
  process.stdout.write(
    `${lines.join('\n')}\n\n${errorMessage(embedder, language)}\n\n${question}\n`
  )
  process.stdout.write(`${await askOnce(s, DEMO_QUESTION)}\n`)
  if (interactive) {
    const rl = createInterface({ input: process.stdin, output: process.stdout })
    try {
      for (;;) {
        const q = (await rl.question(`\n${t('cli.demo.prompt')}`)).trim()
        if (!q) break
        process.stdout.write(`${await askOnce(s, q)}\n`)
      }
    } finally {
      rl.close()
    }
  }
  const ok = papers.every((p) => p.status === 'indexed')
  return {
    json: { papers: papers.map((p) => ({ paperId: p.id, status: p.status })) },
    text: '',
    exitCode: ok ? 0 : 1
  }
}
