import { existsSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { COMPOSITION, LAYERS } from './layerMap.mjs'

const LAYER_OF = new Map(LAYERS.flatMap((layer, index) => layer.parts.map((p) => [p, index])))
const COMPOSED = new Set(COMPOSITION)

/** The part a path under `src/main` belongs to: its top-level folder, or the root file's name. */
function partOf(relPath) {
  const segments = relPath.split(sep)
  if (segments.length > 1) return segments[0]
  return segments[0].replace(/\.(ts|js|mjs)$/, '') + '.ts'
}

/**
 * The part an import specifier names, as TypeScript resolves it: a file before a folder's index.
 * @returns null when the target is outside `src/main`.
 */
function targetPart(root, file, specifier) {
  const target = resolve(dirname(file), specifier)
  const rel = relative(root, target)
  if (rel === '' || rel.startsWith('..')) return null
  if (!rel.includes(sep)) {
    const asFile = `${target.replace(/\.(ts|js|mjs)$/, '')}.ts`
    const isFolder = existsSync(target) && statSync(target).isDirectory()
    if (isFolder && !existsSync(asFile)) return rel
  }
  return partOf(rel)
}

/** Which parts one part may import, for the message. */
function allowedFor(part) {
  if (COMPOSED.has(part)) return 'any part'
  const layer = LAYER_OF.get(part)
  const lower = LAYERS.slice(0, layer).flatMap((l) => l.parts)
  return lower.length > 0 ? lower.join(', ') : 'nothing outside itself'
}

function layerName(part) {
  if (COMPOSED.has(part)) return 'composition'
  return LAYERS[LAYER_OF.get(part)].name
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Each part of src/main imports only the parts of lower layers (eslint/layerMap.mjs).'
    },
    schema: [],
    messages: {
      forbidden:
        "'{{from}}' ({{fromLayer}}) may not import '{{to}}' ({{toLayer}}): '{{from}}' may import {{allowed}}, and src/shared.",
      unplaced:
        "'{{part}}' is not in eslint/layerMap.mjs: place it in a layer before importing across parts."
    }
  },
  create(context) {
    const root = join(context.cwd, 'src', 'main')
    const file = context.filename
    const own = relative(root, file)
    if (own.startsWith('..')) return {}
    const from = partOf(own)

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      if (!source.value.startsWith('.')) return
      const to = targetPart(root, file, source.value)
      if (to === null || to === from || COMPOSED.has(from)) return
      for (const part of [from, to]) {
        if (!COMPOSED.has(part) && !LAYER_OF.has(part)) {
          context.report({ node, messageId: 'unplaced', data: { part } })
          return
        }
      }
      if (!COMPOSED.has(to) && LAYER_OF.get(to) < LAYER_OF.get(from)) return
      context.report({
        node,
        messageId: 'forbidden',
        data: {
          from,
          to,
          fromLayer: layerName(from),
          toLayer: layerName(to),
          allowed: allowedFor(from)
        }
      })
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source)
    }
  }
}

/** The local plugin holding the layer rule. */
export default { rules: { layers: layersRule } }
