import { useEffect, useRef } from 'react'

/** Opens a `<dialog>` as a modal while `open` is true, and closes it when it turns false. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal?.()
    if (!open && d.open) d.close?.()
  }, [open])
  return ref
}
