import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The folder Electron would use as userData for "ResearchPal", so the CLI and the app share a
 * library by default.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform
): string {
  if (env.RESEARCHPAL_DATA_DIR) return env.RESEARCHPAL_DATA_DIR
  const home = homedir()
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'ResearchPal')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'ResearchPal')
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'ResearchPal')
}
