import {
  METADATA_FIELDS,
  type FieldSource,
  type MetadataField,
  type Paper
} from '../../shared/types'

/**
 * Bibliographic values from one source; a missing or empty value says nothing.
 * @remarks One entry per {@link METADATA_FIELDS} (a new field there is a new value here), each
 * nullable but `authors`; `literalAuthors` goes with `authors`.
 */
export type MetadataValues = Partial<
  { [F in MetadataField]: F extends 'authors' ? string[] : Paper[F] | null } & {
    /** Which of `authors` are one name (an institution); goes with `authors`. */
    literalAuthors: string[]
  }
>

/**
 * How much each source is trusted. A hand edit is final; a library the user imported is what
 * they curated; a registry beats the heuristics that read the PDF.
 */
const RANK: Record<FieldSource, number> = {
  pdf: 1,
  arxiv: 2,
  crossref: 2,
  openalex: 2,
  import: 3,
  user: 4
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)
}

/**
 * The change that applies `values` from `source` to a paper: each field is taken when it has
 * a value and its current source is not trusted more; what the user edited by hand is kept.
 * @remarks A field with no recorded source came from the PDF (catalogs written before sources
 * were kept), so anything else may improve it.
 */
export function mergeMetadata(
  paper: Paper,
  values: MetadataValues,
  source: FieldSource
): Partial<Paper> {
  const change: Record<string, unknown> = {}
  const sources = { ...paper.fieldSources }
  for (const field of METADATA_FIELDS) {
    const v = values[field]
    if (isEmpty(v)) continue
    const current = sources[field] ?? 'pdf'
    if (current === 'user' && source !== 'user') continue
    if (RANK[source] < RANK[current] && !isEmpty(paper[field])) continue
    change[field] = v
    sources[field] = source
  }
  if (change.authors) change.literalAuthors = values.literalAuthors ?? []
  if (Object.keys(change).length === 0) return {}
  return { ...(change as Partial<Paper>), fieldSources: sources }
}
