import { useState, type DragEvent } from 'react'
import { formatNumber, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { PAPER_DRAG_TYPE } from './PaperRow'
import { ShareWithLab } from './ShareWithLab'

function droppedIds(e: DragEvent): string[] {
  try {
    const ids: unknown = JSON.parse(e.dataTransfer.getData(PAPER_DRAG_TYPE) || '[]')
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** All papers and each collection, as tabs; papers dragged onto a collection are filed in it. */
export function CollectionBar() {
  const collections = useAppStore((s) => s.organize.collections)
  const shown = useAppStore((s) => s.organize.collectionId)
  const total = useAppStore((s) => s.library.papers.length)
  const showCollection = useAppStore((s) => s.showCollection)
  const createCollection = useAppStore((s) => s.createCollection)
  const renameCollection = useAppStore((s) => s.renameCollection)
  const deleteCollection = useAppStore((s) => s.deleteCollection)
  const fileInCollection = useAppStore((s) => s.fileInCollection)
  const openCite = useAppStore((s) => s.openCite)
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null)
  const [name, setName] = useState('')
  const [over, setOver] = useState<string | null>(null)
  const { t } = useTranslation()
  const openImport = useAppStore((s) => s.openImport)
  const current = collections.find((c) => c.id === shown) ?? null

  const submit = async (): Promise<void> => {
    const ok =
      naming === 'rename' && current
        ? await renameCollection(current.id, name)
        : await createCollection(name)
    if (ok) {
      setNaming(null)
      setName('')
    }
  }

  return (
    <div className="collections">
      <nav className="collection-tabs" aria-label={t('collections.label')}>
        <button
          type="button"
          className={`collection-tab${shown === null ? ' active' : ''}`}
          aria-pressed={shown === null}
          onClick={() => showCollection(null)}
        >
          {t('collections.all')} <span className="count">{formatNumber(total)}</span>
        </button>
        {collections.map((c) => (
          <button
            key={c.id}
            type="button"
            className={`collection-tab${shown === c.id ? ' active' : ''}${over === c.id ? ' drop' : ''}`}
            aria-pressed={shown === c.id}
            data-collection-id={c.id}
            onClick={() => showCollection(c.id)}
            onDragOver={(e) => {
              if (!e.dataTransfer.types.includes(PAPER_DRAG_TYPE)) return
              e.preventDefault()
              setOver(c.id)
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => {
              e.preventDefault()
              e.stopPropagation()
              setOver(null)
              void fileInCollection(c.id, droppedIds(e))
            }}
          >
            {c.name} <span className="count">{formatNumber(c.count)}</span>
          </button>
        ))}
        <button
          type="button"
          className="collection-tab collection-new"
          onClick={() => {
            setNaming('new')
            setName('')
          }}
        >
          {t('collections.new')}
        </button>
        <button
          type="button"
          className="collection-tab collection-new"
          title={t('library.importTitle')}
          onClick={openImport}
        >
          {t('library.import')}
        </button>
      </nav>
      {naming && (
        <form
          className="collection-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (name.trim()) void submit()
          }}
        >
          <input
            autoFocus
            aria-label={naming === 'new' ? t('collections.newName') : t('collections.name')}
            placeholder={t('collections.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
          />
          <button type="submit" className="btn btn-small" disabled={!name.trim()}>
            {naming === 'new' ? t('collections.create') : t('collections.rename')}
          </button>
          <button type="button" className="btn btn-small btn-quiet" onClick={() => setNaming(null)}>
            {t('collections.cancel')}
          </button>
        </form>
      )}
      {current && !naming && (
        <div className="collection-actions">
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => void openCite({ collectionId: current.id, label: current.name })}
          >
            {t('collections.cite')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              setNaming('rename')
              setName(current.name)
            }}
          >
            {t('collections.rename')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              if (window.confirm(t('collections.confirmDelete', { name: current.name })))
                void deleteCollection(current.id)
            }}
          >
            {t('collections.delete')}
          </button>
          <ShareWithLab origin="collection" target={{ collectionId: current.id }} />
        </div>
      )}
    </div>
  )
}
