import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

/**
 * The GitHub workflows cannot run on these machines (no Electron binary, no runners), so this
 * checks what would make them fail there before any test ran: a script, a file, an action or a
 * step order they count on that is not what the repository holds.
 */
const root = resolve(__dirname, '../..')
const read = (path: string): string => readFileSync(join(root, path), 'utf8')

interface Step {
  name?: string
  uses?: string
  run?: string
  env?: Record<string, string>
}
interface Job {
  'runs-on': string
  strategy?: { matrix: Record<string, unknown> }
  steps: Step[]
}
interface Workflow {
  on: Record<string, unknown>
  jobs: Record<string, Job>
}

const ci = parse(read('.github/workflows/ci.yml')) as Workflow
const release = parse(read('.github/workflows/release.yml')) as Workflow
const journeyAction = parse(read('.github/actions/journey/action.yml')) as {
  runs: { using: string; steps: Step[] }
}
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts

const allSteps = (): Step[] => [
  ...Object.values(ci.jobs).flatMap((j) => j.steps),
  ...Object.values(release.jobs).flatMap((j) => j.steps),
  ...journeyAction.runs.steps
]
const runs = (steps: Step[]): string => steps.map((s) => s.run ?? '').join('\n')

describe('the GitHub workflows count on what the repository holds', () => {
  it('ci.yml runs on every push and pull request, the journey on the three systems', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push'])
    const journey = ci.jobs.journey!
    expect(journey.strategy?.matrix.os).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ubuntu-/),
        expect.stringMatching(/^windows-/),
        expect.stringMatching(/^macos-/)
      ])
    )
    const order = journey.steps.map((s) => s.uses ?? s.run ?? '')
    const at = (what: string): number => order.findIndex((s) => s.includes(what))
    // The real model, then the build, then the journey on it.
    expect(at('npm run fetch-model')).toBeGreaterThan(-1)
    expect(at('npm run fetch-model')).toBeLessThan(at('electron-vite build'))
    expect(at('electron-vite build')).toBeLessThan(at('./.github/actions/journey'))
  })

  it('release.yml runs the same journey before it builds the installers', () => {
    const steps = Object.values(release.jobs).find((j) =>
      j.steps.some((s) => s.uses === './.github/actions/journey')
    )!.steps
    const journey = steps.findIndex((s) => s.uses === './.github/actions/journey')
    const installers = steps.findIndex((s) =>
      /electron-builder \$\{\{ matrix\.builder/.test(s.run ?? '')
    )
    expect(journey).toBeGreaterThan(-1)
    expect(installers).toBeGreaterThan(journey)
  })

  it('every npm script, file and local action the steps name exists', () => {
    const text = runs(allSteps())
    const npmRuns = [...text.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1]!)
    expect(npmRuns.length).toBeGreaterThan(2)
    for (const s of npmRuns) expect(scripts, `npm run ${s}`).toHaveProperty(s)
    const files = [
      ...text.matchAll(/npx tsx ([\w./-]+\.ts)/g),
      ...text.matchAll(/--config ([\w./-]+)/g),
      ...text.matchAll(/vitest run (?:--config \S+ )?((?:test\/)[\w./-]+)/g),
      ...text.matchAll(/cp (\.github\/[\w./-]+)/g)
    ].map((m) => m[1]!)
    expect(files).toEqual(
      expect.arrayContaining([
        'bench/evalModes.ts',
        'vitest.e2e.config.mts',
        'test/e2e/journey.e2e.test.ts'
      ])
    )
    for (const f of files) expect(existsSync(join(root, f)), f).toBe(true)
    for (const s of allSteps())
      if (s.uses?.startsWith('./'))
        expect(existsSync(join(root, s.uses, 'action.yml')), s.uses).toBe(true)
    expect(journeyAction.runs.using).toBe('composite')
  })

  it('the journey action sets what the journey test reads to launch the real app', () => {
    const envs = journeyAction.runs.steps.flatMap((s) => Object.keys(s.env ?? {}))
    const script = runs(journeyAction.runs.steps)
    expect([...envs, script].join('\n')).toContain('RP_JOURNEY_ELECTRON')
    expect(read('test/e2e/journeyLaunchers.ts')).toContain('env.RP_JOURNEY_ELECTRON')
    // The Linux runners have no display: the journey runs under xvfb-run there.
    expect(script).toMatch(/xvfb-run -a/)
  })

  it("the eval job's questions are the project's dev questions", () => {
    const shared = resolve(root, '../shared/eval/dev-questions.jsonl')
    if (!existsSync(shared)) {
      if (process.env.CI === 'true') throw new Error(`missing ${shared} (CI needs ../shared)`)
      console.warn(`skipped the questions check: ${shared} is not beside the checkout`)
      return
    }
    expect(read('.github/eval/dev-questions.jsonl')).toBe(readFileSync(shared, 'utf8'))
  })
})
