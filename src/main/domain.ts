/**
 * Main-process domain types shared by ingestion, search and the agent.
 * @remarks Kept apart from `shared/` because the renderer never sees chunks or page text.
 */

import type { ChunkKind, Region } from '../shared/types'

/** One word OCR recognised, with its box on the page (fractions of the page size). */
export interface OcrWord {
  text: string
  /** Recognition confidence, 0-100. */
  confidence: number
  box: Region
}

/** How a page's text was recognised from its image. */
export interface PageOcr {
  /** Tesseract language codes, e.g. `['eng']`. */
  languages: string[]
  /** Mean word confidence, 0-100. */
  confidence: number
  words: OcrWord[]
}

/** A figure or table caption found on a page, and the region it belongs to. */
export interface PageFigure {
  kind: 'figure' | 'table'
  /** `Figure 3`, `Table 2`. */
  label: string
  /** Where the caption is in the page's cleaned text (`text.slice(start, end)`). */
  start: number
  end: number
  /** The figure or table with its caption. */
  region: Region
}

/** The cleaned text of one page. `page` is the 1-based PDF page number. */
export interface PageText {
  page: number
  text: string
  /** Present when the text was recognised from the page image (no usable text layer). */
  ocr?: PageOcr
  /** Figure and table captions on the page. */
  figures?: PageFigure[]
}

/** What `pages/<paperId>.json` holds. */
export interface PaperText {
  paperId: string
  pages: PageText[]
}

/** One token window of a page: the unit that is embedded, indexed and cited. */
export interface Chunk {
  /** `{paperId}-page-{n}-chunk-{i}`: deterministic, so re-ingesting upserts in place. */
  id: string
  paperId: string
  page: number
  /** Index of the chunk within its page, from 0. */
  index: number
  /** The section the chunk starts in (`abstract`, `introduction`, ..., or `body`). */
  section: string
  text: string
  /** cl100k_base token count of `text`. */
  tokens: number
  /** Absent on text-layer chunks. */
  kind?: ChunkKind
  /** A figure's or table's region on its page. */
  region?: Region
}

/** The id of a figure or table chunk: `{paperId}-page-{n}-figure-3`, `...-table-2`. */
export function figureChunkId(paperId: string, page: number, figure: PageFigure): string {
  const n = figure.label.replace(/^\D+/, '').toLowerCase()
  return `${paperId}-page-${page}-${figure.kind}-${n}`
}

/** Builds the deterministic chunk id. */
export function chunkId(paperId: string, page: number, index: number): string {
  return `${paperId}-page-${page}-chunk-${index}`
}
