import type { AppError, Result } from '../../../shared/errors'

/**
 * A slice's call wrapper: the call's value, or null after handing its error to `setError` (the
 * slice shows it where the action was started).
 */
export function resultOrError(
  setError: (error: AppError) => void
): <T>(call: () => Promise<Result<T>>) => Promise<T | null> {
  return async (call) => {
    const r = await call()
    if (!r.ok) {
      setError(r.error)
      return null
    }
    return r.value
  }
}
