import { PaperSchema, type Paper } from '../../../src/shared/types'

/** An indexed catalog record for the graph tests (the schema's defaults for the rest). */
export function indexedPaper(fields: Partial<Paper> & Pick<Paper, 'id' | 'title'>): Paper {
  return PaperSchema.parse({
    authors: [],
    year: null,
    arxivId: null,
    source: { kind: 'file', fileName: `${fields.id}.pdf` },
    sha256: fields.id.padEnd(64, '0'),
    pages: 3,
    chunks: 3,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: '2026-12-01T00:00:00.000Z',
    indexedAt: '2026-12-01T00:00:00.000Z',
    embedderId: null,
    ...fields
  })
}
