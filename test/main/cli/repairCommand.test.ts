import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { runCli } from '../../fixtures/runCli'

const cli = runCli

describe('a cut page file', () => {
  it('is named with a command that really rebuilds it, and that command does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-repair-cli-'))
    const data = join(dir, 'data')
    const bytes = makePaperPdf({ title: 'Sparse Attention Notes', pages: 3, marker: 'zebracorn' })
    const pdf = join(dir, 'notes.pdf')
    writeFileSync(pdf, bytes)
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
    expect(cli(['ingest', pdf, '--data-dir', data]).code).toBe(0)
    const pages = join(data, 'pages', `${id}.json`)
    const whole = readFileSync(pages, 'utf8')
    writeFileSync(pages, whole.slice(0, Math.floor(whole.length * 0.6)))

    // A reader (section) refuses it, naming the command.
    const refused = cli(['section', id, 'introduction', '--data-dir', data])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('DATA_DAMAGED')
    expect(refused.stderr).toContain('run the repair command')
    expect(refused.stderr).not.toMatch(/\n\s+at /)

    const repaired = cli(['repair', '--data-dir', data])
    expect(repaired.stderr).toContain(`(${id})`)
    expect(repaired.stderr).toContain('cut short')
    expect(repaired.stdout).toContain('every repair it needed is done')
    expect(repaired.code).toBe(0)
    expect(JSON.parse(readFileSync(pages, 'utf8'))).toMatchObject({ paperId: id })

    const read = cli(['section', id, 'introduction', '--data-dir', data])
    expect(read.code).toBe(0)
    expect(read.stdout).toContain('zebracorn')

    // Any short writer command that finds it cut at open finishes the repair it announces
    // before it exits, and the hand edit it made stays over what the PDF says.
    writeFileSync(pages, whole.slice(0, Math.floor(whole.length * 0.6)))
    const edit = cli(['paper', 'edit', id, '--title', 'My title', '--data-dir', data])
    expect(edit.stderr).toContain('Re-indexing it from its PDF')
    expect(edit.code).toBe(0)
    expect(JSON.parse(readFileSync(pages, 'utf8'))).toMatchObject({ paperId: id })
    const after = cli(['papers', '--json', '--data-dir', data])
    expect(JSON.parse(after.stdout).papers[0]).toMatchObject({
      title: 'My title',
      status: 'indexed'
    })
  }, 300_000)
})
