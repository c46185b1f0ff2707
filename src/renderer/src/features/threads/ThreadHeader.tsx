import { useState } from 'react'
import type { CitationStyle } from '../../../../shared/citationStyles'
import { StyleOptions } from '../../components/CopyReference'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { saveTextFile } from '../../components/saveTextFile'
import { usePopover } from '../../components/usePopover'
import { ScopePicker } from './ScopePicker'

/** The MIME type of each export format. */
const EXPORT_MIME = { md: 'text/markdown', bib: 'application/x-bibtex' } as const

/** The conversation's export: Markdown (references plain or in a style) or BibTeX, saved or copied. */
function ThreadExport() {
  const exportThread = useAppStore((s) => s.exportThread)
  const [exporting, setExporting] = useState(false)
  const [style, setStyle] = useState<CitationStyle | 'plain'>('plain')
  const [copied, setCopied] = useState<string | null>(null)
  const { wrap: exportWrapRef, popover: exportPopoverRef } = usePopover(exporting, () =>
    setExporting(false)
  )
  const { t } = useTranslation()

  const run = async (format: 'md' | 'bib', action: 'copy' | 'save'): Promise<void> => {
    const out = await exportThread(format, undefined, style === 'plain' ? undefined : style)
    if (!out) return
    if (action === 'save') {
      saveTextFile({ fileName: out.fileName, mimeType: EXPORT_MIME[format], text: out.content })
    } else {
      await navigator.clipboard.writeText(out.content)
      setCopied(format)
      setTimeout(() => setCopied(null), 1500)
    }
  }

  return (
    <span className="scope-wrap" ref={exportWrapRef}>
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={exporting}
        onClick={() => setExporting(!exporting)}
      >
        {t('threads.export')}
      </button>
      {exporting && (
        <div
          ref={exportPopoverRef}
          className="popover thread-export"
          role="group"
          aria-label={t('threads.exportLabel')}
        >
          <p className="small muted">{t('threads.exportHelp')}</p>
          <label className="cite-style small">
            {t('threads.referencesIn')}{' '}
            <select
              value={style}
              onChange={(e) => setStyle(e.currentTarget.value as CitationStyle | 'plain')}
            >
              <option value="plain">{t('threads.referencesPlain')}</option>
              <StyleOptions />
            </select>
          </label>
          <button type="button" className="btn btn-small" onClick={() => void run('md', 'save')}>
            {t('threads.saveMarkdown')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void run('md', 'copy')}>
            {copied === 'md' ? t('chat.copied') : t('threads.copyMarkdown')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void run('bib', 'save')}>
            {t('threads.saveBibtex')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void run('bib', 'copy')}>
            {copied === 'bib' ? t('chat.copied') : t('threads.copyBibtex')}
          </button>
        </div>
      )}
    </span>
  )
}

/** The open conversation: its title, the papers it is limited to, and its export. */
export function ThreadHeader() {
  const current = useAppStore((s) => s.threads.current)
  const pending = useAppStore((s) => s.threads.pendingScope)
  const papers = useAppStore((s) => s.library.papers)
  const hasTurns = useAppStore((s) => s.chat.turns.some((t) => t.status === 'done'))
  const compareThreadPapers = useAppStore((s) => s.compareThreadPapers)
  const [picking, setPicking] = useState(false)
  const { wrap: scopeWrapRef, popover: scopePopoverRef } = usePopover(picking, () =>
    setPicking(false)
  )
  const { t } = useTranslation()
  const scope = current ? current.scope : pending
  const titleOf = (id: string): string => papers.find((p) => p.id === id)?.title || id
  const scopeText = scope
    ? scope.length === 1
      ? t('threads.limitedToOne', { title: titleOf(scope[0]!) })
      : t('threads.limitedTo', { count: scope.length })
    : t('threads.allPapers')

  return (
    <div className="thread-header">
      <span className="thread-header-title" title={current?.title}>
        {current?.title || t('threads.untitled')}
      </span>
      <span className="scope-wrap" ref={scopeWrapRef}>
        <button
          type="button"
          className="pill scope-pill"
          aria-expanded={picking}
          data-scoped={scope ? 'true' : 'false'}
          title={scope ? scope.map(titleOf).join('\n') : t('threads.allPapersHint')}
          onClick={() => setPicking(!picking)}
        >
          {scopeText}
        </button>
        {picking && <ScopePicker ref={scopePopoverRef} onClose={() => setPicking(false)} />}
      </span>
      {current && (
        <button
          type="button"
          className="btn btn-small"
          title={t('threads.compareHint')}
          onClick={() =>
            compareThreadPapers(
              current.id,
              current.scope ?? papers.filter((p) => p.status === 'indexed').map((p) => p.id)
            )
          }
        >
          {t('threads.compare')}
        </button>
      )}
      {current && hasTurns && <ThreadExport />}
    </div>
  )
}
