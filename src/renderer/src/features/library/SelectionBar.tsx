import { useAppStore } from '../../store/StoreContext'

/** What can be done with the selected papers: ask, file, cite, remove. */
export function SelectionBar({ shownIds }: { shownIds: string[] }) {
  const selected = useAppStore((s) => s.organize.selected)
  const collections = useAppStore((s) => s.organize.collections)
  const setSelection = useAppStore((s) => s.setSelection)
  const askAboutPapers = useAppStore((s) => s.askAboutPapers)
  const fileInCollection = useAppStore((s) => s.fileInCollection)
  const removeSelected = useAppStore((s) => s.removeSelected)
  const openCite = useAppStore((s) => s.openCite)
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.includes(id))
  const n = selected.length
  return (
    <div className="selection-bar" aria-label="Selection">
      <input
        type="checkbox"
        aria-label="Select all shown"
        checked={allShown}
        onChange={() => setSelection(allShown ? [] : shownIds)}
      />
      {n === 0 ? (
        <span className="muted small">Select papers to ask about, file or cite them</span>
      ) : (
        <>
          <span className="small selection-count">{n} selected</span>
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={() => askAboutPapers(selected)}
          >
            Ask about these
          </button>
          <select
            aria-label="Add to collection"
            className="btn-small"
            value=""
            onChange={(e) => {
              if (e.target.value) void fileInCollection(e.target.value, selected)
            }}
          >
            <option value="">Add to…</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() =>
              void openCite({ paperIds: selected, label: `${n} paper${n === 1 ? '' : 's'}` })
            }
          >
            Cite
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              if (window.confirm(`Remove ${n} paper${n === 1 ? '' : 's'} from the library?`))
                void removeSelected()
            }}
          >
            Remove
          </button>
        </>
      )}
    </div>
  )
}
