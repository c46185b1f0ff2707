/** The last part of a path, for showing a chosen file or folder without its whole path. */
export function fileName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path
}
