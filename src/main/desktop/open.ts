import type { EventSink } from '../events'
import type { LibraryService } from '../library/LibraryService'
import { DesktopEntry } from './desktopEntry'

/**
 * Opens where links and files from the desktop come in (command line, second launch, open-url,
 * open-file): papers are added with the library's duplicate check, passages opened in the window.
 */
export function openDesktop(ctx: { library: LibraryService; events: EventSink }): DesktopEntry {
  const { library, events } = ctx
  return new DesktopEntry({
    paper: (id) => library.list().find((p) => p.id === id),
    addPaths: (paths) => library.addPathsDetailed(paths),
    openPassage: (link) => events.emit('desktop:open', link),
    notice: (notice) => events.emit('library:notice', notice)
  })
}
