import type { UiLanguage } from '../languages'
import type { Catalog } from './en/renderer'
import type { MainCatalog } from './en/main'
import { catalogsEn } from './en'
import { catalogsPtBR } from './pt-BR'

export type { Catalog } from './en/renderer'
export type { CliCatalog } from './en/cli'
export type { MainCatalog, MainErrorKey } from './en/main'

/**
 * One language's catalogs, each with every key of the English one (the types enforce it):
 * the renderer's, and main's (answers, errors, the CLI's and the exports' texts).
 */
export interface LanguageCatalogs {
  renderer: Catalog
  main: MainCatalog
}

/** Every language of the table (src/shared/languages.ts) with its catalog folder. */
export const CATALOGS: Record<UiLanguage, LanguageCatalogs> = {
  en: catalogsEn,
  'pt-BR': catalogsPtBR
}
