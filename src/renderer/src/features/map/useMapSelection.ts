import { useMemo, useState } from 'react'
import type { GraphNode } from '../../../../shared/graph'

/** The papers picked on the map: a cluster's, papers picked one by one, or both. */
export interface MapSelection {
  /** The picked cluster, or null. */
  cluster: number | null
  setCluster: (cluster: number | null) => void
  /** The picked papers' ids, in the map's order. */
  members: string[]
  selected: ReadonlySet<string>
  /** Adds a paper to the selection, or takes it out (Shift-click). */
  toggle: (n: GraphNode) => void
  clear: () => void
}

/**
 * What is picked among the `shown` nodes: a cluster and papers picked one by one (Shift-click),
 * on their own or added to a picked cluster's.
 */
export function useMapSelection(shown: { nodes: GraphNode[] }): MapSelection {
  const [cluster, setCluster] = useState<number | null>(null)
  // Papers picked one by one (Shift-click), on their own or added to a picked cluster's.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const members = useMemo(() => {
    const ids = new Set(chosen)
    if (cluster !== null)
      for (const n of shown.nodes) if (n.kind === 'paper' && n.cluster === cluster) ids.add(n.id)
    return shown.nodes.filter((n) => n.kind === 'paper' && ids.has(n.id)).map((n) => n.id)
  }, [shown, cluster, chosen])
  const selected = useMemo(() => new Set(members), [members])

  const toggle = (n: GraphNode): void => {
    const id = n.id
    const next = new Set(chosen)
    if (selected.has(id) && cluster !== null && n.cluster === cluster) {
      // Taking one paper out of a picked cluster keeps the rest of it picked, one by one.
      for (const m of members) next.add(m)
      setCluster(null)
      next.delete(id)
    } else if (next.has(id)) next.delete(id)
    else next.add(id)
    setChosen(next)
  }
  const clear = (): void => {
    setChosen(new Set())
    setCluster(null)
  }
  return { cluster, setCluster, members, selected, toggle, clear }
}
