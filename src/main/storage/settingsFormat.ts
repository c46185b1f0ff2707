import { z } from 'zod'
import { DEFAULT_SETTINGS } from '../../shared/types'
import type { FileFormat, StoredDocument } from './versionedFile'

/**
 * `settings.json` (format 1): only the settings the user changed, by name.
 * @remarks Values are checked against the settings' rules when loaded (field by field, so one
 * bad value falls back to its default alone); names this version does not know are kept, so a
 * newer version's settings survive a save by this one. A setting added later (e.g.
 * `ocrLanguages`, issue 16) is a new name in `values`, not a new shape: a file without it reads
 * its default, and a value this build cannot use (an OCR language whose data is not shipped
 * here) falls back alone and stays in the file.
 */
const SettingsDocumentSchema = z.looseObject({
  version: z.literal(1),
  values: z.record(z.string(), z.unknown())
})
/** The settings document. */
export type SettingsDocument = z.infer<typeof SettingsDocumentSchema>

/** `settings.json`; version 0 is the unversioned file that saved every setting whole. */
export const SETTINGS_FORMAT: FileFormat<SettingsDocument> = {
  name: 'settings.json',
  version: 1,
  unversioned: 0,
  schema: SettingsDocumentSchema,
  migrations: {
    // 0 -> 1: the old file froze every default (and environment override) in; only values
    // that differ from the defaults can have been the user's choice.
    0: (doc: StoredDocument) => ({
      values: Object.fromEntries(
        Object.entries(doc).filter(
          ([k, v]) =>
            k !== 'version' &&
            (!(k in DEFAULT_SETTINGS) ||
              JSON.stringify(v) !==
                JSON.stringify(DEFAULT_SETTINGS[k as keyof typeof DEFAULT_SETTINGS]))
        )
      )
    })
  }
}
