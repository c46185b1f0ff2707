/**
 * Finding a cited snippet or a search query among a page's text items (text-layer spans or
 * OCR words).
 * @remarks The matching itself lives in shared/, so main's tests check OCR word highlighting
 * with the same code the viewer runs.
 */
export {
  findAllItems,
  findSnippetItems,
  normalizeForMatch,
  type ItemRange
} from '../../../../shared/textMatch'
