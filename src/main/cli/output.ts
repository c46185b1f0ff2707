/** What a command hands back: the JSON document and the text for a person. */
export interface CommandOutput {
  json: unknown
  text: string
  /** 0 when everything asked for succeeded. */
  exitCode: number
}

/**
 * A listing command's output: one line a row, or the `none` line when there is no row.
 * @remarks `threads`, `comparisons` and `collections` all print this shape; the JSON is the
 * channel's answer as it came.
 */
export function listOutput(json: unknown, rows: readonly string[], none: string): CommandOutput {
  return { json, text: rows.join('\n') || none, exitCode: 0 }
}
