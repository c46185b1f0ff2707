// electron-builder `beforePack` hook: runs before anything is copied for each platform/arch.
// The checks live in checkBeforePack.ts (tested in test/packaging/); tsx loads the TypeScript.
/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder require()s this hook */
const path = require('node:path')
const { Arch } = require('builder-util')
const tsx = require('tsx/cjs/api')

/** @param {import('app-builder-lib').BeforePackContext} context */
exports.default = async function beforePack(context) {
  const { checkBeforePack } = tsx.require('./checkBeforePack.ts', __filename)
  await checkBeforePack({
    projectDir: context.packager.projectDir ?? path.resolve(__dirname, '..', '..'),
    platform: context.electronPlatformName,
    arch: Arch[context.arch],
    targets: context.targets.map((t) => t.name),
    metadata: context.packager.info.metadata,
    maintainer: context.packager.platformSpecificBuildOptions.maintainer ?? null
  })
}
