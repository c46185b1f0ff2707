import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** The files of Swagger UI the docs page loads, with their media types. */
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png'
}

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#docs',
    persistAuthorization: false,
    tryItOutEnabled: true,
    deepLinking: true
  })
})
`

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ResearchPal local API</title>
<link rel="icon" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`

/**
 * The interactive docs page: Swagger UI from its npm package (no CDN, so it works offline),
 * reading `/openapi.json`. "Authorize" takes the bearer token.
 */
export function swaggerAssets(): {
  page(): Promise<string>
  file(name: string): Promise<{ body: Uint8Array<ArrayBuffer> | string; type: string } | null>
} {
  const dir = dirname(require.resolve('swagger-ui-dist/package.json'))
  return {
    page: async () => PAGE,
    async file(name) {
      if (name === 'init.js') return { body: INIT, type: 'text/javascript; charset=utf-8' }
      const type = FILES[name]
      if (!type) return null
      return { body: new Uint8Array(await readFile(join(dir, name))), type }
    }
  }
}
