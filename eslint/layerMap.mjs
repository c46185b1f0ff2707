/**
 * The parts of `src/main` and the order they stack in, lowest first.
 * @remarks A part is a top-level folder of `src/main` or a file at its root (`errors.ts`). A part
 * may import its own files and the parts of every lower layer, never a part of its own layer or
 * of a higher one; so two features of one layer talk only through something below them (a port,
 * a shared type) or through the composition root. `src/shared` may be imported by every part.
 * A folder or root file not listed here is an error, so a new part has to be placed on purpose.
 */
export const LAYERS = [
  {
    name: 'foundation',
    parts: [
      'i18n.ts',
      'domain.ts',
      'paths.ts',
      'events.ts',
      'threadPriority.ts',
      'workerScript.ts',
      'domain',
      'language'
    ]
  },
  // What every feature's open(ctx) is given: built from foundation parts, read by every feature.
  { name: 'opening', parts: ['openContext.ts'] },
  { name: 'errors', parts: ['errors.ts'] },
  { name: 'plumbing', parts: ['atomicWrite.ts', 'workers', 'pdf', 'ipc'] },
  { name: 'storage', parts: ['storage'] },
  { name: 'engines', parts: ['ocr', 'search', 'settings'] },
  { name: 'extraction', parts: ['ingest'] },
  { name: 'agent', parts: ['agent'] },
  { name: 'library', parts: ['library'] },
  { name: 'features', parts: ['imports', 'chat', 'compare', 'graph', 'sync', 'lab'] },
  { name: 'mcp', parts: ['mcp'] },
  { name: 'server', parts: ['server'] }
]

/**
 * The composition root: the parts that build the real implementations and wire them together.
 * @remarks They sit above every layer and may import any part (each other included); no layer
 * may import them, so `services.ts` is reached only from here.
 */
export const COMPOSITION = ['services.ts', 'index.ts', 'cli.ts', 'app', 'cli', 'desktop']
