import { createHash } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { copyFile, mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { UserFacingError } from '../../errors'
import { MODEL_FILES, MODEL_REPO, MODEL_REVISION, sha256File, type ModelFile } from './modelFiles'

/** What {@link downloadModel} fetches, from where, into where. */
export interface DownloadModelOptions {
  /** The model folder to fill, e.g. `resources/models/all-MiniLM-L6-v2`. */
  dir: string
  /** Where `<path>` of each file is fetched from; Hugging Face at the pinned revision by default. */
  baseUrl?: string
  files?: readonly ModelFile[]
  fetch?: typeof fetch
  log?: (line: string) => void
}

/** What {@link downloadModel} did. */
export interface DownloadModelResult {
  dir: string
  downloaded: string[]
  /** Files already present with the pinned digest. */
  kept: string[]
}

/** The pinned revision's download root on a Hugging Face endpoint (`HF_ENDPOINT` for a mirror). */
export function huggingFaceBaseUrl(endpoint = 'https://huggingface.co'): string {
  return `${endpoint.replace(/\/+$/, '')}/${MODEL_REPO}/resolve/${MODEL_REVISION}`
}

/**
 * Fills the model folder with the pinned files, checking every sha256 and size.
 * @remarks Everything is staged in a sibling folder and swapped in only when all files match,
 * so the folder is never seen half-written or holding an unverified file; on any failure it is
 * left as it was.
 */
export async function downloadModel(options: DownloadModelOptions): Promise<DownloadModelResult> {
  const files = options.files ?? MODEL_FILES
  const baseUrl = (options.baseUrl ?? huggingFaceBaseUrl()).replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const log = options.log ?? (() => undefined)
  const staging = `${options.dir}.download-${process.pid}`
  const result: DownloadModelResult = { dir: options.dir, downloaded: [], kept: [] }
  await rm(staging, { recursive: true, force: true })
  try {
    for (const file of files) {
      const target = join(staging, file.path)
      await mkdir(dirname(target), { recursive: true })
      const existing = join(options.dir, file.path)
      if (existsSync(existing) && (await sha256File(existing)) === file.sha256) {
        await copyFile(existing, target)
        result.kept.push(file.path)
        continue
      }
      const url = `${baseUrl}/${file.path}`
      log(`downloading ${url}`)
      const { sha256, bytes } = await fetchTo(doFetch, url, target, file.path, options.dir)
      if (sha256 !== file.sha256 || bytes !== file.bytes) {
        throw new UserFacingError(
          'DOWNLOAD_FAILED',
          `${file.path} from ${url} does not match the pinned checksum (expected sha256 ${file.sha256}, ${file.bytes} bytes; got ${sha256}, ${bytes} bytes). Nothing was changed in ${options.dir}; the file may have been replaced upstream or altered on the way.`
        )
      }
      result.downloaded.push(file.path)
    }
    await swapIn(staging, options.dir)
    return result
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

async function fetchTo(
  doFetch: typeof fetch,
  url: string,
  target: string,
  name: string,
  dir: string
): Promise<{ sha256: string; bytes: number }> {
  let response: Response
  try {
    response = await doFetch(url, { redirect: 'follow' })
  } catch (cause) {
    const code = (cause as { cause?: { code?: string } }).cause?.code ?? (cause as Error).message
    throw new UserFacingError(
      'DOWNLOAD_FAILED',
      `Could not reach ${new URL(url).host} to download ${name} (${code}). Check the network (Hugging Face must be reachable), or copy the model files into ${dir} by hand.`,
      { cause }
    )
  }
  if (!response.ok || !response.body) {
    throw new UserFacingError(
      'DOWNLOAD_FAILED',
      `Downloading ${name} from ${url} failed with HTTP ${response.status}. Nothing was changed in ${dir}.`
    )
  }
  const hash = createHash('sha256')
  let bytes = 0
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    }
  })
  await pipeline(Readable.fromWeb(response.body as never), meter, createWriteStream(target))
  return { sha256: hash.digest('hex'), bytes }
}

/** Replaces `dir` by `staging` with two renames; the old folder goes only once the new one is in. */
async function swapIn(staging: string, dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true })
  const old = `${dir}.old-${process.pid}`
  const hadOld = existsSync(dir)
  if (hadOld) await rename(dir, old)
  await rename(staging, dir)
  if (hadOld) await rm(old, { recursive: true, force: true })
}
