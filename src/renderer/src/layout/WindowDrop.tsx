import { useEffect, useState } from 'react'
import { useTranslation } from '../i18n'
import { useAppStore } from '../store/StoreContext'

/** True for a drag that carries files from outside (not rows dragged onto a collection). */
function carriesFiles(e: DragEvent): boolean {
  return e.dataTransfer?.types.includes('Files') === true
}

/**
 * PDFs dropped anywhere on the window are added to the library; while files are held over the
 * window, a drop target says so.
 * @remarks The target does not catch the drop (`pointer-events: none`): a drop on a reference
 * kept without a PDF still reaches its row, which attaches the file, and a drop on the library
 * is still the library's. A drop something else took (its default prevented) is not added twice.
 */
export function WindowDrop() {
  const addFile = useAppStore((s) => s.addFile)
  const [over, setOver] = useState(false)
  const { t } = useTranslation()

  useEffect(() => {
    // dragenter/dragleave fire for every element crossed: the window is left when they even out.
    let depth = 0
    const enter = (e: DragEvent): void => {
      if (!carriesFiles(e)) return
      depth++
      setOver(true)
    }
    const leave = (e: DragEvent): void => {
      if (!carriesFiles(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setOver(false)
    }
    const overWindow = (e: DragEvent): void => {
      if (!carriesFiles(e)) return
      // Without this the drop would open the file in the window instead of adding it.
      e.preventDefault()
      if (e.dataTransfer && !e.defaultPrevented) e.dataTransfer.dropEffect = 'copy'
    }
    const drop = (e: DragEvent): void => {
      depth = 0
      setOver(false)
      if (!carriesFiles(e)) return
      const taken = e.defaultPrevented
      e.preventDefault()
      if (taken) return
      void (async () => {
        for (const file of Array.from(e.dataTransfer?.files ?? [])) {
          await addFile(file.name, new Uint8Array(await file.arrayBuffer()))
        }
      })()
    }
    const end = (): void => {
      depth = 0
      setOver(false)
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragleave', leave)
    window.addEventListener('dragover', overWindow)
    window.addEventListener('drop', drop)
    window.addEventListener('dragend', end)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('dragover', overWindow)
      window.removeEventListener('drop', drop)
      window.removeEventListener('dragend', end)
    }
  }, [addFile])

  if (!over) return null
  return (
    <div className="window-drop" role="status" aria-live="polite">
      <div className="window-drop-card">
        <div className="window-drop-title">{t('app.dropTitle')}</div>
        <div className="window-drop-hint">{t('app.dropHint')}</div>
      </div>
    </div>
  )
}
