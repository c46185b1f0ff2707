import { useEffect, useState } from 'react'
import { Splitter } from './components/Splitter'
import { resolveUiLanguage, setUiLanguage, useTranslation } from './i18n'
import { ChatPanel } from './features/chat/ChatPanel'
import { LibraryPanel } from './features/library/LibraryPanel'
import { SettingsDialog } from './features/settings/SettingsDialog'
import { PdfViewer } from './features/viewer/PdfViewer'
import { useAppStore } from './store/StoreContext'

function TopBar() {
  const embedder = useAppStore((s) => s.settings.info?.embedder.state ?? null)
  const hasKey = useAppStore((s) => s.settings.values?.hasApiKey ?? null)
  const openSettings = useAppStore((s) => s.openSettings)
  const { t } = useTranslation()
  return (
    <header className="topbar">
      <span className="brand">ResearchPal</span>
      <span className="topbar-status">
        {hasKey === false && (
          <button type="button" className="pill pill-warn" onClick={() => openSettings(true)}>
            {t('app.noKey')}
          </button>
        )}
        {embedder && embedder !== 'ready' && (
          <button type="button" className="pill pill-warn" onClick={() => openSettings(true)}>
            {t('app.keywordOnly')}
          </button>
        )}
      </span>
      <button type="button" className="btn btn-small" onClick={() => openSettings(true)}>
        {t('app.settings')}
      </button>
    </header>
  )
}

/** The window: library | chat | viewer, with the settings dialog on top. */
export function App() {
  const viewerOpen = useAppStore((s) => s.viewer.open)
  const loadLibrary = useAppStore((s) => s.loadLibrary)
  const loadSettings = useAppStore((s) => s.loadSettings)
  const uiSetting = useAppStore((s) => s.settings.values?.uiLanguage)
  // The UI language follows the setting once it is loaded, the system's until then.
  useTranslation()
  useEffect(() => setUiLanguage(resolveUiLanguage(uiSetting)), [uiSetting])
  const [viewerWidth, setViewerWidth] = useState(() => Math.round(window.innerWidth * 0.42))
  useEffect(() => {
    void loadLibrary()
    void loadSettings()
  }, [loadLibrary, loadSettings])

  return (
    <div className="app">
      <TopBar />
      <main
        className={`layout${viewerOpen ? ' with-viewer' : ''}`}
        style={
          viewerOpen
            ? {
                gridTemplateColumns: `var(--library-width) minmax(320px, 1fr) 6px ${viewerWidth}px`
              }
            : undefined
        }
      >
        <LibraryPanel />
        <ChatPanel />
        {viewerOpen && (
          <>
            <Splitter width={viewerWidth} onResize={setViewerWidth} />
            <PdfViewer />
          </>
        )}
      </main>
      <SettingsDialog />
    </div>
  )
}
