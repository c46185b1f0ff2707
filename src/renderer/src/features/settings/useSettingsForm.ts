import { useMemo } from 'react'
import type { PublicSettings, Settings } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'

/**
 * The settings as the dialog's form shows them (the saved values with the unsaved edits), and
 * the edit that changes them.
 * @remarks Merged here, not in a store selector: a selector returning a new object each time
 * would re-render forever.
 */
export function useSettingsForm(): {
  form: PublicSettings | null
  edit: (change: Partial<Settings>) => void
} {
  const values = useAppStore((s) => s.settings.values)
  const draft = useAppStore((s) => s.settings.draft)
  const edit = useAppStore((s) => s.editSettings)
  const form = useMemo(() => values && { ...values, ...draft }, [values, draft])
  return { form, edit }
}
