import { useState } from 'react'
import { CITATION_STYLES, type CitationStyle } from '../../../shared/citationStyles'
import { useTranslation } from '../i18n'
import { useAppStore } from '../store/StoreContext'

/** The styles a reference can be copied in, each named in the UI language. */
export function StyleOptions() {
  const { t } = useTranslation()
  return (
    <>
      {CITATION_STYLES.map((s) => (
        <option key={s} value={s}>
          {t(`cite.styles.${s}`)}
        </option>
      ))}
    </>
  )
}

/**
 * "Copy reference" in a style the user picks (APA, ABNT…): a paper's formatted reference on the
 * clipboard, as a citation's hover card and a source row offer it.
 */
export function CopyReference({ paperId }: { paperId: string }) {
  const style = useAppStore((s) => s.referenceStyleNow())
  const setStyle = useAppStore((s) => s.setReferenceStyle)
  const formatReferences = useAppStore((s) => s.formatReferences)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const { t } = useTranslation()
  const copy = async (): Promise<void> => {
    const refs = await formatReferences({ paperIds: [paperId] }, style)
    try {
      if (!refs?.[0]) throw new Error('no reference')
      await navigator.clipboard.writeText(refs[0])
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return (
    <span className="copy-reference">
      <select
        className="reference-style"
        aria-label={t('cite.style')}
        value={style}
        onChange={(e) => {
          setStyle(e.currentTarget.value as CitationStyle)
          setState('idle')
        }}
      >
        <StyleOptions />
      </select>
      <button type="button" className="btn btn-small btn-quiet" onClick={() => void copy()}>
        {t('cite.copyReference')}
      </button>
      {state !== 'idle' && (
        <span className="muted small" role="status">
          {t(state === 'copied' ? 'cite.referenceCopied' : 'cite.referenceFailed')}
        </span>
      )}
    </span>
  )
}
