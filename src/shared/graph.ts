import { z } from 'zod'

/** A node of the citation map: a library paper, or a work several library papers cite. */
export const GraphNodeSchema = z.object({
  id: z.string(),
  kind: z.enum(['paper', 'ghost']),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  collectionIds: z.array(z.string()),
  /** How many library papers cite this one. */
  citedBy: z.number().int(),
  /** The community it falls in (papers only; ghosts take their citers' most common one). */
  cluster: z.number().int(),
  /** For a ghost: how to add it (`arxiv:ID`, `doi:DOI`), as the missing-references list says. */
  add: z.string().nullable()
})
export type GraphNode = z.infer<typeof GraphNodeSchema>

/** "source cites target", or "source and target are alike" (no citation between them). */
export const GraphEdgeSchema = z.object({
  source: z.string(),
  target: z.string(),
  kind: z.enum(['cites', 'similar']),
  /** How a citation was matched (`arxiv`, `doi`, `title`), or the similarity (0..1). */
  match: z.enum(['arxiv', 'doi', 'title']).nullable(),
  weight: z.number()
})
export type GraphEdge = z.infer<typeof GraphEdgeSchema>

/** One detected cluster: its papers and the words that most set it apart. */
export const GraphClusterSchema = z.object({
  id: z.number().int(),
  size: z.number().int(),
  label: z.string(),
  paperIds: z.array(z.string())
})
export type GraphCluster = z.infer<typeof GraphClusterSchema>

/** The library's citation map. */
export const CitationGraphSchema = z.object({
  nodes: z.array(GraphNodeSchema),
  edges: z.array(GraphEdgeSchema),
  clusters: z.array(GraphClusterSchema),
  /** What the similarity edges were computed from. */
  similarity: z.literal('keywords')
})
export type CitationGraph = z.infer<typeof CitationGraphSchema>
