import { UserFacingError } from '../errors'

/** A parsed arXiv identifier. */
export interface ArxivRef {
  /** Without version: `1706.03762` or `hep-th/9901001`. */
  id: string
  /** `v7`, or null for the latest version. */
  version: string | null
}

const NEW_STYLE = /^(\d{2})(\d{2})\.(\d{4,5})(v\d+)?$/
const OLD_STYLE = /^([a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2})?)\/(\d{2})(\d{2})(\d{3})(v\d+)?$/

/**
 * Parses a bare arXiv id (new `1706.03762v7` or old `hep-th/9901001` style, with or without
 * version or `arXiv:` prefix), an arxiv.org `/abs/` or `/pdf/` URL, or an arXiv DOI
 * (`10.48550/arXiv.1706.03762`, also as a doi.org link).
 * @remarks Throws INVALID_INPUT naming the input, so the UI can show what was not understood.
 */
export function parseArxivId(input: string): ArxivRef {
  const raw = input.trim()
  let s = raw.replace(/^arxiv:\s*/i, '')
  const url =
    /^(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?\/?(?:[?#].*)?$/i.exec(
      s
    )
  if (url) s = url[1]!
  const doi = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\d{4,9}\/\S+)$/i.exec(s)
  if (doi) {
    // arXiv's own DOIs (10.48550/arXiv.<id>) name an arXiv paper; other DOIs are publishers'.
    const arxiv = /^10\.48550\/arxiv\.(.+)$/i.exec(doi[1]!)
    if (!arxiv) {
      throw new UserFacingError('INVALID_INPUT', { key: 'notArxivDoi', params: { doi: doi[1]! } })
    }
    s = arxiv[1]!
  }
  const m = NEW_STYLE.exec(s)
  if (m) {
    const month = Number(m[2])
    // Five-digit numbers started in 2015 (1501); four-digit ones ended in 1412.
    const fiveDigits = Number(m[1]) * 100 + month >= 1501
    if (month >= 1 && month <= 12 && m[3]!.length === (fiveDigits ? 5 : 4)) {
      return { id: `${m[1]}${m[2]}.${m[3]}`, version: m[4] ?? null }
    }
  }
  const o = OLD_STYLE.exec(s)
  if (o && Number(o[3]) >= 1 && Number(o[3]) <= 12) {
    return { id: `${o[1]}/${o[2]}${o[3]}${o[4]}`, version: o[5] ?? null }
  }
  throw new UserFacingError('INVALID_INPUT', {
    key: 'notArxivId',
    params: { input: raw.slice(0, 100) }
  })
}

/** True when the input parses as an arXiv id or URL. */
export function isArxivId(input: string): boolean {
  try {
    parseArxivId(input)
    return true
  } catch {
    return false
  }
}

/** The paper id of an arXiv paper: its id with `/` replaced by `_` (safe as a file name). */
export function arxivPaperId(id: string): string {
  return id.replace(/\//g, '_')
}
