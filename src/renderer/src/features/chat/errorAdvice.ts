import type { AppError } from '../../../../shared/errors'
import type { TFunction } from '../../i18n'

/** What went wrong, in a heading, and what the user can do about it. */
export interface Advice {
  title: string
  action: string
  /** Whether the Settings button helps. */
  settings: boolean
}

/** The error codes the catalogs have their own advice for; others get `errors.OTHER`. */
const ADVISED = [
  'NO_API_KEY',
  'RATE_LIMITED',
  'OFFLINE',
  'UPSTREAM_UNAVAILABLE',
  'LOCAL_MODEL_UNREACHABLE',
  'LOCAL_MODEL_MISSING',
  'CONTEXT_TOO_SMALL',
  'TIMEOUT',
  'MODEL_MISSING',
  'INVALID_INPUT',
  'NOT_FOUND'
] as const
type Advised = (typeof ADVISED)[number]

const SETTINGS_HELP: ReadonlySet<Advised> = new Set([
  'NO_API_KEY',
  'LOCAL_MODEL_UNREACHABLE',
  'LOCAL_MODEL_MISSING',
  'CONTEXT_TOO_SMALL',
  'TIMEOUT',
  'MODEL_MISSING'
])

function advised(code: AppError['code']): Advised | null {
  return (ADVISED as readonly string[]).includes(code) ? (code as Advised) : null
}

/** An error's heading in the UI language ("No internet connection"), never an errno. */
export function errorTitle(error: Pick<AppError, 'code'>, t: TFunction): string {
  const code = advised(error.code)
  return code ? t(`errors.${code}.title`) : t('errors.OTHER.title')
}

/** Turns an error from `chat:ask` into what happened and what to do next, in the UI language. */
export function errorAdvice(error: AppError, t: TFunction): Advice {
  const code = advised(error.code)
  if (!code) {
    return { title: t('errors.OTHER.title'), action: t('errors.OTHER.action'), settings: false }
  }
  const wait = error.retryAfterSeconds
  const action =
    code === 'RATE_LIMITED' && wait !== undefined
      ? t('errors.RATE_LIMITED.actionWait', { seconds: Math.ceil(wait) })
      : t(`errors.${code}.action`)
  return { title: t(`errors.${code}.title`), action, settings: SETTINGS_HELP.has(code) }
}
