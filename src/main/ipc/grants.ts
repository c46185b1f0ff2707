import { resolve } from 'node:path'
import { UserFacingError } from '../errors'

/**
 * The paths the user chose in a dialog this session, shared by the library, import and sync
 * handlers.
 * @remarks `library:addPaths` and the import channels only accept these, so a compromised
 * renderer cannot make main read arbitrary paths.
 */
export class Grants {
  private readonly granted = new Set<string>()

  /** Records a path a dialog returned. */
  grant(path: string): void {
    this.granted.add(path)
  }

  /** Whether this resolved path was chosen in a dialog. */
  has(path: string): boolean {
    return this.granted.has(path)
  }

  /** The path, resolved, when the import dialog chose it; else a user-facing refusal. */
  chosen(path: string, channel: string): string {
    const p = resolve(path)
    if (!this.granted.has(p))
      throw new UserFacingError(
        'INVALID_INPUT',
        `Invalid input for ${channel}: ${path} was not chosen in the import dialog. Choose it with "Import…" in the library.`
      )
    return p
  }
}
