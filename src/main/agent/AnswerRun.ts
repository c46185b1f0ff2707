import type { Usage } from '../../shared/types'
import type { EventSink } from '../events'
import type { ANSWER_STAGES } from '../../shared/types'

/** One of the steps the agent reports. */
export type AnswerStage = (typeof ANSWER_STAGES)[number]

/**
 * The events and token totals of answering one question.
 * @remarks Every model call reports its usage here, so the answer's totals and the per-call
 * `usage` events can never disagree.
 */
export class AnswerRun {
  private input = 0
  private output = 0

  constructor(
    readonly requestId: string,
    private readonly events: EventSink
  ) {}

  stage(stage: AnswerStage, detail: string): void {
    this.events.emit('chat:event', { requestId: this.requestId, type: 'stage', stage, detail })
  }

  token(text: string): void {
    this.events.emit('chat:event', { requestId: this.requestId, type: 'token', text })
  }

  usage(call: string, usage: Usage): void {
    this.input += usage.inputTokens
    this.output += usage.outputTokens
    this.events.emit('chat:event', {
      requestId: this.requestId,
      type: 'usage',
      call,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens
    })
  }

  total(): Usage {
    return { inputTokens: this.input, outputTokens: this.output }
  }
}
