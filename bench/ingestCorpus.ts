import { bibliographyDefaults } from '../src/shared/types'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Paper } from '../src/shared/types'
import type { PaperText } from '../src/main/domain'
import { chunkPages } from '../src/main/ingest/chunker'
import { extractPaper } from '../src/main/ingest/extractPaper'
import { PdfjsReader } from '../src/main/ingest/PdfjsReader'
import type { Embedder, KeywordIndex, VectorStore } from '../src/main/search/types'
import { DEFAULT_SETTINGS } from '../src/shared/types'

/** A paper as the bench ingested it. */
export interface IngestedPaper {
  paper: Paper
  text: PaperText
  chunks: number
}

/**
 * Ingests PDFs into the search stores with the ingestion pipeline's own pieces.
 * @remarks Extraction, sections and chunking are H1's ingest code; the catalog step is skipped
 * (the bench holds the Paper records itself).
 */
export async function ingestCorpus(
  pdfs: { id: string; file: string }[],
  stores: { keywords: KeywordIndex; vectors: VectorStore; embedder: Embedder | null }
): Promise<IngestedPaper[]> {
  const reader = new PdfjsReader()
  const out: IngestedPaper[] = []
  for (const { id, file } of pdfs) {
    const x = await extractPaper(reader, new Uint8Array(await readFile(file)), { label: id })
    const chunks = chunkPages(id, x.pages, x.marks, DEFAULT_SETTINGS)
    await stores.keywords.putPaper(id, chunks)
    if (stores.embedder) {
      const vectors = await stores.embedder.embed(chunks.map((c) => c.text))
      await stores.vectors.putPaper(
        id,
        stores.embedder.id,
        chunks.map((c, i) => ({ chunkId: c.id, vector: vectors[i]! }))
      )
    }
    out.push({
      paper: {
        id,
        title: x.metadata.title ?? id,
        authors: x.metadata.authors,
        year: x.metadata.year,
        arxivId: id,
        source: { kind: 'file', fileName: `${id}.pdf` },
        sha256: null,
        pages: x.pages.length,
        chunks: chunks.length,
        sections: x.sections,
        status: 'indexed',
        error: null,
        addedAt: new Date().toISOString(),
        indexedAt: new Date().toISOString(),
        embedderId: stores.embedder?.id ?? null,
        ...bibliographyDefaults()
      },
      text: { paperId: id, pages: x.pages },
      chunks: chunks.length
    })
  }
  return out
}

/** The shared corpus folder next to the repository, as CI lays it out. */
export const SHARED_DIR = join(__dirname, '..', '..', 'shared')
