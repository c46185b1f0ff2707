import type { LanguageCatalogs } from '../languageCatalogs'
import { mainPtBR } from './main'
import { ptBR } from './renderer'

/** Brazilian Portuguese: the renderer's catalog and main's (the CLI's, exports', lab's inside). */
export const catalogsPtBR: LanguageCatalogs = { renderer: ptBR, main: mainPtBR }
