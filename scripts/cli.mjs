// `npm run cli`: the CLI as built JavaScript (out/cli/cli.js), built first when a source file
// is newer than it, so a checkout never runs a stale CLI and a warm start needs no TypeScript.
import { createRequire } from 'node:module'
import { build, CLI, isStale } from './cliBuild.mjs'

if (isStale()) await build()
createRequire(import.meta.url)(CLI)
