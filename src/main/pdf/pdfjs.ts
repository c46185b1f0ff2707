import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { UserFacingError } from '../errors'

/** The pdf.js module (legacy build), as {@link loadPdfjs} gives it. */
export type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

/** An open pdf.js document. */
export type PdfDoc = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>

let pdfjsPromise: Promise<PdfjsModule> | null = null

/**
 * pdf.js, loaded once for the text reader (ingest) and the page renderer (OCR).
 * @remarks The only pdfjs-dist import in main.
 */
export function loadPdfjs(): Promise<PdfjsModule> {
  // Loaded on first use so app startup does not pay for pdf.js.
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjsPromise
}

/** Starts loading pdf.js now (~1 s of module evaluation), so the first read does not wait. */
export function preloadPdfjs(): Promise<unknown> {
  return loadPdfjs()
}

/** The folder of pdf.js's standard fonts, as the filesystem path (ending in '/') it wants. */
export function standardFontDir(): string {
  // CommonJS (the bundled main process, tsx) has `require`; ES modules need createRequire.
  const req = typeof require === 'function' ? require : createRequire(import.meta.url)
  return join(dirname(req.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/'
}

/** Starts opening a PDF with the app's pdf.js settings (fonts and image decoders from npm). */
export function openDocument(pdfjs: PdfjsModule, bytes: Uint8Array, fontDir: string) {
  return pdfjs.getDocument({
    // pdf.js decodes JBIG2 and JPEG 2000 images (the usual compression of scans) with its
    // WebAssembly decoders, found beside the standard fonts; without them a scan draws blank.
    wasmUrl: join(fontDir, '..', 'wasm') + '/',
    // pdf.js transfers (detaches) the buffer it is given; keep the caller's bytes intact.
    data: bytes.slice(),
    standardFontDataUrl: fontDir,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0
  })
}

/** Why pdf.js could not open a PDF, as the error a person reads (encrypted, or damaged). */
export function mapOpenError(e: unknown, label: string): UserFacingError {
  const name = (e as { name?: string } | null)?.name
  if (name === 'PasswordException') {
    return new UserFacingError(
      'PDF_ENCRYPTED',
      { key: 'pdfEncrypted', params: { file: label } },
      { cause: e }
    )
  }
  return new UserFacingError(
    'PDF_UNREADABLE',
    { key: 'pdfDamaged', params: { file: label, detail: errorText(e) } },
    { cause: e }
  )
}

/** The message of a thrown value, for an error's detail. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
