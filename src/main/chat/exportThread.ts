import type { Thread, ThreadExport } from '../../shared/threads'
import type { Citation, Paper, UiLanguage } from '../../shared/types'
import { passageLink } from '../../shared/deepLink'
import { replyText } from '../../shared/replies'
import { mainT } from '../i18n'
import type { CitationStyle } from '../../shared/citationStyles'
import { bibtexKeys, toBibtex, type BibPaper } from '../library/bibtex'
import { formatReferences } from '../library/citationStyles'

/** One entry of the reference list: a paper and page, with its number in the export. */
interface Reference {
  number: number
  paper: BibPaper
  removed: boolean
  page: number
  /** The first cited passage on that page, for the link that opens it highlighted. */
  quote: string
}

function fileBase(thread: Thread): string {
  const slug = thread.title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
  return slug || thread.id
}

function authorsText(authors: readonly string[]): string {
  if (authors.length === 0) return ''
  if (authors.length <= 3) return authors.join(', ')
  return `${authors.slice(0, 3).join(', ')} et al.`
}

/**
 * Exports a thread, or one turn of it, as Markdown with one numbered reference list, or as
 * BibTeX for the papers it cites.
 * @remarks Each answer numbers its citations from 1; the export renumbers them so a number
 * means the same paper and page everywhere in the file. A cited paper no longer in the
 * library is still listed, from what the citation recorded, and said to be removed. A page of a
 * paper still in the library links to `researchpal://paper/<id>?page=N&quote=…`, which opens
 * it in the app with the passage highlighted (from Obsidian, or any Markdown viewer). With a
 * `style` (APA, ABNT…), each reference is the paper's formatted reference in that style; the
 * answers keep their text as stored (TeX source included).
 */
export function exportThread(
  thread: Thread,
  papers: readonly Paper[],
  format: 'md' | 'bib',
  turnId?: string,
  language: UiLanguage = 'en',
  style?: CitationStyle
): ThreadExport {
  const tr = mainT(language)
  const turns = turnId ? thread.turns.filter((t) => t.id === turnId) : thread.turns
  const byId = new Map(papers.map((p) => [p.id, p]))
  const refs = new Map<string, Reference>()
  const refFor = (c: Citation): Reference => {
    const key = `${c.paperId}#${c.page}`
    let ref = refs.get(key)
    if (!ref) {
      const known = byId.get(c.paperId)
      const paper: BibPaper = known ?? {
        id: c.paperId,
        title: c.title,
        authors: [],
        year: null,
        arxivId: /^\d{4}\.\d{4,5}$/.test(c.paperId) ? c.paperId : null
      }
      ref = { number: refs.size + 1, paper, removed: !known, page: c.page, quote: c.snippet }
      refs.set(key, ref)
    }
    return ref
  }
  const bodies = turns.map((t) => {
    const local = new Map(t.citations.map((c) => [c.number, refFor(c).number]))
    // A fixed reply is written in the export's language, as the app shows it.
    const text = t.reply ? replyText(t.reply, tr) : t.answer
    return text.replace(/\[(\d+)\]/g, (m, n: string) => {
      const global = local.get(Number(n))
      return global === undefined ? m : `[${global}]`
    })
  })
  const cited = [...new Map([...refs.values()].map((r) => [r.paper.id, r.paper])).values()]
  const base = `${fileBase(thread)}${turnId ? `-${turnId}` : ''}`
  if (format === 'bib') {
    const { bibtex } = cited.length ? toBibtex(cited) : { bibtex: '' }
    return { format, fileName: `${base}.bib`, content: bibtex ? `${bibtex}\n` : '' }
  }

  const keys = new Map(bibtexKeys(cited).map((e) => [e.paperId, e.key]))
  const lines: string[] = [`# ${thread.title || tr('exports.conversation')}`, '']
  const scope = thread.scope
    ? tr('exports.limitedTo', {
        titles: thread.scope.map((id) => byId.get(id)?.title ?? id).join('; ')
      })
    : tr('exports.allPapers')
  lines.push(tr('exports.exported', { date: new Date(), scope }), '')
  turns.forEach((t, i) => {
    lines.push(`## ${turnId ? '' : `${i + 1}. `}${t.question.replace(/\n+/g, ' ')}`, '')
    if (t.status !== 'done') {
      lines.push(tr(`exports.unfinished.${t.status}`), '')
      return
    }
    const note =
      t.mode === 'evidence'
        ? tr('exports.notes.evidence')
        : t.mode === 'offtopic'
          ? tr('exports.notes.offtopic')
          : t.mode === 'generated' && !t.verified
            ? tr('exports.notes.unverified')
            : null
    if (note) lines.push(note, '')
    lines.push(bodies[i]!.trim(), '')
  })
  if (refs.size > 0) {
    lines.push(`## ${tr('exports.references')}`, '')
    // In a style, each entry is the paper's formatted reference, then its page and link.
    const styled = style
      ? new Map(formatReferences(cited, style, language).map((text, i) => [cited[i]!.id, text]))
      : null
    for (const r of refs.values()) {
      const p = r.paper
      const page = r.removed
        ? `p. ${r.page}.`
        : `[p. ${r.page}](${passageLink({ paperId: p.id, page: r.page, quote: r.quote })}).`
      if (styled) {
        const removed = r.removed ? tr('exports.removed') : ''
        lines.push([`[${r.number}]`, styled.get(p.id), page, removed].filter(Boolean).join(' '))
        continue
      }
      const who = authorsText(p.authors)
      const id = p.arxivId ? `arXiv:${p.arxivId} (doi:10.48550/arXiv.${p.arxivId})` : null
      const year = p.year ? ` (${p.year})` : ''
      const parts = [
        `[${r.number}]`,
        who ? `${who}${year}.` : '',
        `*${p.title || p.id}*${who ? '' : year}.`,
        id ? `${id},` : '',
        // A paper still in the library: the page is a researchpal:// link to the passage.
        page,
        `BibTeX: \`${keys.get(p.id)}\``,
        r.removed ? tr('exports.removed') : ''
      ]
      lines.push(parts.filter(Boolean).join(' '))
    }
    lines.push('')
  }
  return { format, fileName: `${base}.md`, content: lines.join('\n') }
}
