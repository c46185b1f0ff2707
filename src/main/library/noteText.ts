import { Parser } from 'htmlparser2'

/** Elements whose content is never text a person wrote in the note. */
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template', 'iframe', 'object'])
/** Elements that start a new line in the text. */
const BLOCKS = new Set(
  'p div br li ul ol h1 h2 h3 h4 h5 h6 blockquote pre tr table hr section article'.split(' ')
)

/**
 * A Zotero note's HTML as plain text: tags dropped, entities decoded, paragraphs and list
 * items on their own lines, scripts and styles left out.
 * @remarks The only import of htmlparser2 (a tolerant, maintained HTML tokenizer): a note is
 * HTML the user or a plugin wrote and may be malformed. The text is shown as text (never as
 * HTML), so nothing in it runs.
 */
export function noteText(html: string): string {
  let out = ''
  let skipping = 0
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++
        else if (BLOCKS.has(name)) out += '\n'
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1)
        else if (BLOCKS.has(name)) out += '\n'
      },
      ontext(text) {
        if (!skipping) out += text
      }
    },
    { decodeEntities: true }
  )
  parser.write(html)
  parser.end()
  return out
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .normalize('NFC')
}
