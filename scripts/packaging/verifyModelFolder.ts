import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { sha256File, type ModelFile } from '../../src/main/search/embedder/modelFiles'

/** One way a model folder differs from the pinned file list. */
export interface ModelProblem {
  /** Path inside the model folder, with `/` separators. */
  path: string
  kind: 'missing' | 'size' | 'sha256'
  expected?: string
  actual?: string
}

/**
 * Thrown when the model folder cannot go into an installer.
 * @remarks Its message is what the person running `electron-builder` reads, so it names every
 * bad file and the command that fixes it.
 */
export class ModelVerificationError extends Error {
  readonly problems: readonly ModelProblem[]

  constructor(dir: string, problems: readonly ModelProblem[]) {
    super(describe(dir, problems))
    this.name = 'ModelVerificationError'
    this.problems = problems
  }
}

/**
 * Compares `dir` with the pinned files: each must exist with the pinned size and sha256.
 * @remarks Sizes are checked first so a truncated download is reported without hashing it.
 * Extra files in the folder are not problems (transformers.js ignores what it does not load).
 */
export async function findModelProblems(
  dir: string,
  files: readonly ModelFile[]
): Promise<ModelProblem[]> {
  const problems: ModelProblem[] = []
  for (const file of files) {
    const path = join(dir, ...file.path.split('/'))
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) {
      problems.push({ path: file.path, kind: 'missing' })
      continue
    }
    if (info.size !== file.bytes) {
      problems.push({
        path: file.path,
        kind: 'size',
        expected: `${file.bytes} bytes`,
        actual: `${info.size} bytes`
      })
      continue
    }
    const digest = await sha256File(path)
    if (digest !== file.sha256) {
      problems.push({ path: file.path, kind: 'sha256', expected: file.sha256, actual: digest })
    }
  }
  return problems
}

/** Resolves when `dir` holds every pinned file intact; throws {@link ModelVerificationError} otherwise. */
export async function verifyModelFolder(dir: string, files: readonly ModelFile[]): Promise<void> {
  const problems = await findModelProblems(dir, files)
  if (problems.length > 0) throw new ModelVerificationError(dir, problems)
}

function describe(dir: string, problems: readonly ModelProblem[]): string {
  const allMissing = problems.every((p) => p.kind === 'missing')
  const headline = allMissing
    ? `Packaging stopped: the embedding model is missing from ${dir}.`
    : `Packaging stopped: the embedding model in ${dir} does not match the pinned files.`
  const lines = problems.map((p) =>
    p.kind === 'missing'
      ? `  - ${p.path}: missing`
      : `  - ${p.path}: ${p.kind} is ${p.actual}, expected ${p.expected}`
  )
  return [
    headline,
    ...lines,
    'Run `npm run fetch-model` (it needs to reach huggingface.co) and package again.',
    'Installers ship only the exact pinned model, so search works offline from the first start.'
  ].join('\n')
}
