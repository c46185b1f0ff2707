/**
 * Saves text as a file through the browser's download: Electron shows its Save dialog, a
 * browser its download bar. Nothing touches the file system from the renderer.
 */
export function saveTextFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The MIME type of an export format. */
export function exportMime(format: 'md' | 'bib'): string {
  return format === 'md' ? 'text/markdown;charset=utf-8' : 'application/x-bibtex;charset=utf-8'
}
