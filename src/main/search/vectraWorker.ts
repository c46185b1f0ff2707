import { lowerThreadPriority } from '../threadPriority'
import { serveWorker } from '../workers/serveWorker'
import { loadVectra, writeVectraFile, type PaperVectorsInput } from './vectraFile'

/** The vector writer worker's methods (see WorkerClient). */
export type VectraWriterApi = {
  write: { input: PaperVectorsInput; output: null }
}

// Writes happen while the next paper is embedded; the embedder comes first.
lowerThreadPriority()

serveWorker<VectraWriterApi, null>({
  // vectra is imported as soon as the worker starts (a warm-up or the first write); a failed
  // import shows up, with its reason, in the first write.
  init: () => {
    loadVectra().catch(() => undefined)
    return null
  },
  methods: {
    write: async (input) => {
      await writeVectraFile(input)
      return null
    }
  }
})
