import { useState, type DragEvent } from 'react'
import { useAppStore } from '../../store/StoreContext'
import { PAPER_DRAG_TYPE } from './PaperRow'

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
      <nav className="collection-tabs" aria-label="Collections">
        <button
          type="button"
          className={`collection-tab${shown === null ? ' active' : ''}`}
          aria-pressed={shown === null}
          onClick={() => showCollection(null)}
        >
          All papers <span className="count">{total}</span>
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
            {c.name} <span className="count">{c.count}</span>
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
          + New collection
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
            aria-label={naming === 'new' ? 'New collection name' : 'Collection name'}
            placeholder="Collection name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
          />
          <button type="submit" className="btn btn-small" disabled={!name.trim()}>
            {naming === 'new' ? 'Create' : 'Rename'}
          </button>
          <button type="button" className="btn btn-small btn-quiet" onClick={() => setNaming(null)}>
            Cancel
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
            Cite collection
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              setNaming('rename')
              setName(current.name)
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              if (
                window.confirm(
                  `Delete the collection “${current.name}”? Its papers stay in the library.`
                )
              )
                void deleteCollection(current.id)
            }}
          >
            Delete
          </button>
        </div>
      )}
    </div>
  )
}
