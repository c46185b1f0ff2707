import { createHash } from 'node:crypto'
import { appError } from '../errors'
import { createReadStream } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { bibliographyDefaults } from '../../shared/types'
import type { DataPaths } from '../paths'
import type { StoredPaper } from '../storage/catalogFormat'
import { isArxivId } from './arxivId'

/** What was found in the library folder without a catalog. */
export interface Recovered {
  /** One record per paper found: `pending` (to re-index) or `error` (no PDF to index from). */
  papers: StoredPaper[]
  /** Papers with text or index files but no PDF and no arXiv id to download it again. */
  withoutPdf: string[]
}

/**
 * Rebuilds catalog records from what is on disk: `pdfs/`, `pages/` and the index files.
 * @remarks Every paper with a PDF (or an arXiv id to download it from) comes back `pending` and
 * is re-indexed from it, which recovers its title, authors and sections; a paper known only by
 * its text or index files comes back as an error row that says to add its PDF again (adding
 * the file restores it, since a file's paper id is its hash).
 */
export async function recoverCatalog(paths: DataPaths, now = new Date()): Promise<Recovered> {
  const pdfs = await idsIn(paths.pdfs, '.pdf')
  const others = new Set([
    ...(await idsIn(paths.pages, '.json')),
    ...(await idsIn(join(paths.index, 'keywords', 'papers'), '.kw')),
    ...(await idsIn(join(paths.index, 'vectors', 'papers'), '.rpv'))
  ])
  const papers: StoredPaper[] = []
  const withoutPdf: string[] = []
  for (const id of [...new Set([...pdfs, ...others])].sort()) {
    const hasPdf = pdfs.includes(id)
    const sha = hasPdf ? await sha256File(join(paths.pdfs, `${id}.pdf`)) : null
    const record = recordOf(id, sha, now)
    if (!hasPdf && !record.arxivId) {
      withoutPdf.push(id)
      record.status = 'error'
      record.error = appError('NOT_FOUND', { key: 'recoveredWithoutPdf', params: { id } })
    }
    papers.push(record)
  }
  return { papers, withoutPdf }
}

/**
 * The PDFs in `pdfs/` that no record of the catalog names, as `pending` records to index.
 * @remarks An add writes the PDF, then the record: a kill between the two leaves the file with
 * no paper (a remove deletes the files first, so it never leaves one). Only names ResearchPal
 * gives (a file's 12-hex hash prefix, an arXiv id) are taken; any other file is left alone.
 */
export async function strayPdfs(
  paths: DataPaths,
  known: (id: string) => boolean,
  now = new Date()
): Promise<StoredPaper[]> {
  const out: StoredPaper[] = []
  for (const id of (await idsIn(paths.pdfs, '.pdf')).sort()) {
    if (known(id) || !(/^[0-9a-f]{12}$/.test(id) || isArxivId(id.replace(/_/g, '/')))) continue
    const sha = await sha256File(join(paths.pdfs, `${id}.pdf`)).catch(() => null)
    if (sha) out.push(recordOf(id, sha, now))
  }
  return out
}

/** A record rebuilt from a paper's id alone: the file's name, or the arXiv paper it names. */
function recordOf(id: string, sha256: string | null, now: Date): StoredPaper {
  const arxivId = id.replace(/_/g, '/')
  const arxiv = isArxivId(arxivId) && !/^[0-9a-f]{12}$/.test(id)
  return {
    id,
    title: arxiv ? `arXiv ${arxivId}` : id,
    authors: [],
    year: null,
    arxivId: arxiv ? arxivId : null,
    source: arxiv
      ? { kind: 'arxiv', arxivId, url: `https://arxiv.org/abs/${arxivId}` }
      : { kind: 'file', fileName: `${id}.pdf` },
    sha256,
    pages: 0,
    chunks: 0,
    sections: [],
    status: 'pending',
    error: null,
    addedAt: now.toISOString(),
    indexedAt: null,
    embedderId: null,
    chunkerId: null,
    ...bibliographyDefaults()
  }
}

async function idsIn(dir: string, ext: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  return names
    .filter((n) => n.endsWith(ext))
    .map((n) => decodeURIComponent(n.slice(0, -ext.length)))
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
