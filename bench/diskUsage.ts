import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** Bytes of every file under `dir` (0 when it does not exist). */
export async function dirBytes(dir: string): Promise<number> {
  let total = 0
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  for (const e of entries) {
    const p = join(dir, e.name)
    total += e.isDirectory() ? await dirBytes(p) : (await stat(p)).size
  }
  return total
}

/** Bytes on disk of a data dir, per part, and per chunk with and without the PDFs. */
export async function dataDirUsage(
  root: string,
  chunks: number
): Promise<Record<string, number | string>> {
  const total = await dirBytes(root)
  const pdfs = await dirBytes(join(root, 'pdfs'))
  const pages = await dirBytes(join(root, 'pages'))
  const vectors = await dirBytes(join(root, 'index', 'vectors'))
  const keywords = await dirBytes(join(root, 'index', 'keywords'))
  const per = (b: number): number => Math.round(b / Math.max(1, chunks))
  return {
    chunks,
    totalBytes: total,
    perChunkWithPdfs: per(total),
    perChunkWithoutPdfs: per(total - pdfs),
    perChunkIndexOnly: per(vectors + keywords),
    perChunkVectors: per(vectors),
    perChunkKeywordsAndText: per(keywords),
    perChunkPagesJson: per(pages),
    perChunkPdfs: per(pdfs),
    perChunkCatalogAndRest: per(total - pdfs - pages - vectors - keywords),
    note: 'perChunkWithoutPdfs counts library.json, pages/*.json and index/ (vectors, keyword postings, chunk text); the PDFs are the user’s own files, kept as imported'
  }
}
