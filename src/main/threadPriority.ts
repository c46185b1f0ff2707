import { readlinkSync } from 'node:fs'
import { constants, setPriority } from 'node:os'

/** How far below normal a worker runs: `background` (nice 19) or `belowNormal` (nice 10). */
export type ThreadPriority = 'background' | 'belowNormal'

/**
 * Lowers the CPU priority of the calling thread (a worker doing background work), where the OS
 * allows it per thread; returns the thread id it lowered, or null.
 * @remarks Where ONNX Runtime computes embeddings on two threads (its default picks the count per
 * host), they wait for each other at every operator, so any thread competing with them at the
 * same priority slows embedding by more than the CPU it takes: on the 2-core machine, a busy
 * thread at normal priority cost the embedder 28% of its throughput, the same thread at the
 * lowest priority 5%, while still getting the idle slivers between operators. The extraction
 * worker reads the next paper in those slivers, which is all it needs to stay ahead of the
 * embedder; when the embedder is idle it gets the whole core.
 * The embedder itself runs below normal: threads inherit the nice value of the thread that
 * creates them, so ONNX Runtime's pool threads do too, and the app's own threads (the main
 * process's event loop, the window) come first while ingestion keeps every core busy.
 * Linux keeps a nice value per thread (`/proc/thread-self` names the thread); macOS and Windows
 * only set it per process, so there the thread keeps its normal priority.
 */
export function lowerThreadPriority(level: ThreadPriority = 'background'): number | null {
  if (process.platform !== 'linux') return null
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0) return null
    const { PRIORITY_LOW, PRIORITY_BELOW_NORMAL } = constants.priority
    setPriority(tid, level === 'background' ? PRIORITY_LOW : PRIORITY_BELOW_NORMAL)
    return tid
  } catch {
    return null // not allowed or no /proc: run at normal priority, as before
  }
}
