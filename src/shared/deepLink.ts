import { z } from 'zod'

/** The URL scheme ResearchPal registers with the system (electron-builder `protocols`). */
export const LINK_SCHEME = 'researchpal'

/** The longest quote a link carries; a longer passage is cut at a word. */
export const MAX_LINK_QUOTE = 300

/** Longest link accepted from the system, so a hostile caller cannot hand over megabytes. */
const MAX_LINK_LENGTH = 4096

/** The same rule as the contract's paper id: `1706.03762`, the 12 hex of a sha256, … */
const PAPER_ID = /^[A-Za-z0-9._-]{1,64}$/

/** A passage a link points at: a paper, a page (1-based), and optionally the words to highlight. */
export const PassageLinkSchema = z.object({
  paperId: z.string().regex(PAPER_ID),
  page: z.number().int().min(1),
  quote: z.string().max(MAX_LINK_QUOTE).nullable()
})
/** A passage a link points at (see {@link PassageLinkSchema}). */
export type PassageLink = z.infer<typeof PassageLinkSchema>

/** Why a link was refused, in words a person can act on (English; main's catalog translates). */
export type LinkProblem = 'notALink' | 'unknownTarget' | 'badPaperId' | 'badPage'

/** The outcome of reading a link. */
export type ParsedLink = { ok: true; link: PassageLink } | { ok: false; problem: LinkProblem }

/** Whether a command-line argument or an OS-supplied string is a ResearchPal link at all. */
export function isResearchPalLink(text: string): boolean {
  return text.toLowerCase().startsWith(`${LINK_SCHEME}:`)
}

/**
 * Reads `researchpal://paper/<id>?page=N&quote=…`.
 * @remarks Strict: anything else (another host, a path with more parts, a page that is not a
 * positive whole number) is refused with the reason, never half-followed. The quote is free text
 * and only ever searched for on the page; it is trimmed and capped at {@link MAX_LINK_QUOTE}.
 */
export function parseDeepLink(text: string): ParsedLink {
  if (text.length > MAX_LINK_LENGTH || !isResearchPalLink(text)) {
    return { ok: false, problem: 'notALink' }
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, problem: 'notALink' }
  }
  const parts = url.pathname.split('/').filter(Boolean)
  if (url.hostname !== 'paper' || parts.length !== 1) return { ok: false, problem: 'unknownTarget' }
  let paperId: string
  try {
    paperId = decodeURIComponent(parts[0]!)
  } catch {
    return { ok: false, problem: 'badPaperId' }
  }
  if (!PAPER_ID.test(paperId)) return { ok: false, problem: 'badPaperId' }
  const pageText = url.searchParams.get('page')
  let page = 1
  if (pageText !== null) {
    if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1)
      return { ok: false, problem: 'badPage' }
    page = Number(pageText)
  }
  const quote = clipQuote(url.searchParams.get('quote') ?? '')
  return { ok: true, link: { paperId, page, quote: quote || null } }
}

/** The link to a passage, as "Copy link to this passage" and Markdown exports write it. */
export function passageLink(link: {
  paperId: string
  page: number
  quote?: string | null
}): string {
  const params = new URLSearchParams({ page: String(Math.max(1, Math.round(link.page))) })
  const quote = clipQuote(link.quote ?? '')
  if (quote) params.set('quote', quote)
  return `${LINK_SCHEME}://paper/${encodeURIComponent(link.paperId)}?${params.toString()}`
}

/** Collapses whitespace and cuts a long quote at a word boundary. */
function clipQuote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= MAX_LINK_QUOTE) return t
  const cut = t.slice(0, MAX_LINK_QUOTE)
  const space = cut.lastIndexOf(' ')
  return space > MAX_LINK_QUOTE / 2 ? cut.slice(0, space) : cut
}
