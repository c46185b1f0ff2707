// Writes src/main/library/csl/styles.json from the Citation Style Language styles and locales
// that Debian packages (`apt-get install citation-style-language-styles
// citation-style-language-locales`), so the app formats references offline.
// Run it again to update them: `node scripts/cslStyles.mjs`.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CSL = '/usr/share/citation-style-language'
/** The app's style ids and the CSL file of each. */
const STYLES = {
  apa: 'apa',
  chicago: 'chicago-author-date',
  ieee: 'ieee',
  vancouver: 'vancouver',
  abnt: 'associacao-brasileira-de-normas-tecnicas'
}
const LOCALES = ['en-US', 'pt-BR']

const version = (pkg) =>
  execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim()

const out = {
  source: {
    styles: `Debian citation-style-language-styles ${version('citation-style-language-styles')}`,
    locales: `Debian citation-style-language-locales ${version('citation-style-language-locales')}`,
    license: 'CC BY-SA 3.0 (styles), CC BY-SA 3.0 (locales): see README.md beside this file'
  },
  styles: Object.fromEntries(
    Object.entries(STYLES).map(([id, file]) => [
      id,
      readFileSync(join(CSL, 'styles', `${file}.csl`), 'utf8')
    ])
  ),
  locales: Object.fromEntries(
    LOCALES.map((l) => [l, readFileSync(join(CSL, 'locales', `locales-${l}.xml`), 'utf8')])
  )
}
const target = join(ROOT, 'src/main/library/csl/styles.json')
writeFileSync(target, JSON.stringify(out, null, 2) + '\n')
console.error(`wrote ${target}`)
