/** The figures the issue sets targets for, as measured in one run. */
export interface HeadlineFigures {
  endToEndOverRawEmbedding: number
  queryP50At80k: number
  queryP95At80k: number
  coldOpenTo1stAnswerMs: number
  addOnePaperRatio: number
  diskBytesPerChunkWithoutPdfs: number
  diskBytesPerChunkAtScale: number
  longestStallDuringIngestMs: number
}

/**
 * Each figure against its target (issue 7), as met / not met; never a failure of the run.
 * @remarks In `--quick` mode the "80k" figures are at the quick library's size.
 */
export function targets(
  f: HeadlineFigures
): Record<string, { value: number; target: string; met: boolean }> {
  const row = (
    value: number,
    target: string,
    met: boolean
  ): { value: number; target: string; met: boolean } => ({ value, target, met })
  return {
    endToEndOverRawEmbedding: row(
      f.endToEndOverRawEmbedding,
      '>= 0.85',
      f.endToEndOverRawEmbedding >= 0.85
    ),
    queryP50Ms: row(f.queryP50At80k, '<= 50', f.queryP50At80k <= 50),
    queryP95Ms: row(f.queryP95At80k, '<= 100', f.queryP95At80k <= 100),
    coldOpenMs: row(f.coldOpenTo1stAnswerMs, '<= 3000', f.coldOpenTo1stAnswerMs <= 3000),
    addOnePaperRatio: row(f.addOnePaperRatio, '<= 1.2', f.addOnePaperRatio <= 1.2),
    diskBytesPerChunk: row(
      f.diskBytesPerChunkWithoutPdfs,
      '<= 2048',
      f.diskBytesPerChunkWithoutPdfs <= 2048
    ),
    diskBytesPerChunkAtScale: row(
      f.diskBytesPerChunkAtScale,
      '<= 2048',
      f.diskBytesPerChunkAtScale <= 2048
    ),
    longestStallMs: row(f.longestStallDuringIngestMs, '<= 50', f.longestStallDuringIngestMs <= 50)
  }
}
