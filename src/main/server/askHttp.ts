import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { z } from 'zod'
import { isUserFacing } from '../errors'
import type { RouterHost } from '../ipc/routerHost'
import type { CallChannel } from './apiRoutes'
import { AskBodySchema, seedAnswer } from './askRoute'
import { HttpProblem, jsonBody, parse, toProblem, type Env } from './httpProblem'
import { problemOf } from './problem'

/** What `POST /ask` is served with. */
export interface AskHttpDeps {
  services: RouterHost
  call: CallChannel
  log: (message: string) => void
  /** Questions answered at once; more get 429. */
  maxAsks: number
}

/**
 * Serves `POST /ask`: the answer as JSON, or as server-sent events when the client accepts them.
 * @remarks The events are the window's `chat:event` pushes for this request; once the answer is
 * in, only the citations, the answer and an error are still sent. A client that goes away
 * cancels its question.
 */
export function serveAsk(app: Hono<Env>, deps: AskHttpDeps): void {
  const { services, call, log, maxAsks } = deps
  let asking = 0
  app.post('/ask', async (c) => {
    const body = parse(AskBodySchema, await jsonBody(c), 'body') as z.output<typeof AskBodySchema>
    if (asking >= maxAsks)
      throw new HttpProblem(
        'TOO_MANY_REQUESTS',
        `${asking} questions are being answered; ask again when one is done.`,
        5
      )
    const requestId = `http-${randomBytes(6).toString('hex')}`
    const input = {
      question: body.question,
      requestId,
      ...(body.thread && { threadId: body.thread }),
      ...(body.papers && { paperIds: body.papers }),
      ...(body.provider && { provider: body.provider })
    }
    const stream = /\btext\/event-stream\b/.test(c.req.header('accept') ?? '')
    asking++
    if (!stream) {
      try {
        return c.json(seedAnswer(await call('chat:ask', input), body.details))
      } finally {
        asking--
      }
    }
    return streamSSE(c, async (sse) => {
      let chain = Promise.resolve()
      let finished = false
      const send = (event: string, data: unknown): Promise<void> =>
        (chain = chain.then(() =>
          finished && !['citations', 'answer', 'error'].includes(event)
            ? undefined
            : sse.writeSSE({ event, data: JSON.stringify(data) })
        ))
      const unsubscribe = services.events.subscribe((event, payload) => {
        if (event !== 'chat:event') return
        const p = payload as { requestId: string; type: string }
        if (p.requestId !== requestId) return
        const { requestId: _id, type, ...rest } = p
        void send(type, rest)
      })
      sse.onAbort(() => {
        if (!finished)
          void services.router.invoke('chat:cancel', { requestId }, { transport: 'http' })
      })
      try {
        const answer = seedAnswer(await call('chat:ask', input), body.details)
        finished = true
        await send('citations', answer.citations)
        await send('answer', answer)
      } catch (e) {
        finished = true
        if (!isUserFacing(e))
          log(`[http] /ask failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
        await send('error', problemOf(toProblem(e, 'in /ask'), '/ask'))
      } finally {
        unsubscribe()
        asking--
        await chain
      }
    })
  })
}
