/** A text file to save: its suggested name, its MIME type and its content. */
export interface TextFile {
  fileName: string
  /** e.g. `text/markdown`; UTF-8 is said when the type does not name a charset. */
  mimeType: string
  text: string
}

/** How long the file's blob URL stays valid after the click that saves it. */
const REVOKE_AFTER_MS = 10_000

/**
 * Saves text as a file through the browser's download: Electron shows its Save dialog, a
 * browser its download bar. Every text export in the renderer saves through this.
 * @remarks The renderer never touches the file system; main only produced the text.
 */
export function saveTextFile(file: TextFile): void {
  const type = /;\s*charset=/i.test(file.mimeType)
    ? file.mimeType
    : `${file.mimeType};charset=utf-8`
  saveBlob(new Blob([file.text], { type }), file.fileName)
}

/**
 * Saves a blob (a drawn image, or text through {@link saveTextFile}) as a file through the
 * browser's download, under `fileName`.
 * @remarks The URL is revoked a little later, not at once: the download reads it after the click
 * returns.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
