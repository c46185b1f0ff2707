import { createHash } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { join } from 'node:path'

/** The Hugging Face repository the model files come from. */
export const MODEL_REPO = 'Xenova/all-MiniLM-L6-v2'

/** The repository commit the pinned files were published at. */
export const MODEL_REVISION = '751bff37182d3f1213fa05d7196b954e230abad9'

/** The folder name the model lives in, wherever it is found. */
export const MODEL_DIR_NAME = 'all-MiniLM-L6-v2'

/** The quantized (q8) ONNX export transformers.js loads for `dtype: 'q8'`. */
export const MODEL_ONNX_FILE = 'onnx/model_quantized.onnx'

/** One file of the model folder, with its pinned size and digest. */
export interface ModelFile {
  /** Path inside the model folder, with `/` separators. */
  path: string
  sha256: string
  bytes: number
}

/**
 * The files the app needs from all-MiniLM-L6-v2, pinned by sha256 and size.
 * @remarks Used by `npm run fetch-model` and by packaging, which refuse anything else. The
 * digests were not computed here (Hugging Face is unreachable from the build machines): they
 * are the onnx file's Git LFS oid and the digests several independent public projects pin for
 * the same files at {@link MODEL_REVISION}, all in agreement.
 */
export const MODEL_FILES: readonly ModelFile[] = [
  {
    path: 'config.json',
    sha256: '7135149f7cffa1a573466c6e4d8423ed73b62fd2332c575bf738a0d033f70df7',
    bytes: 650
  },
  {
    path: 'tokenizer.json',
    sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0',
    bytes: 711_661
  },
  {
    path: 'tokenizer_config.json',
    sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3',
    bytes: 366
  },
  {
    path: MODEL_ONNX_FILE,
    sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
    bytes: 22_972_370
  }
]

/** The required model files that are not in `dir` (paths relative to it). */
export function missingModelFiles(dir: string): string[] {
  return MODEL_FILES.map((f) => f.path).filter((p) => !existsSync(join(dir, p)))
}

/** The hex sha256 of a file, streamed. */
export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (b) => hash.update(b))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}
