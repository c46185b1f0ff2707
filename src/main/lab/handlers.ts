import type { labChannels, LabStatus } from '../../shared/labChannels'
import { toAppError, UserFacingError } from '../errors'
import type { EventSink } from '../events'
import type { HandlerSlice } from '../ipc/combine'
import type { LibraryService } from '../library/LibraryService'
import { labPlace } from './labPlace'
import type { LabService } from './LabService'

/** What the lab channels need. */
export interface LabHandlerDeps {
  lab: Pick<LabService, 'connected' | 'connect' | 'disconnect' | 'status' | 'publish'>
  library: Pick<LibraryService, 'organizer' | 'byId'>
  events: EventSink
}

/**
 * The lab's state for Settings: a lab that fails now is a status with its reason, not a
 * failed call, so the window can say what is wrong beside the Disconnect button.
 */
async function labStatus(lab: LabHandlerDeps['lab']): Promise<LabStatus> {
  const c = await lab.connected()
  if (!c) return { connected: false, fromEnv: false, place: null, info: null, error: null }
  const place = labPlace(c.url)
  try {
    return { connected: true, fromEnv: c.fromEnv, place, info: await lab.status(), error: null }
  } catch (e) {
    if (!(e instanceof UserFacingError)) throw e
    return { connected: true, fromEnv: c.fromEnv, place, info: null, error: toAppError(e) }
  }
}

/** The handlers of the lab channels (issue 36). */
export function labHandlers(deps: LabHandlerDeps): HandlerSlice<keyof typeof labChannels> {
  const { lab, library, events } = deps
  return {
    'lab:status': () => labStatus(lab),
    'lab:connect': async ({ url, init }) => {
      // A failure to connect is the call's error: nothing was saved, the old connection stays.
      const { info } = await lab.connect(url, init ?? false)
      const c = await lab.connected()
      return {
        connected: true,
        fromEnv: c?.fromEnv ?? false,
        place: labPlace(url),
        info,
        error: null
      }
    },
    'lab:disconnect': async () => {
      await lab.disconnect()
      return labStatus(lab)
    },
    'lab:publish': async ({ paperIds, collectionId }) => {
      let ids = paperIds ?? []
      let collection: string | null = null
      if (collectionId) {
        const found = library.organizer.collections().find((c) => c.id === collectionId)
        if (!found)
          throw new UserFacingError('NOT_FOUND', {
            key: 'noSuchCollection',
            params: { id: collectionId }
          })
        collection = found.name
        ids = library.organizer.select({ collectionId }).map((p) => p.id)
        // An empty list would mean every paper: an empty collection shares nothing.
        if (ids.length === 0) return { published: [], already: [], failed: [], collection }
      }
      const report = await lab.publish(ids, (p) => events.emit('lab:progress', p), {
        ...(collection && { collection })
      })
      return {
        published: report.published,
        already: report.already,
        failed: report.failed.map((f) => ({
          paperId: f.paperId,
          title: library.byId(f.paperId)?.title ?? f.paperId,
          error: toAppError(f.error)
        })),
        collection
      }
    }
  }
}
