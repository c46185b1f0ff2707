import type { UiLanguage } from '../languages'
import type { LanguageCatalogs } from './languageCatalogs'
import { catalogsEn } from './en'
import { catalogsPtBR } from './pt-BR'

export type { Catalog } from './en/renderer'
export type { CliCatalog } from './en/cli'
export type { MainCatalog, MainErrorKey } from './en/main'

export type { LanguageCatalogs } from './languageCatalogs'

/** Every language of the table (src/shared/languages.ts) with its catalog folder. */
export const CATALOGS: Record<UiLanguage, LanguageCatalogs> = {
  en: catalogsEn,
  'pt-BR': catalogsPtBR
}
