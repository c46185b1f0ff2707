import { describe, expect, it } from 'vitest'
import { parseArgs, UsageError } from '../../../src/main/cli/args'

describe('CLI arguments (node util.parseArgs)', () => {
  it('takes options anywhere, repeated ones in order, and --name=value', () => {
    const a = parseArgs([
      'compare',
      '--papers',
      'a, b',
      '--question',
      'q1',
      '--data-dir=/tmp/lib',
      '--question',
      'q2',
      '--json',
      '-k',
      '7'
    ])
    expect(a).toMatchObject({
      command: 'compare',
      positional: [],
      papers: ['a', 'b'],
      questions: ['q1', 'q2'],
      dataDir: '/tmp/lib',
      json: true,
      k: 7
    })
    const edit = parseArgs(['paper', 'edit', 'p1', '--title', '', '--collection', 'A'])
    expect(edit).toMatchObject({
      command: 'paper',
      positional: ['edit', 'p1'],
      values: { title: '', collection: 'A' },
      collections: ['A']
    })
  })

  it('ends the options at --, so a question may start with a dash', () => {
    expect(parseArgs(['ask', '--', '-1 or +1?']).positional).toEqual(['-1 or +1?'])
  })

  it('refuses what it cannot understand, naming the option', () => {
    const usage = (argv: string[]) => {
      try {
        parseArgs(argv)
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError)
        return (e as Error).message
      }
      throw new Error('expected a usage error')
    }
    expect(usage(['papers', '--frobnicate'])).toBe('Unknown option --frobnicate')
    expect(usage(['search', 'x', '--k'])).toMatch(/^--k needs a value/)
    expect(usage(['search', 'x', '--k', '0'])).toBe(
      "--k must be a whole number from 1 to 50, not '0'"
    )
    expect(usage(['ingest', 'a.pdf', '--wait', 'soon'])).toMatch(/^--wait must be a number/)
    expect(usage(['ask', 'q', '--provider', 'openai'])).toBe(
      "--provider must be gemini or local, not 'openai'"
    )
    expect(usage(['ask', 'q', '--model', 'm'])).toMatch(/^--model needs --provider/)
    expect(usage(['mcp', '--http', '70000'])).toMatch(/^--http must be a port number/)
    expect(usage(['thread', 'export', 't', '--format', 'pdf'])).toBe(
      "--format must be md or bib, not 'pdf'"
    )
  })
})
