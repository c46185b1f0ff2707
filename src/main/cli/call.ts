import type { Channel, ChannelOutput } from '../../shared/contract'
import type { MainErrorKey } from '../../shared/i18n'
import { UserFacingError } from '../errors'
import type { Services } from '../services'

/**
 * Calls one channel through the router (same validation as the app); throws its error.
 * @remarks The error keeps its catalog key, so the CLI still says it in the user's language.
 * Commands go through here wherever a channel does the same operation; they reach a service
 * directly only for what no channel does from a terminal: waiting for the ingestion queue, paths
 * a dialog would have granted (files, folders, BibTeX and Zotero imports), the lab, the
 * command's own sync pass, the notices opening found (read before the first event), the records
 * `papers` could not read, the UI language (read synchronously) and Ctrl-C stopping every
 * comparison.
 */
export async function call<C extends Channel>(
  s: Services,
  channel: C,
  input: unknown
): Promise<ChannelOutput<C>> {
  const r = await s.router.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) {
    const { code, key, params, message } = r.error
    const text = key ? { key: key as MainErrorKey, ...(params ? { params } : {}) } : message
    throw new UserFacingError(code, text, r.error)
  }
  return r.value as ChannelOutput<C>
}
