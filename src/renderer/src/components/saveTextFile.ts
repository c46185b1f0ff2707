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
 * browser its download bar. Every export in the renderer saves through this.
 * @remarks The renderer never touches the file system; main only produced the text. The URL is
 * revoked a little later, not at once: the download reads it after the click returns.
 */
export function saveTextFile(file: TextFile): void {
  const type = /;\s*charset=/i.test(file.mimeType)
    ? file.mimeType
    : `${file.mimeType};charset=utf-8`
  const url = URL.createObjectURL(new Blob([file.text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = file.fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
