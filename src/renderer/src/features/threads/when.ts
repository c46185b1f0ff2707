import { formatDate, type TFunction } from '../../i18n'

/**
 * When a conversation was last used, for the list: "5 min ago" within a day, else the date in
 * the UI language's format ("Mar 5, 2026" / "5 de mar. de 2026").
 */
export function when(iso: string, t: TFunction, now = Date.now()): string {
  const ms = now - Date.parse(iso)
  if (ms < 60_000) return t('threads.justNow')
  if (ms < 3_600_000) return t('threads.minutesAgo', { count: Math.floor(ms / 60_000) })
  if (ms < 86_400_000) return t('threads.hoursAgo', { count: Math.floor(ms / 3_600_000) })
  return formatDate(iso)
}
