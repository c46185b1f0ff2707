import type { PdfReader } from '../src/main/pdf/PdfReader'
import { PdfjsReader } from '../src/main/ingest/PdfjsReader'
import { benchWorkers } from './benchWorkers'

/** Which PDF reader the bench ingests with. */
export type ReaderKind = 'in-thread' | 'worker'

/**
 * The reader of that kind, and how to stop it.
 * @remarks `worker` (the default) is WorkerPdfReader: extraction and chunking in a worker
 * thread (built from `workerDir` when given). `in-thread` is PdfjsReader on the main thread, as
 * before issue 7.
 */
export function benchReader(
  kind: ReaderKind,
  workerDir: string | null
): { reader: PdfReader; close(): Promise<void> } {
  if (kind === 'in-thread') return { reader: new PdfjsReader(), close: async () => {} }
  if (kind === 'worker') {
    const reader = benchWorkers.reader(workerDir)
    return { reader, close: () => reader.close() }
  }
  throw new Error(`unknown --reader ${String(kind)} (in-thread or worker)`)
}
