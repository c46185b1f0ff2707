import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGeminiChatModel } from '../../../src/main/agent/GeminiChatModel'
import { CompareService } from '../../../src/main/compare/CompareService'
import { ComparisonStore } from '../../../src/main/compare/ComparisonStore'
import { UserFacingError } from '../../../src/main/errors'
import type { EventSink } from '../../../src/main/events'
import type { CompareProgress } from '../../../src/shared/compare'
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/types'
import { startFakeGemini, type FakeGemini, type FakeGeminiOptions } from '../../fakes/fakeGemini'
import { FakeRetriever, fakePapers, type FakeChunk } from '../../fakes/fakeRetriever'

/** Five papers, each stating its datasets (p. 3), its model size (p. 5), its SQuAD result (p. 7). */
export const PAPERS = ['2101.00001', '2101.00002', '2101.00003', '2101.00004', '2101.00005']

/** The three questions of the grid. */
export const QUESTIONS = [
  'Which datasets are used for training?',
  'What is the model size in parameters?',
  'What is the main result on SQuAD?'
]

/** Paper 5 never gives its model size: its page-5 passage talks about the model otherwise. */
export const SILENT_PAPER = '2101.00005'

/** The chunk id that answers question `q` (0-based) in `paperId`. */
export function answerChunk(paperId: string, q: number): string {
  return `${paperId}-page-${[3, 5, 7][q]}-chunk-0`
}

/** The chunks of {@link PAPERS}: each number is unique to its paper, so a mix-up shows. */
export function gridChunks(): FakeChunk[] {
  return PAPERS.flatMap((paperId, i) => [
    {
      chunkId: answerChunk(paperId, 0),
      paperId,
      page: 3,
      section: 'data',
      text: `We train on the datasets Corpus${i + 1}A and Corpus${i + 1}B, which are used for training all models.`
    },
    {
      chunkId: answerChunk(paperId, 1),
      paperId,
      page: 5,
      section: 'model',
      text:
        paperId === SILENT_PAPER
          ? 'The model is a stack of encoder layers; its size is chosen on the validation set.'
          : `The model size is ${(i + 1) * 110} million parameters in the base configuration.`
    },
    {
      chunkId: answerChunk(paperId, 2),
      paperId,
      page: 7,
      section: 'results',
      text: `Our main result on SQuAD is an F1 of ${80 + i}.${i}, better than the previous result.`
    }
  ])
}

/** A CompareService over the real Gemini SDK and the scripted server, saving in a temp dir. */
export interface CompareHarness {
  service: CompareService
  store: ComparisonStore
  gemini: FakeGemini
  retriever: FakeRetriever
  progress: CompareProgress[]
  waits: number[]
  dir: string
  settings: Settings
  /** Collections by id (name and papers) the service can start a comparison from. */
  collections: Map<string, { name: string; paperIds: string[] }>
  /** Conversations by id, with their papers (null: the whole library). */
  threads: Map<string, string[] | null>
  /** A second store over the same folder, as after a restart. */
  reopen(): Promise<ComparisonStore>
  close(): Promise<void>
}

/** Builds a {@link CompareHarness}; `noKey` leaves it without a model (evidence-only cells). */
export async function compareHarness(
  options: FakeGeminiOptions & { noKey?: boolean; baseUrl?: string; concurrency?: number } = {}
): Promise<CompareHarness> {
  const gemini = await startFakeGemini(options)
  const dir = await mkdtemp(join(tmpdir(), 'rp-compare-'))
  const chunks = gridChunks()
  const retriever = new FakeRetriever(chunks)
  const papers = fakePapers(chunks)
  const progress: CompareProgress[] = []
  const waits: number[] = []
  const events: EventSink = {
    emit(event, payload) {
      if (event === 'compare:progress') progress.push(payload as CompareProgress)
    }
  }
  const settings: Settings = { ...DEFAULT_SETTINGS, uiLanguage: 'en', answerLanguage: 'en' }
  const store = new ComparisonStore(join(dir, 'comparisons'), () => undefined)
  await store.open()
  const collections = new Map<string, { name: string; paperIds: string[] }>()
  const threads = new Map<string, string[] | null>()
  const missing = (what: string): never => {
    throw new UserFacingError('NOT_FOUND', `There is no ${what}.`)
  }
  const service = new CompareService({
    store,
    retriever,
    papers: () => papers,
    settings: () => settings,
    events,
    concurrency: options.concurrency ?? 4,
    collection: (id) => collections.get(id) ?? missing(`collection ${id}`),
    threadScope: (id) => (threads.has(id) ? threads.get(id)! : missing(`conversation ${id}`)),
    // The rate-limit pause is recorded, not slept: the test asserts the wait it was told.
    wait: async (seconds) => {
      waits.push(seconds)
    },
    chatModel: () =>
      options.noKey
        ? null
        : createGeminiChatModel({
            apiKey: 'test-key',
            model: settings.model,
            baseUrl: options.baseUrl ?? gemini.baseUrl,
            timeoutMs: 5000
          })
  })
  return {
    service,
    store,
    gemini,
    retriever,
    progress,
    waits,
    dir,
    settings,
    collections,
    threads,
    async reopen() {
      const again = new ComparisonStore(join(dir, 'comparisons'), () => undefined)
      await again.open()
      return again
    },
    async close() {
      await gemini.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
}
