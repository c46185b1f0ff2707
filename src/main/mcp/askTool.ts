import { z } from 'zod'
import type { Answer } from '../../shared/types'
import { quoteMeta, UNTRUSTED_NOTE } from './format'
import {
  Cursor,
  NextCursor,
  pageOf,
  PaperIds,
  Question,
  tool,
  where,
  type CallChannel,
  type DataItem,
  type McpTool
} from './toolKit'

function answerText(a: Answer): { head: string; items: DataItem[] } {
  const mode =
    a.mode === 'evidence'
      ? `Evidence-only answer (passages, not generated): ${a.notice?.message ?? ''}`
      : `Generated answer (${a.verified ? 'checked' : `unverified${a.notice ? `: ${a.notice.message}` : ''}`}); cite sources by their numbers.`
  const items: DataItem[] =
    a.mode === 'evidence'
      ? []
      : [
          {
            head: 'Answer (model output from the passages below):',
            text: a.answer,
            data: { kind: 'answer' }
          }
        ]
  for (const c of a.citations) {
    items.push({
      head: `[${c.number}] ${where(c)} · ${quoteMeta(c.title)} · ${c.chunkId}`,
      text: c.snippet,
      data: {
        kind: 'citation',
        number: c.number,
        paperId: c.paperId,
        title: c.title,
        page: c.page,
        chunkId: c.chunkId
      }
    })
  }
  return { head: `${mode}\n${UNTRUSTED_NOTE}`, items }
}

/** `ask`: an answer with numbered citations, generated or evidence-only, labelled as which. */
export function askTool(call: CallChannel): McpTool {
  return tool({
    name: 'ask',
    description:
      'Answer a question from the papers with numbered citations (generated if a model is set, else evidence only; labelled).',
    input: z.strictObject({ question: Question, paperIds: PaperIds.optional(), cursor: Cursor }),
    output: z.object({
      mode: z.string().describe('generated, or evidence (passages only, no model)'),
      verified: z.boolean(),
      notice: z.string().nullable(),
      answer: z.string().nullable().describe('The part of the generated answer this call sent'),
      citations: z.array(
        z.object({
          number: z.number().int(),
          paperId: z.string(),
          title: z.string(),
          page: z.number().int(),
          chunkId: z.string(),
          quote: z.string()
        })
      ),
      nextCursor: NextCursor
    }),
    run: async (a, raw) => {
      const answer = await call('chat:ask', {
        question: a.question,
        requestId: `mcp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
        ...(a.paperIds && { paperIds: a.paperIds })
      })
      const { head, items } = answerText(answer)
      const page = pageOf('ask', raw, head, items)
      const part = page.data.find((d) => d.kind === 'answer')
      return {
        text: page.text,
        structured: {
          mode: answer.mode,
          verified: answer.verified,
          notice: answer.notice?.message ?? null,
          answer: (part?.text as string | undefined) ?? null,
          citations: page.data
            .filter((d) => d.kind === 'citation')
            .map(({ kind: _kind, text, ...c }) => ({ ...c, quote: text })) as never,
          nextCursor: page.nextCursor
        }
      }
    }
  })
}
