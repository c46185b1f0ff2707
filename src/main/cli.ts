import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { runCli } from './cli/runCli'
import { lastResortText } from './cli/diagnostics'

/** The default papers shipped beside a checkout (`../shared/corpus`), used instead of arXiv. */
function localCorpus(): string | null {
  const dir = resolve(__dirname, '../../../shared/corpus')
  return existsSync(dir) ? dir : null
}

runCli(process.argv.slice(2), { defaultCorpusDir: localCorpus() }).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${lastResortText(e, process.argv.includes('--debug'))}\n`)
    process.exit(1)
  }
)
