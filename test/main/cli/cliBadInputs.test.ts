import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { writeTestModel } from '../../fakes/miniLmModel'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')

function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    GEMINI_API_KEY: '',
    // English output, whatever the machine's locale (the CLI follows LANG).
    LANG: 'C.UTF-8',
    LC_ALL: '',
    LC_MESSAGES: '',
    RESEARCHPAL_MODEL_DIR: '',
    ...env
  }
  // The CLI must turn ONNX Runtime's telemetry off itself (see onnxRuntimeOffline.ts).
  delete childEnv.ORT_DISABLE_TELEMETRY
  const r = spawnSync(TSX, ['src/main/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: childEnv,
    timeout: 120_000
  })
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr }
}

describe('the CLI with bad input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-cli-bad-'))
  const data = join(dir, 'data')
  let modelDir = ''

  beforeAll(async () => {
    modelDir = await writeTestModel(dir)
    writeFileSync(join(dir, 'paper.pdf'), makePaperPdf({ title: 'Notes', pages: 2 }))
    const r = cli(['ingest', join(dir, 'paper.pdf'), '--data-dir', data], {
      RESEARCHPAL_MODEL_DIR: modelDir
    })
    expect(r.code, r.stderr).toBe(0)
  }, 120_000)

  it('refuses a 20 KB argument with INVALID_INPUT and exits 1, with the embedding model loaded', () => {
    const long = 'why '.repeat(5000)
    for (const command of ['search', 'ask']) {
      const r = cli([command, long, '--data-dir', data, '--json'], {
        RESEARCHPAL_MODEL_DIR: modelDir
      })
      expect(r.signal, command).toBeNull()
      expect(r.code, `${command}: ${r.stderr.slice(-500)}`).toBe(1)
      expect(r.stderr).toContain('INVALID_INPUT')
      expect(r.stderr).toContain('at most 2000 characters')
    }
    // A long argument that is not the query (an extra word) is no crash either.
    const papers = cli(['papers', long, '--data-dir', data], { RESEARCHPAL_MODEL_DIR: modelDir })
    expect(papers.signal).toBeNull()
    expect(papers.code).toBe(0)
    // Nor is a 20 KB library folder name: a clear error, not a stack trace, whether the
    // command writes (creates the folder) or only reads it.
    const long20k = join(dir, 'x'.repeat(20_000))
    const folder = cli(['remove', 'abc', '--data-dir', long20k])
    expect(folder.code).toBe(1)
    expect(folder.stderr).toContain(
      'Error (DISK_WRITE_FAILED): Could not create the library folder'
    )
    expect(folder.stderr).toContain('ENAMETOOLONG')
    expect(folder.stderr).not.toContain('    at ')
    const reading = cli(['papers', '--data-dir', long20k])
    expect(reading.code).toBe(1)
    expect(reading.stderr).toContain('Error (NOT_FOUND): Could not open the library folder')
    expect(reading.stderr).toContain('ENAMETOOLONG')
    expect(reading.stderr).not.toContain('    at ')
  })

  it('prints one row per bad file, each naming its file', () => {
    const folder = join(dir, 'empties')
    mkdirSync(folder)
    const names = ['one.pdf', 'two.pdf', 'three.pdf', 'four.pdf', 'five.pdf']
    for (const n of names) writeFileSync(join(folder, n), '')
    const r = cli(['ingest', folder, '--data-dir', join(dir, 'data2'), '--json'])
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as {
      papers: { paperId: string; input: string; error: { code: string; message: string } }[]
    }
    expect(out.papers).toHaveLength(5)
    expect(new Set(out.papers.map((p) => p.paperId)).size).toBe(5)
    expect(out.papers.map((p) => p.input).sort()).toEqual(names.map((n) => join(folder, n)).sort())
    for (const p of out.papers) expect(p.error.code).toBe('NOT_A_PDF')
    const text = cli(['ingest', folder, '--data-dir', join(dir, 'data2')])
    for (const n of names) expect(text.stdout).toContain(join(folder, n))
  })
})
