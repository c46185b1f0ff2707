import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { locateModel } from '../../src/main/search/embedder/locateModel'
import { MODEL_DIR_NAME, MODEL_FILES } from '../../src/main/search/embedder/modelFiles'
import { MODEL_SOURCE_DIR } from '../../scripts/packaging/checkBeforePack'
import { TARGETS, copyExtraResources, loadBuilderConfig } from './builderInternals'

const projectDir = resolve(__dirname, '..', '..')

let root: string
let project: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rp-modelpath-'))
  // A project with the model folder where `npm run fetch-model` puts it (contents are stand-ins:
  // the locator only checks that every pinned file is there).
  project = join(root, 'project')
  for (const file of [...MODEL_FILES.map((f) => f.path), 'README.md']) {
    const path = join(project, MODEL_SOURCE_DIR, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, file)
  }
  writeFileSync(join(project, MODEL_SOURCE_DIR, '.DS_Store'), '')
  copyFileSync(join(projectDir, 'package.json'), join(project, 'package.json'))
  copyFileSync(join(projectDir, 'electron-builder.yml'), join(project, 'electron-builder.yml'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe.each(TARGETS)('the model in the $platform installer', (target) => {
  it('is copied beside the asar to where the packaged app looks for it', async () => {
    const config = await loadBuilderConfig(project)
    const resourcesPath = join(root, 'installed', 'resources')
    await copyExtraResources(project, config, target, resourcesPath)

    const shipped = join(resourcesPath, 'models', MODEL_DIR_NAME)
    const names = readdirSync(shipped, { recursive: true, encoding: 'utf8' }).map((n) =>
      n.split('\\').join('/')
    )
    expect(names).toEqual(expect.arrayContaining(MODEL_FILES.map((f) => f.path)))
    expect(names).not.toContain('.DS_Store')

    const emptyDataDir = join(root, 'userData')
    expect(locateModel({ dataDir: emptyDataDir, env: {}, appRoot: null, resourcesPath })).toBe(
      shipped
    )
  })
})

describe('the model in development', () => {
  it('is found in the project folder that packaging copies from', () => {
    expect(
      locateModel({
        dataDir: join(root, 'userData'),
        env: {},
        appRoot: project,
        resourcesPath: null
      })
    ).toBe(join(project, MODEL_SOURCE_DIR))
  })

  it('is not found in a packaged app built without it', () => {
    const resourcesPath = join(root, 'installed', 'resources')
    mkdirSync(resourcesPath, { recursive: true })
    expect(
      locateModel({ dataDir: join(root, 'userData'), env: {}, appRoot: null, resourcesPath })
    ).toBeNull()
  })
})
