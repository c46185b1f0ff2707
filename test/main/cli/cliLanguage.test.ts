import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')

/** Runs the CLI under a system locale, with no language set in its settings (`system`). */
function cli(args: string[], lang: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, GEMINI_API_KEY: '', LANG: lang }
  delete env.LC_ALL
  delete env.LC_MESSAGES
  const r = spawnSync(TSX, ['src/main/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
    timeout: 120_000
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe("the CLI's errors in the user's language", () => {
  const data = join(mkdtempSync(join(tmpdir(), 'rp-cli-lang-')), 'data')
  const missing = join(tmpdir(), 'no-such-folder-rp', 'paper.pdf')

  it('says a failure in Portuguese on a Portuguese system, from the same catalog as the app', () => {
    const r = cli(['ingest', missing, '--data-dir', data], 'pt_BR.UTF-8')
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      `NOT_FOUND: Não encontrado ou sem permissão de leitura: ${missing}. Confira o caminho.`
    )
    expect(r.stdout).not.toMatch(/Not found|Check the path/)
    // A failure of the whole command, told on stderr.
    const section = cli(['section', 'nosuchpaper', 'abstract', '--data-dir', data], 'pt_BR.UTF-8')
    expect(section.code).toBe(1)
    expect(section.stderr).toMatch(/^Erro \(NOT_FOUND\): (Não há|Nenhum) artigo/m)
  })

  it('and in English elsewhere', () => {
    const r = cli(['ingest', missing, '--data-dir', data], 'C.UTF-8')
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`NOT_FOUND: Not found or not readable: ${missing}.`)
    const section = cli(['section', 'nosuchpaper', 'abstract', '--data-dir', data], 'C.UTF-8')
    expect(section.stderr).toMatch(/^Error \(NOT_FOUND\): (There is no|No) paper/m)
  })
})
