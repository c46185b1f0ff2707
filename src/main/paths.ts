import { join } from 'node:path'

/** Where everything of one library lives on disk (userData, or `--data-dir` for the CLI). */
export interface DataPaths {
  root: string
  /** The catalog: one record per paper. */
  library: string
  /** `pdfs/<paperId>.pdf` as imported. */
  pdfs: string
  /** `pages/<paperId>.json`: cleaned text per page. */
  pages: string
  /** The Vectra index and the keyword index. */
  index: string
  /** Non-secret settings. */
  settings: string
  /** The encrypted API key (Electron safeStorage). */
  secrets: string
  /** A model folder a user dropped into the data dir. */
  models: string
  /** `comparisons/<id>.json`: saved comparison tables. */
  comparisons: string
  /** Conversations: `threads/<id>.json`, with `trash/` and `damaged/` beside them. */
  threads: string
  /** The ONNX Runtime threads and batch size measured on this machine. */
  ingestTuning: string
  /** The folder import in progress (or last finished), so a restart resumes it. */
  folderImport: string
}

/** Lays out {@link DataPaths} under a root folder. */
export function dataPaths(root: string): DataPaths {
  return {
    root,
    library: join(root, 'library.json'),
    pdfs: join(root, 'pdfs'),
    pages: join(root, 'pages'),
    index: join(root, 'index'),
    settings: join(root, 'settings.json'),
    secrets: join(root, 'secrets.bin'),
    models: join(root, 'models'),
    comparisons: join(root, 'comparisons'),
    threads: join(root, 'threads'),
    ingestTuning: join(root, 'ingest-tuning.json'),
    folderImport: join(root, 'imports', 'folder-import.json')
  }
}
