import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StoredPaperSchema } from '../../src/main/storage/catalogFormat'
import {
  bibliographyDefaults,
  INTERNAL_PAPER_FIELDS,
  METADATA_FIELDS,
  PaperEditSchema,
  PaperSchema
} from '../../src/shared/paperFields'

// A field's type as JSON Schema, records compared whether or not they keep unknown fields.
function typeOf(schema: z.ZodType): unknown {
  return JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { io: 'output' }), (key, value: unknown) =>
      key === 'additionalProperties' || key === '$schema' ? undefined : value
    )
  )
}

const record = {
  id: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani'],
  year: 2017,
  arxivId: '1706.03762',
  source: { kind: 'arxiv', arxivId: '1706.03762', url: 'https://arxiv.org/abs/1706.03762' },
  sha256: null,
  pages: 15,
  chunks: 40,
  sections: [{ name: 'abstract', heading: 'Abstract', startPage: 1, endPage: 1 }],
  status: 'indexed',
  error: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  indexedAt: '2026-01-01T00:01:00.000Z',
  embedderId: 'minilm',
  chunkerId: 'tokens-256-32'
}

describe('the paper-field table', () => {
  it('gives the app every stored field but the internal ones, with the same type', () => {
    const stored = StoredPaperSchema.shape as Record<string, z.ZodType>
    const app = PaperSchema.shape as Record<string, z.ZodType>
    expect(INTERNAL_PAPER_FIELDS).toEqual(['chunkerId'])
    expect(Object.keys(app)).toEqual(
      Object.keys(stored).filter((f) => !(INTERNAL_PAPER_FIELDS as string[]).includes(f))
    )
    for (const field of Object.keys(app))
      expect(typeOf(app[field]!), field).toEqual(typeOf(stored[field]!))
  })

  it('stores what a newer version added to a record; the app sees neither that nor the internal fields', () => {
    const newer = {
      ...record,
      futureField: 1,
      source: { ...record.source, mirror: 'x' },
      sections: [{ ...record.sections[0], level: 2 }]
    }
    const stored = StoredPaperSchema.parse(newer)
    expect(stored).toMatchObject({
      futureField: 1,
      source: { mirror: 'x' },
      sections: [{ level: 2 }]
    })
    expect(stored.chunkerId).toBe('tokens-256-32')
    const seen = PaperSchema.parse(newer)
    expect(seen).not.toHaveProperty('chunkerId')
    expect(seen).not.toHaveProperty('futureField')
    expect(seen.source).not.toHaveProperty('mirror')
  })

  it('loads a record written before the bibliographic fields with their defaults', () => {
    const stored = StoredPaperSchema.parse(record)
    expect(stored).toMatchObject(bibliographyDefaults())
    expect(bibliographyDefaults()).toEqual({
      venue: null,
      doi: null,
      abstract: null,
      language: null,
      tags: [],
      collectionIds: [],
      fieldSources: {},
      onlineCheckedAt: null
    })
    // Fresh values each time: two new papers never share one tags list.
    expect(bibliographyDefaults().tags).not.toBe(bibliographyDefaults().tags)
  })

  it('edits and tracks the sources of fields the app sees', () => {
    const app = Object.keys(PaperSchema.shape)
    expect(Object.keys(PaperEditSchema.shape)).toEqual([
      'title',
      'authors',
      'year',
      'venue',
      'doi',
      'language',
      'tags'
    ])
    for (const f of [...Object.keys(PaperEditSchema.shape), ...METADATA_FIELDS])
      expect(app).toContain(f)
    expect(PaperEditSchema.parse({ doi: 'https://doi.org/10.1000/XYZ', language: 'PT' })).toEqual({
      doi: '10.1000/xyz',
      language: 'pt'
    })
    expect(PaperEditSchema.safeParse({ abstract: 'no' }).success).toBe(false)
  })
})
