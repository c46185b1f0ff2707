import type { SearchInput, SectionInput } from '../../src/shared/contract'
import type {
  Paper,
  Passage,
  SearchResponse,
  SearchResult,
  SectionResult
} from '../../src/shared/types'
import { UserFacingError } from '../../src/main/errors'
import type { Retriever } from '../../src/main/search/types'

/** A chunk the fake retriever holds (the text as the ingest pipeline would store it). */
export interface FakeChunk {
  chunkId: string
  paperId: string
  page: number
  section: string
  text: string
}

const TITLES: Record<string, string> = {
  '1706.03762': 'Attention Is All You Need',
  '1810.04805': 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
  '2005.11401': 'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks'
}

/** Passages from the three default papers, with their real pages. */
export const DEFAULT_CHUNKS: FakeChunk[] = [
  {
    chunkId: '1706.03762-page-1-chunk-0',
    paperId: '1706.03762',
    page: 1,
    section: 'abstract',
    text: 'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks that include an encoder and a decoder. The best performing models also connect the encoder and decoder through an attention mechanism. We propose a new simple network architecture, the Transformer, based solely on attention mechanisms, dispensing with recurrence and convolutions entirely.'
  },
  {
    chunkId: '1706.03762-page-4-chunk-1',
    paperId: '1706.03762',
    page: 4,
    section: 'model architecture',
    text: 'We call our particular attention "Scaled Dot-Product Attention". The input consists of queries and keys of dimension dk, and values of dimension dv. We compute the dot products of the query with all keys, divide each by the square root of dk, and apply a softmax function to obtain the weights on the values.'
  },
  {
    chunkId: '1706.03762-page-5-chunk-0',
    paperId: '1706.03762',
    page: 5,
    section: 'model architecture',
    text: 'Multi-head attention allows the model to jointly attend to information from different representation subspaces at different positions. In this work we employ h = 8 parallel attention layers, or heads. For each of these we use dk = dv = dmodel/h = 64.'
  },
  {
    chunkId: '1706.03762-page-8-chunk-0',
    paperId: '1706.03762',
    page: 8,
    section: 'results',
    text: 'On the WMT 2014 English-to-German translation task, the big transformer model outperforms the best previously reported models (including ensembles) by more than 2.0 BLEU, establishing a new state-of-the-art BLEU score of 28.4. Training took 3.5 days on 8 P100 GPUs.'
  },
  {
    chunkId: '1810.04805-page-1-chunk-0',
    paperId: '1810.04805',
    page: 1,
    section: 'abstract',
    text: 'We introduce a new language representation model called BERT, which stands for Bidirectional Encoder Representations from Transformers. Unlike recent language representation models, BERT is designed to pre-train deep bidirectional representations from unlabeled text by jointly conditioning on both left and right context in all layers.'
  },
  {
    chunkId: '1810.04805-page-4-chunk-2',
    paperId: '1810.04805',
    page: 4,
    section: 'bert',
    text: 'In order to train a deep bidirectional representation, we simply mask some percentage of the input tokens at random, and then predict those masked tokens. We refer to this procedure as a "masked LM" (MLM). In all of our experiments, we mask 15% of all WordPiece tokens in each sequence at random.'
  },
  {
    chunkId: '1810.04805-page-4-chunk-3',
    paperId: '1810.04805',
    page: 4,
    section: 'bert',
    text: 'In order to train a model that understands sentence relationships, we pre-train for a binarized next sentence prediction task that can be trivially generated from any monolingual corpus.'
  },
  {
    chunkId: '2005.11401-page-1-chunk-0',
    paperId: '2005.11401',
    page: 1,
    section: 'abstract',
    text: 'We explore a general-purpose fine-tuning recipe for retrieval-augmented generation (RAG) — models which combine pre-trained parametric and non-parametric memory for language generation. We introduce RAG models where the parametric memory is a pre-trained seq2seq model and the non-parametric memory is a dense vector index of Wikipedia, accessed with a pre-trained neural retriever.'
  },
  {
    chunkId: '2005.11401-page-3-chunk-1',
    paperId: '2005.11401',
    page: 3,
    section: 'methods',
    text: 'The retrieval component pη(z|x) is based on DPR. DPR follows a bi-encoder architecture. Calculating top-k(pη(·|x)), the list of k documents z with highest prior probability, is a Maximum Inner Product Search (MIPS) problem, which can be approximately solved in sub-linear time.'
  }
]

/** Catalog records for the papers the chunks come from (all `indexed`). */
export function fakePapers(chunks: readonly FakeChunk[] = DEFAULT_CHUNKS): Paper[] {
  const ids = [...new Set(chunks.map((c) => c.paperId))]
  return ids.map((id) => ({
    id,
    title: TITLES[id] ?? `Paper ${id}`,
    authors: [],
    year: null,
    arxivId: id,
    source: { kind: 'arxiv', arxivId: id, url: `https://arxiv.org/abs/${id}` },
    sha256: null,
    pages: Math.max(...chunks.filter((c) => c.paperId === id).map((c) => c.page)),
    chunks: chunks.filter((c) => c.paperId === id).length,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: '2026-11-01T00:00:00.000Z',
    indexedAt: '2026-11-01T00:00:00.000Z',
    embedderId: null
  }))
}

/**
 * A {@link Retriever} over fixed chunks, ranked by shared words; records what it was asked.
 * @remarks Stands in for the hybrid retriever so agent tests control exactly which passages
 * (and ids) the model sees.
 */
export class FakeRetriever implements Retriever {
  readonly searches: SearchInput[] = []
  readonly sections: SectionInput[] = []

  constructor(private readonly chunks: readonly FakeChunk[] = DEFAULT_CHUNKS) {}

  async search(input: SearchInput): Promise<SearchResponse> {
    this.searches.push(input)
    const words = new Set(input.query.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])
    const results: SearchResult[] = this.chunks
      .filter((c) => !input.paperIds || input.paperIds.includes(c.paperId))
      .map((c) => {
        const own = c.text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []
        const score = own.filter((w) => words.has(w)).length / Math.sqrt(own.length)
        return { ...c, title: TITLES[c.paperId] ?? c.paperId, score }
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, input.limit ?? 10)
    return { query: input.query, embedder: null, results }
  }

  async passage(chunkId: string): Promise<Passage> {
    const c = this.chunks.find((x) => x.chunkId === chunkId)
    if (!c) throw new UserFacingError('NOT_FOUND', `There is no passage ${chunkId}.`)
    return { ...c, title: TITLES[c.paperId] ?? c.paperId }
  }

  async section(input: SectionInput): Promise<SectionResult> {
    this.sections.push(input)
    const chunks = this.chunks.filter(
      (c) => c.paperId === input.paperId && c.section === input.section.toLowerCase()
    )
    if (!chunks.length) {
      throw new UserFacingError(
        'NOT_FOUND',
        `Paper ${input.paperId} has no section named "${input.section}".`
      )
    }
    return {
      paperId: input.paperId,
      section: input.section.toLowerCase(),
      pages: [...new Set(chunks.map((c) => c.page))],
      text: chunks.map((c) => c.text).join('\n')
    }
  }
}
