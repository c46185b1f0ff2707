// The part of jschardet (no bundled types) that textEncoding.ts uses.
declare module 'jschardet' {
  /** jschardet's best guess for a buffer's encoding. */
  export function detect(buffer: Buffer): { encoding: string | null; confidence: number }
}
