import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { isUserFacing } from '../src/main/errors'
import { downloadModel, huggingFaceBaseUrl } from '../src/main/search/embedder/downloadModel'
import { MODEL_DIR_NAME, MODEL_REPO, MODEL_REVISION } from '../src/main/search/embedder/modelFiles'

/**
 * `npm run fetch-model [-- --dir <folder>]`: downloads all-MiniLM-L6-v2 (q8) with pinned
 * sha256s into `resources/models/all-MiniLM-L6-v2`, where development runs and packaging find it.
 * @remarks `HF_ENDPOINT` points at a Hugging Face mirror, as the Hugging Face tools allow.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean' } } })
  if (values.help) {
    console.log('usage: npm run fetch-model [-- --dir <model folder>]')
    return 0
  }
  const dir = resolve(values.dir ?? resolve(__dirname, '..', 'resources', 'models', MODEL_DIR_NAME))
  const baseUrl = huggingFaceBaseUrl(process.env.HF_ENDPOINT)
  console.log(`${MODEL_REPO}@${MODEL_REVISION.slice(0, 7)} -> ${dir}`)
  try {
    const r = await downloadModel({ dir, baseUrl, log: (line) => console.log(line) })
    for (const f of r.kept) console.log(`ok (already there)  ${f}`)
    for (const f of r.downloaded) console.log(`ok (downloaded)     ${f}`)
    console.log('Model ready; every file matches its pinned sha256.')
    return 0
  } catch (e) {
    if (!isUserFacing(e)) throw e
    console.error(`fetch-model: ${e.message}`)
    return 1
  }
}

main().then((code) => process.exit(code))
