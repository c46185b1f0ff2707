import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '..', '..')

/** The layer rule's messages for one fixture, linted with the project's own config. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT })
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) })
  return result.messages.filter((m) => m.ruleId === 'local/layers').map((m) => m.message)
}

describe('the src/main layer rule', () => {
  it('reports extraction importing the library, naming both parts and what is allowed', async () => {
    const errors = await layerErrors(
      'src/main/ingest/fixture.ts',
      "import { Catalog } from '../library/Catalog'\nexport { Catalog }\n"
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/'ingest' \(extraction\) may not import 'library' \(library\)/)
    expect(errors[0]).toMatch(/may import .*\bpdf\b.*\bsearch\b/)
  })

  it('reports re-exports and dynamic imports too, and an import of the composition root', async () => {
    const errors = await layerErrors(
      'src/main/chat/fixture.ts',
      [
        "export { SettingsService } from '../settings/settingsService'",
        "export * from '../compare/exportTable'",
        "export const load = () => import('../graph/handlers')",
        "export const services = () => import('../services')"
      ].join('\n')
    )
    expect(errors).toHaveLength(3)
    expect(errors.join('\n')).toMatch(/'compare'/)
    expect(errors.join('\n')).toMatch(/'graph'/)
    expect(errors.join('\n')).toMatch(/'services\.ts' \(composition\)/)
  })

  it('allows lower layers, its own files, src/shared and packages', async () => {
    const errors = await layerErrors(
      'src/main/ingest/fixture.ts',
      [
        "import { franc } from 'franc-min'",
        "import type { Paper } from '../../shared/types'",
        "import { mainT } from '../i18n'",
        "import { PdfRenderer } from '../pdf/PdfRenderer'",
        "import { chunk } from './chunker'",
        'export { franc, mainT, PdfRenderer, chunk }',
        'export type { Paper }'
      ].join('\n')
    )
    expect(errors).toEqual([])
  })

  it('lets the composition root import any part', async () => {
    const errors = await layerErrors(
      'src/main/app/fixture.ts',
      "export { ServerSupervisor } from '../server/handlers'\nexport * from '../services'\n"
    )
    expect(errors).toEqual([])
  })

  it('asks for a part that is not in the map to be placed', async () => {
    const errors = await layerErrors(
      'src/main/newPart/fixture.ts',
      "export { mainT } from '../i18n'\n"
    )
    expect(errors).toEqual([expect.stringMatching(/'newPart' is not in eslint\/layerMap\.mjs/)])
  })
})
