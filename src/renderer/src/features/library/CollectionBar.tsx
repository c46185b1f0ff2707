import { useState, type DragEvent } from 'react'
import { formatNumber, useTranslation } from '../../i18n'
import type { CollectionInfo } from '../../../../shared/libraryChannels'
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
  const openImport = useAppStore((s) => s.openImport)
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null)
  const [name, setName] = useState('')
  const { t } = useTranslation()
  const current = collections.find((c) => c.id === shown) ?? null
  const startNaming = (mode: 'new' | 'rename', initial: string): void => {
    setNaming(mode)
    setName(initial)
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
          <CollectionTab key={c.id} collection={c} active={shown === c.id} />
        ))}
        <button
          type="button"
          className="collection-tab collection-new"
          onClick={() => startNaming('new', '')}
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
        <CollectionNameForm
          mode={naming}
          current={current}
          name={name}
          setName={setName}
          done={() => {
            setNaming(null)
            setName('')
          }}
          cancel={() => setNaming(null)}
        />
      )}
      {current && !naming && (
        <CollectionActions current={current} rename={() => startNaming('rename', current.name)} />
      )}
    </div>
  )
}

/** One collection's tab; papers dropped on it are filed in it. */
function CollectionTab({ collection: c, active }: { collection: CollectionInfo; active: boolean }) {
  const showCollection = useAppStore((s) => s.showCollection)
  const fileInCollection = useAppStore((s) => s.fileInCollection)
  const [over, setOver] = useState(false)
  return (
    <button
      type="button"
      className={`collection-tab${active ? ' active' : ''}${over ? ' drop' : ''}`}
      aria-pressed={active}
      data-collection-id={c.id}
      onClick={() => showCollection(c.id)}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(PAPER_DRAG_TYPE)) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault()
        e.stopPropagation()
        setOver(false)
        void fileInCollection(c.id, droppedIds(e))
      }}
    >
      {c.name} <span className="count">{formatNumber(c.count)}</span>
    </button>
  )
}

/** Names a new collection, or renames the one shown. */
function CollectionNameForm(props: {
  mode: 'new' | 'rename'
  current: CollectionInfo | null
  name: string
  setName: (name: string) => void
  done: () => void
  cancel: () => void
}) {
  const { mode, current, name } = props
  const createCollection = useAppStore((s) => s.createCollection)
  const renameCollection = useAppStore((s) => s.renameCollection)
  const { t } = useTranslation()
  const submit = async (): Promise<void> => {
    const ok =
      mode === 'rename' && current
        ? await renameCollection(current.id, name)
        : await createCollection(name)
    if (ok) props.done()
  }
  return (
    <form
      className="collection-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (name.trim()) void submit()
      }}
    >
      <input
        autoFocus
        aria-label={mode === 'new' ? t('collections.newName') : t('collections.name')}
        placeholder={t('collections.name')}
        value={name}
        onChange={(e) => props.setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && props.cancel()}
      />
      <button type="submit" className="btn btn-small" disabled={!name.trim()}>
        {mode === 'new' ? t('collections.create') : t('collections.rename')}
      </button>
      <button type="button" className="btn btn-small btn-quiet" onClick={props.cancel}>
        {t('collections.cancel')}
      </button>
    </form>
  )
}

/** Cite, rename or delete the collection shown. */
function CollectionActions({ current, rename }: { current: CollectionInfo; rename: () => void }) {
  const deleteCollection = useAppStore((s) => s.deleteCollection)
  const openCite = useAppStore((s) => s.openCite)
  const { t } = useTranslation()
  return (
    <div className="collection-actions">
      <button
        type="button"
        className="btn btn-small btn-quiet"
        onClick={() => void openCite({ collectionId: current.id, label: current.name })}
      >
        {t('collections.cite')}
      </button>
      <button type="button" className="btn btn-small btn-quiet" onClick={rename}>
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
  )
}
