import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { PROVIDER_TRAITS } from '../../../../shared/providers'
import { useTranslation } from '../../i18n'
import { SETTINGS_SECTIONS as SECTIONS, type SettingsSection } from '../../store/settingsSlice'
import { useAppStore } from '../../store/StoreContext'
import { AnswerFields } from './AnswerFields'
import { ApiKeyField } from './ApiKeyField'
import { ApiServerSetup } from './ApiServerSetup'
import { EmbedderState } from './EmbedderState'
import { GeneralFields } from './GeneralFields'
import { LabSetup } from './LabSetup'
import { LocalModelFields } from './LocalModelFields'
import { McpSetup } from './McpSetup'
import { GeminiModelField, ProviderField } from './ProviderField'
import { SyncSetup } from './SyncSetup'
import { useSettingsForm } from './useSettingsForm'

/** Answers: who writes them (with the API key when that provider needs one), model, language. */
function AnswersSection() {
  const { form } = useSettingsForm()
  // The key field follows the provider being chosen, so choosing Gemini shows where its key goes.
  const needsKey = !form || PROVIDER_TRAITS[form.provider].needsApiKey
  return (
    <>
      <ProviderField />
      {needsKey && <ApiKeyField />}
      <GeminiModelField />
      <AnswerFields />
    </>
  )
}

/** What each section shows. */
const CONTENT: Record<SettingsSection, () => ReactNode> = {
  answers: () => <AnswersSection />,
  localModel: () => <LocalModelFields />,
  general: () => (
    <>
      <GeneralFields />
      <EmbedderState />
    </>
  ),
  connections: () => (
    <>
      <McpSetup />
      <ApiServerSetup />
    </>
  ),
  sync: () => <SyncSetup />,
  lab: () => <LabSetup />
}

/** The tab a key moves to from `at` (arrows wrap around, Home and End), or null. */
function moveTo(key: string, at: number): number | null {
  const n = SECTIONS.length
  if (key === 'ArrowDown' || key === 'ArrowRight') return (at + 1) % n
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (at - 1 + n) % n
  if (key === 'Home') return 0
  if (key === 'End') return n - 1
  return null
}

/**
 * The settings' sections: a side list of tabs (arrow keys, Home, End) and one panel each.
 * @remarks Every panel stays mounted, only hidden: what is typed in one (a key not yet saved, a
 * folder choice) is still there after a look at another, and each loads its status once.
 */
export function SettingsSections() {
  const current = useAppStore((s) => s.settings.section)
  const setCurrent = useAppStore((s) => s.showSettingsSection)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const { t } = useTranslation()
  const onKey = (e: KeyboardEvent, at: number): void => {
    const next = moveTo(e.key, at)
    if (next === null) return
    e.preventDefault()
    setCurrent(SECTIONS[next]!)
    tabs.current[next]?.focus()
  }
  return (
    <div className="settings-layout">
      <div
        className="settings-tabs"
        role="tablist"
        aria-orientation="vertical"
        aria-label={t('settings.form.sections')}
      >
        {SECTIONS.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`settings-tab-${id}`}
            aria-controls={`settings-panel-${id}`}
            aria-selected={current === id}
            tabIndex={current === id ? 0 : -1}
            className="settings-tab"
            onClick={() => setCurrent(id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t(`settings.sections.${id}`)}
          </button>
        ))}
      </div>
      {SECTIONS.map((id) => (
        <div
          key={id}
          role="tabpanel"
          id={`settings-panel-${id}`}
          aria-labelledby={`settings-tab-${id}`}
          className="settings-panel"
          hidden={current !== id}
          tabIndex={0}
        >
          {CONTENT[id]()}
        </div>
      ))}
    </div>
  )
}
