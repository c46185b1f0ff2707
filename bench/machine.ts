import { cpus, freemem, loadavg, totalmem } from 'node:os'

/** What a benchmark ran on, for the JSON it prints. */
export interface Machine {
  cpu: string
  cores: number
  memoryGiB: number
  freeMemoryGiB: number
  node: string
  platform: string
  /** 1-minute load average when the run started: other work on a shared machine shows here. */
  loadAverage1m: number
}

/** Describes this machine now. */
export function machine(): Machine {
  const gib = (b: number): number => Math.round((b / 2 ** 30) * 10) / 10
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: gib(totalmem()),
    freeMemoryGiB: gib(freemem()),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage1m: Math.round(loadavg()[0]! * 100) / 100
  }
}
