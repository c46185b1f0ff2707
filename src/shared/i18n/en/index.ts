import type { LanguageCatalogs } from '../languageCatalogs'
import { mainEn } from './main'
import { en } from './renderer'

/** English: the renderer's catalog and main's (with the CLI's, the exports' and the lab's). */
export const catalogsEn: LanguageCatalogs = { renderer: en, main: mainEn }
