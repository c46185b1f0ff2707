import { readlinkSync } from 'node:fs'
import { constants, setPriority } from 'node:os'

/**
 * Lowers the CPU priority of the calling thread (a worker doing background work), where the OS
 * allows it per thread; returns the thread id it lowered, or null.
 * @remarks ONNX Runtime computes embeddings on two threads that wait for each other at every
 * operator, so any thread competing with them at the same priority slows embedding by more than
 * the CPU it takes: on the 2-core machine, a busy thread at normal priority cost the embedder 28%
 * of its throughput, the same thread at the lowest priority 5%, while still getting the idle
 * slivers between operators. The extraction worker reads the next paper in those slivers, which
 * is all it needs to stay ahead of the embedder; when the embedder is idle it gets the whole core.
 * Linux keeps a nice value per thread (`/proc/thread-self` names the thread); macOS and Windows
 * only set it per process, so there the thread keeps its normal priority.
 */
export function lowerThreadPriority(): number | null {
  if (process.platform !== 'linux') return null
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0) return null
    setPriority(tid, constants.priority.PRIORITY_LOW)
    return tid
  } catch {
    return null // not allowed or no /proc: run at normal priority, as before
  }
}
