import { createInterface } from 'node:readline/promises'
import type { Services } from '../services'
import { cliLanguage, formatAnswer, type CommandOutput } from './commands'

/** The question the demo asks first; its answer is on page 3 of the Transformer paper. */
export const DEMO_QUESTION = 'How many identical layers are stacked in the Transformer encoder?'

async function askOnce(s: Services, question: string): Promise<string> {
  const r = await s.router.invoke(
    'chat:ask',
    { question, requestId: `demo-${Date.now()}` },
    { transport: 'cli' }
  )
  if (!r.ok) return `Error (${r.error.code}): ${r.error.message}`
  return formatAnswer(r.value as Parameters<typeof formatAnswer>[0], cliLanguage(s))
}

/**
 * What `npm start` runs where Electron cannot start: ingest the default papers, ask, and keep
 * asking on a terminal.
 */
export async function demo(s: Services, interactive: boolean): Promise<CommandOutput> {
  process.stderr.write('Adding the three default papers (Transformer, BERT, RAG)...\n')
  await s.library.addDefaults()
  await s.library.whenIdle()
  const papers = s.library.list()
  const lines = papers.map((p) =>
    p.status === 'indexed'
      ? `✓ ${p.id}  ${p.title} (${p.pages} pages, ${p.chunks} chunks)`
      : `✗ ${p.id}  ${p.error?.message ?? p.status}`
  )
  process.stdout.write(
    `${lines.join('\n')}\n\n${s.embedder.status().message}\n\nQ: ${DEMO_QUESTION}\n`
  )
  process.stdout.write(`${await askOnce(s, DEMO_QUESTION)}\n`)
  if (interactive) {
    const rl = createInterface({ input: process.stdin, output: process.stdout })
    try {
      for (;;) {
        const q = (await rl.question('\nAsk about the papers (empty line to quit): ')).trim()
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
