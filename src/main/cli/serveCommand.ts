import { resolve } from 'node:path'
import { createServices } from '../services'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'
import { serveApi } from '../server/apiServer'
import { apiToken } from '../server/apiToken'
import { EnvSecretStore } from '../settings/secretStore'
import type { UiLanguage } from '../../shared/types'
import type { CliArgs } from './args'
import { cliLanguage } from './commands'
import { defaultDataDir } from './dataDir'
import { serverLog } from './diagnostics'
import { settingsOverrides } from './settingsOverrides'

/** The API's port when `--port` is not given. */
export const DEFAULT_API_PORT = 8765

/**
 * `serve`: the HTTP API (and MCP at /mcp) on 127.0.0.1 until SIGINT or SIGTERM.
 * @remarks As `mcp`, read-only unless --allow-add, so it can run beside the app; with it, the
 * writer lock is taken at once or refused, naming who holds it.
 */
export async function serveCommand(args: CliArgs, languageBefore: UiLanguage): Promise<number> {
  const log = serverLog(args.debug)
  const dataDir = resolve(args.dataDir ?? defaultDataDir())
  const services = await createServices({
    dataDir,
    secrets: new EnvSecretStore(),
    readOnly: !args.allowAdd,
    lock: {
      purpose: 'ResearchPal API server (serve --allow-add)',
      waitMs: (args.waitSeconds ?? 0) * 1000,
      onWait: (_holder, message, text) => log(errorMessage({ message, ...text }, languageBefore))
    },
    arxivBaseUrl: process.env.RESEARCHPAL_ARXIV_URL?.trim() || undefined,
    settingsOverrides: settingsOverrides(args),
    log
  })
  try {
    const t = mainT(cliLanguage(services))
    const token = await apiToken(dataDir, process.env.RESEARCHPAL_API_TOKEN)
    const server = await serveApi(services, {
      port: args.port ?? DEFAULT_API_PORT,
      token: token.token,
      allowAdd: args.allowAdd,
      log
    })
    log(t('cli.serve.at', { url: server.url }))
    if (token.source === 'created')
      log(t('cli.serve.tokenCreated', { file: token.file, token: token.token }))
    else if (token.source === 'file') log(t('cli.serve.tokenSaved', { file: token.file }))
    else log(t('cli.serve.tokenEnv'))
    if (!args.allowAdd) log(t('cli.serve.readOnly'))
    log(t('cli.serve.stop'))
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    await server.close()
    return 0
  } finally {
    await services.close()
  }
}
