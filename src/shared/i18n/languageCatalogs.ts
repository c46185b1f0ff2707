import type { Catalog } from './en/renderer'
import type { MainCatalog } from './en/main'

/**
 * One language's catalogs, each with every key of the English one (the types enforce it):
 * the renderer's, and main's (answers, errors, the CLI's and the exports' texts).
 */
export interface LanguageCatalogs {
  renderer: Catalog
  main: MainCatalog
}
