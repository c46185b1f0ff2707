// `npm start`: build and open the desktop app; where Electron cannot start (no binary could be
// downloaded, or no display), run the same main job in the terminal: ingest the default papers
// and answer questions about them.
import { spawnSync } from 'node:child_process'

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts })

function electronProblem() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'there is no display (DISPLAY is not set)'
  }
  const probe = spawnSync(process.execPath, ['-e', "require('electron')"], {
    encoding: 'utf8',
    timeout: 10 * 60_000
  })
  if (probe.status !== 0) return 'the Electron binary is not installed and could not be downloaded'
  return null
}

const problem = electronProblem()
if (problem === null) {
  const build = run('npx', ['electron-vite', 'build'])
  if (build.status !== 0) process.exit(build.status ?? 1)
  process.exit(run('npx', ['electron', '.']).status ?? 1)
}
console.error(
  `ResearchPal's window cannot open here: ${problem}.\n` +
    'Running the same job in the terminal instead (see README: "The CLI").\n'
)
process.exit(run('npx', ['tsx', 'src/main/cli.ts', 'demo', ...process.argv.slice(2)]).status ?? 1)
