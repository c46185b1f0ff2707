/** What a command hands back: the JSON document and the text for a person. */
export interface CommandOutput {
  json: unknown
  text: string
  /** 0 when everything asked for succeeded. */
  exitCode: number
}
