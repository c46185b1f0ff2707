import type { Settings } from '../../shared/types'
import type { EventSink } from '../events'
import type { PdfReader } from '../pdf/PdfReader'
import type { PageRecognizer } from '../ocr/PageRecognizer'
import type { DataPaths } from '../paths'
import type { EmbedderProvider, KeywordIndex, VectorStore } from '../search/types'
import type { OnlineMetadata } from './online/OnlineMetadata'

/** What {@link LibraryService} is built from (the composition root passes real ones). */
export interface LibraryDeps {
  paths: DataPaths
  reader: PdfReader
  embedder: EmbedderProvider
  vectors: VectorStore
  keywords: KeywordIndex
  events: EventSink
  settings: () => Settings
  fetch?: typeof fetch
  /** `https://arxiv.org` by default; tests point it at a local server. */
  arxivBaseUrl?: string
  downloadAttempts?: number
  downloadBackoffMs?: number
  /** A folder with `<arxivId>.pdf` copies of the default papers, used instead of downloading. */
  defaultCorpusDir?: string | null
  embedBatchSize?: number
  /**
   * OCR for scanned pages, used when `reader` is not a worker that does its own (a worker
   * reader starts an OCR worker of its own).
   */
  recognizer?: PageRecognizer
  log?: (msg: string) => void
  /** arXiv, Crossref, OpenAlex, Unpaywall; null: no online metadata (tests). */
  online?: OnlineMetadata | null
  /** Ask the registries about each paper once it is indexed (the app; not the CLI). */
  autoOnlineMetadata?: boolean
  /**
   * Opened by a process that does not hold the data folder's writer lock (search, papers):
   * nothing is written, resumed or repaired; what needs repair is only reported.
   */
  readOnly?: boolean
}
