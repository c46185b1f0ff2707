import { PROVIDER_TRAITS } from '../../shared/providers'
import { DEFAULT_SETTINGS, type Settings } from '../../shared/types'
import type { CliArgs } from './args'

/**
 * The settings a command line's `--provider` and `--model` override for this run only.
 * @remarks `--model` sets the model setting of the provider asked for; without `--provider`,
 * the default provider's.
 */
export function settingsOverrides(args: Pick<CliArgs, 'provider' | 'model'>): Partial<Settings> {
  return {
    ...(args.provider && { provider: args.provider }),
    ...(args.model && {
      [PROVIDER_TRAITS[args.provider ?? DEFAULT_SETTINGS.provider].modelSetting]: args.model
    })
  }
}
