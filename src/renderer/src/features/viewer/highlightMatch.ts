/**
 * Finding a cited snippet among a page's text items (text-layer spans or OCR words).
 * @remarks The matching itself lives in shared/, so main's tests check OCR word highlighting
 * with the same code the viewer runs.
 */
export { findSnippetItems, normalizeForMatch } from '../../../../shared/textMatch'
