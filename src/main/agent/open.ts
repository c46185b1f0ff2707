import type { LibraryNotice } from '../../shared/libraryRecords'
import type { Paper } from '../../shared/types'
import { noticeOf } from '../errors'
import { ocrWorkerScript, WorkerRecognizer } from '../ocr/WorkerRecognizer'
import type { OpenContext } from '../openContext'
import type { EmbedderProvider, Retriever } from '../search/types'
import { ModelKey } from '../settings/modelKey'
import type { SettingsService } from '../settings/settingsService'
import { AgentService } from './AgentService'
import { answerModels } from './chatModels'
import { LocalModels } from './LocalModels'
import { MessageClassifier } from './messageKind'

/**
 * Width in pixels of a page shown to the model.
 * @remarks Small print in tables stays legible at this width; Gemini bills a letter page at it
 * as a few 768-px tiles of 258 tokens each.
 */
const PAGE_IMAGE_WIDTH = 1024

/**
 * What the agent reads of the library: its papers, a paper's PDF, and where a notice is said.
 * @remarks A port, not the library's service: the library sits above the agent's layer.
 */
export interface AgentLibrary {
  list(): Paper[]
  pdfBytes(id: string): Promise<Uint8Array>
  addNotice(notice: LibraryNotice): void
}

/** What opening the agent needs beyond {@link OpenContext}. */
export interface AgentOpenContext extends OpenContext {
  settings: SettingsService
  library: AgentLibrary
  embedder: EmbedderProvider
  retriever: Retriever
}

/** The agent and the models and page drawing it answers with. */
export interface OpenedAgent {
  agent: AgentService
  /** The chosen provider's model, or null (no key, no local model): evidence-only. */
  chatModel: ReturnType<typeof answerModels>['chatModel']
  localModels: LocalModels
  /** Draws pages for the model and for `view_page`. */
  pageImages: WorkerRecognizer
  /** The key the models send, read again when Settings changes it. */
  modelKey: ModelKey
}

/**
 * Opens the agent over the retriever, with the answer models Settings chooses.
 * @remarks A `settings.json` address the key is not sent to is said on the notices.
 */
export async function openAgent(ctx: AgentOpenContext): Promise<OpenedAgent> {
  const { settings, library, embedder, workerDir: workers } = ctx
  // Pages shown to the model are drawn in the OCR worker (pdf.js + canvas), off the main thread.
  const pageImages = new WorkerRecognizer(workers ? () => ocrWorkerScript(workers) : undefined)
  const { key: modelKey, notice } = await ModelKey.open(settings)
  if (notice) library.addNotice(noticeOf('warning', notice, null))
  const localModels = new LocalModels({ settings: () => settings.get() })
  const { chatModel, fallbackModel } = answerModels(() => settings.get(), {
    apiKey: () => modelKey.apiKey(),
    keyAddress: () => modelKey.keyAddress(),
    localModels
  })
  const agent = new AgentService({
    retriever: ctx.retriever,
    papers: () => library.list(),
    settings: () => settings.get(),
    events: ctx.events,
    pageImage: async (paperId, page) =>
      pageImages.pagePng(await library.pdfBytes(paperId), page, PAGE_IMAGE_WIDTH, paperId),
    fallbackModel,
    classifier: new MessageClassifier(() => embedder.current()),
    chatModel
  })
  return { agent, chatModel, localModels, pageImages, modelKey }
}
