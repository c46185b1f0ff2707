/** A stack frame line of an Error's `stack` ("    at fn (file:line:col)"). */
const STACK_FRAME = /^\s+at\s.+$/

/**
 * A log line without the stack frames an error carried: what failed stays, where in the code
 * does not.
 * @remarks A person running the CLI or an MCP client reading the server's stderr gets the
 * message; the frames are for a bug report, which `--debug` prints in full.
 */
export function withoutStack(message: string): string {
  return message
    .split('\n')
    .filter((line) => !STACK_FRAME.test(line))
    .join('\n')
}

/**
 * The log a one-shot CLI command gives the services: nothing unless `--debug`.
 * @remarks What a person needs from the log is already said to them in their language: each
 * notice the library records is printed as `! …` from the notice list (logging it too printed
 * every notice twice, once in English), and a failure ends the command with its message. The log
 * itself is a developer's record, in English with stacks, shown whole behind `--debug`.
 */
export function commandLog(debug: boolean): (message: string) => void {
  return debug ? (m) => void process.stderr.write(`${m}\n`) : () => undefined
}

/**
 * The log of a long-running server (`mcp`, `serve`), whose stderr is also where it tells the
 * person its address and token: every line, stack frames only behind `--debug`.
 */
export function serverLog(debug: boolean): (message: string) => void {
  return (m) => void process.stderr.write(`${debug ? m : withoutStack(m)}\n`)
}

/**
 * What an error that escaped every handler prints: its message, its stack only behind `--debug`.
 * @remarks The last guard of `cli.ts`; a bug still exits 1 with something a person can report.
 */
export function lastResortText(e: unknown, debug: boolean): string {
  if (!(e instanceof Error)) return String(e)
  return debug
    ? (e.stack ?? e.message)
    : `${e.name}: ${e.message} (run again with --debug for details)`
}
