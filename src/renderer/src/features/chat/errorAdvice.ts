import type { AppError } from '../../../../shared/errors'

/** What went wrong, in a heading, and what the user can do about it. */
export interface Advice {
  title: string
  action: string
  /** Whether the Settings button helps. */
  settings: boolean
}

/** Turns an error from `chat:ask` into what happened and what to do next. */
export function errorAdvice(error: AppError): Advice {
  switch (error.code) {
    case 'NO_API_KEY':
      return {
        title: 'No Gemini API key',
        action: 'Set a Gemini API key in Settings, then retry.',
        settings: true
      }
    case 'RATE_LIMITED': {
      const wait = error.retryAfterSeconds
      return {
        title: 'Gemini quota reached',
        action:
          wait !== undefined
            ? `Wait ${Math.ceil(wait)} s for the quota to refill, then retry.`
            : 'Wait a minute for the quota to refill, then retry.',
        settings: false
      }
    }
    case 'OFFLINE':
      return {
        title: 'No network',
        action: 'Check your network connection, then retry. Search still works offline.',
        settings: false
      }
    case 'UPSTREAM_UNAVAILABLE':
      return {
        title: 'Gemini is overloaded or unavailable',
        action: 'This is on Google’s side; retry in a little while.',
        settings: false
      }
    case 'LOCAL_MODEL_UNREACHABLE':
      return {
        title: 'The local model server is not answering',
        action:
          'Start Ollama (or your local server), or check its address in Settings; then retry.',
        settings: true
      }
    case 'LOCAL_MODEL_MISSING':
      return {
        title: 'The local model is not installed',
        action: 'Install it with the command above, or choose an installed model in Settings.',
        settings: true
      }
    case 'CONTEXT_TOO_SMALL':
      return {
        title: 'The local model’s context window is too small',
        action:
          'Give the model a larger context in its server, set the same in Settings, then retry.',
        settings: true
      }
    case 'TIMEOUT':
      return {
        title: 'The model took too long to answer',
        action: 'Retry; if it keeps happening, raise the request timeout in Settings.',
        settings: true
      }
    case 'MODEL_MISSING':
      return {
        title: 'The embedding model is missing',
        action: 'Search runs on keywords only; see Settings for how to get the model.',
        settings: true
      }
    case 'INVALID_INPUT':
      return {
        title: 'The question was not accepted',
        action: 'Edit it and retry.',
        settings: false
      }
    default:
      return {
        title: 'Something went wrong',
        action: 'Retry; if it happens again, the log in the data folder has the details.',
        settings: false
      }
  }
}
