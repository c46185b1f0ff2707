import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { EmbedderStatus } from '../../../shared/types'
import { englishText, UserFacingError, type ErrorText } from '../../errors'
import type { Embedder, EmbedderProvider } from '../types'
import { locateModel, modelSearchPaths, type ModelSearchOptions } from './locateModel'
import { MODEL_FILES, MODEL_ONNX_FILE } from './modelFiles'
import type { WorkerScript } from '../../workerScript'
import { WorkerEmbedder, type WorkerEmbedderOptions } from './WorkerEmbedder'

/** What {@link ModelEmbedderProvider} needs: where to look, and how to start an embedder. */
export interface ModelEmbedderProviderDeps extends ModelSearchOptions {
  /**
   * How the embedder runs (workers, threads, batch); a function is asked at every load, and a
   * change of what it returns (a new layout measured for this machine) restarts the embedder.
   */
  options?: WorkerEmbedderOptions | (() => WorkerEmbedderOptions)
  /** Where the embedder worker's code is; found next to WorkerEmbedder by default. */
  script?: WorkerScript
  /** Starts an embedder on a model folder; a {@link WorkerEmbedder} by default. */
  create?: (modelDir: string) => Promise<Embedder>
}

interface Loaded {
  dir: string
  fingerprint: string
  embedder: Embedder
}

interface Failed {
  dir: string
  fingerprint: string
  message: string
  /** The load error's catalog text, when it has one. */
  text?: ErrorText
}

/** A status whose message comes from main's catalog. */
function said(status: Omit<EmbedderStatus, 'message'>, text: ErrorText): EmbedderStatus {
  return { ...status, message: englishText(text), key: text.key, params: text.params ?? {} }
}

/**
 * Hands out the all-MiniLM-L6-v2 embedder when its files are in one of the model folders.
 * @remarks Looks again on every call, so a model fetched or copied in while the app runs is
 * picked up (and a replaced model file gets a new embedder, hence a new id and re-embedding).
 * A model that fails to load is reported as `error` and not retried until its files change.
 */
export class ModelEmbedderProvider implements EmbedderProvider {
  private loaded: Loaded | null = null
  private failed: Failed | null = null
  private loading: Promise<Embedder | null> | null = null

  constructor(private readonly deps: ModelEmbedderProviderDeps) {}

  status(): EmbedderStatus {
    const dir = this.locate()
    if (!dir) {
      const target = modelSearchPaths(this.deps)[0]!
      const files = MODEL_FILES.map((f) => f.path).join(', ')
      return said(
        { state: 'missing', id: null, modelDir: null },
        { key: 'embedderNotFound', params: { files, target } }
      )
    }
    const fingerprint = `${fingerprintOf(dir)}|${JSON.stringify(this.options() ?? {})}`
    if (this.failed && this.failed.dir === dir && this.failed.fingerprint === fingerprint) {
      const { message, text } = this.failed
      const status = { state: 'error' as const, id: null, modelDir: dir }
      return text ? said(status, text) : { ...status, message }
    }
    if (this.loaded && this.loaded.dir === dir && this.loaded.fingerprint === fingerprint) {
      const id = this.loaded.embedder.id
      return said({ state: 'ready', id, modelDir: dir }, { key: 'embedderReady', params: { id } })
    }
    return said(
      { state: 'ready', id: null, modelDir: dir },
      { key: 'embedderFound', params: { dir } }
    )
  }

  /** The embedder for the model folder now present, or null (missing, or failed: see status). */
  current(): Promise<Embedder | null> {
    this.loading ??= this.refresh().finally(() => (this.loading = null))
    return this.loading
  }

  async close(): Promise<void> {
    await this.loading?.catch(() => undefined)
    await this.drop()
  }

  private async refresh(): Promise<Embedder | null> {
    const dir = this.locate()
    if (!dir) {
      await this.drop()
      return null
    }
    const options = this.options()
    const fingerprint = `${fingerprintOf(dir)}|${JSON.stringify(options ?? {})}`
    if (this.loaded?.dir === dir && this.loaded.fingerprint === fingerprint)
      return this.loaded.embedder
    if (this.failed?.dir === dir && this.failed.fingerprint === fingerprint) return null
    // A running embedder answers the requests already sent before it closes (the worker
    // serves them in order), so a search in flight is not lost to the restart.
    await this.drop()
    const create =
      this.deps.create ??
      ((modelDir) => WorkerEmbedder.start({ modelDir, options, script: this.deps.script }))
    try {
      const embedder = await create(dir)
      this.loaded = { dir, fingerprint, embedder }
      this.failed = null
      return embedder
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      this.failed = {
        dir,
        fingerprint,
        message,
        ...(e instanceof UserFacingError && e.text && { text: e.text })
      }
      return null
    }
  }

  private options(): WorkerEmbedderOptions | undefined {
    const o = this.deps.options
    return typeof o === 'function' ? o() : o
  }

  private locate(): string | null {
    const appRoot =
      this.deps.appRoot !== undefined
        ? this.deps.appRoot
        : this.deps.resourcesPath
          ? null
          : process.cwd()
    return locateModel({ ...this.deps, appRoot })
  }

  private async drop(): Promise<void> {
    const old = this.loaded
    this.loaded = null
    await old?.embedder.close()
  }
}

/** Size and mtime of the files whose change means a different model. */
function fingerprintOf(dir: string): string {
  return [MODEL_ONNX_FILE, 'tokenizer.json']
    .map((f) => {
      try {
        const s = statSync(join(dir, f))
        return `${s.size}:${s.mtimeMs}`
      } catch {
        return 'gone'
      }
    })
    .join('|')
}
