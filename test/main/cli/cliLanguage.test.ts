import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const ROOT = resolve(__dirname, '../../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')

/** Runs the CLI under a system locale, with no language set in its settings (`system`). */
function cli(args: string[], lang: string, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, GEMINI_API_KEY: '', LANG: lang, ...extra }
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

describe("the CLI's human output in the user's language", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rp-cli-words-'))
  const folder = join(dir, 'papers')
  mkdirSync(folder)
  writeFileSync(
    join(folder, 'attention-notes.pdf'),
    makePaperPdf({ title: 'Sparse Attention Notes', pages: 3, marker: 'zebracorn' })
  )
  writeFileSync(join(folder, 'minutes.pdf'), 'meeting minutes, not a PDF\n')
  const run = (args: string[], lang: string, data: string) =>
    cli([...args, '--data-dir', data], lang, { RESEARCHPAL_MODEL_DIR: '' })

  it('in Portuguese: help, a usage error, import progress, the paper list, search, a notice', () => {
    const data = join(dir, 'pt')
    const help = run(['--help'], 'pt_BR.UTF-8', data)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^ResearchPal — faça perguntas sobre os PDFs/)
    expect(help.stdout).toContain('Uso: npm run --silent cli -- <comando> [opções]')
    expect(help.stdout).toContain('Mostra esta ajuda')
    expect(help.stdout).not.toMatch(/Usage|Commands|Show this help/)
    const bad = run(['search', 'x', '--k', '0'], 'pt_BR.UTF-8', data)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(
      /^--k deve ser um número inteiro de 1 a 50, não '0'\n\nResearchPal — faça/
    )

    const imported = run(['import-folder', folder], 'pt_BR.UTF-8', data)
    expect(imported.code).toBe(1)
    expect(imported.stderr).toContain(`Importando 2 PDF(s) de ${folder}`)
    // The progress line, its rate with a decimal comma.
    expect(imported.stderr).toMatch(
      /… 2\/2 arquivos \(indexados: 1, duplicados: 0, com falha: 1\), \d+,\d\d artigos\/s, concluído/
    )
    expect(imported.stdout).toMatch(
      /^.+ importada em .+, de 2 PDF\(s\) — indexados: 1, duplicados: 0, com falha: 1\./
    )
    expect(imported.stdout).toContain('Com falha:')

    const papers = run(['papers'], 'pt_BR.UTF-8', data)
    expect(papers.stdout).toMatch(/ indexado +3 p\. {2}Sparse Attention Notes/)
    const search = run(['search', 'zebracorn2'], 'pt_BR.UTF-8', data)
    expect(search.stdout).toMatch(/^Busca: só palavras-chave \(falta o modelo de embeddings\)\n/)
    expect(search.stdout).toMatch(/Sparse Attention Notes, p\. \d \[.*\] pontuação \d+,\d{3}/)

    // A conversation's date as Brazilians write it (day first, 24 h), its turn counted in words.
    run(['ask', '--new-thread', 'O que diz zebracorn2?'], 'pt_BR.UTF-8', data)
    const threads = run(['threads'], 'pt_BR.UTF-8', data)
    expect(threads.stdout).toMatch(
      /^t-\S+ {2}\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} {2}1 turno {3}O que diz/
    )

    // A repair found at open (a library notice), said from the catalog too.
    writeFileSync(join(data, 'library.json'), '{ "formatVersion": 1, "papers": [')
    const repaired = run(['papers'], 'pt_BR.UTF-8', data)
    expect(repaired.stderr).toMatch(
      /^! O library\.json não pôde ser lido\. .*1 artigo\(s\) recuperado/m
    )
    // The notice lines (`! …`) are Portuguese; the library's developer log beside them is not.
    const notices = repaired.stderr.split('\n').filter((line) => line.startsWith('! '))
    expect(notices.join('\n')).not.toMatch(/could not be read|Recovered/)
  })

  it('in English otherwise, with English numbers', () => {
    const data = join(dir, 'en')
    const help = run(['--help'], 'en_US.UTF-8', data)
    expect(help.stdout).toContain('Usage: npm run --silent cli -- <command> [options]')
    const imported = run(['import-folder', folder], 'en_US.UTF-8', data)
    expect(imported.stderr).toContain(`Importing 2 PDF(s) from ${folder}`)
    expect(imported.stderr).toMatch(
      /… 2\/2 files \(1 indexed, 0 duplicate, 1 failed\), \d+\.\d\d papers\/s, done/
    )
    const papers = run(['papers'], 'en_US.UTF-8', data)
    expect(papers.stdout).toMatch(/ indexed +3 pp {2}Sparse Attention Notes/)
    const search = run(['search', 'zebracorn2'], 'en_US.UTF-8', data)
    expect(search.stdout).toMatch(/^Search: keyword only \(embedding model missing\)\n/)
    expect(search.stdout).toMatch(/score \d+\.\d{3}/)
    run(['ask', '--new-thread', 'What does zebracorn2 say?'], 'en_US.UTF-8', data)
    const threads = run(['threads'], 'en_US.UTF-8', data)
    expect(threads.stdout).toMatch(
      /^t-\S+ {2}\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M {2}1 turn {3}What does/
    )
  })

  it('follows the interface-language setting over the system locale', () => {
    const data = join(dir, 'set')
    mkdirSync(data, { recursive: true })
    writeFileSync(
      join(data, 'settings.json'),
      JSON.stringify({ version: 1, values: { uiLanguage: 'pt-BR' } })
    )
    const help = run(['--help'], 'en_US.UTF-8', data)
    expect(help.stdout).toContain('Uso: npm run --silent cli -- <comando> [opções]')
    const empty = run(['collections'], 'en_US.UTF-8', data)
    expect(empty.stdout).toContain('Nenhuma coleção ainda. Crie uma com: collection create NOME')
  })
})
