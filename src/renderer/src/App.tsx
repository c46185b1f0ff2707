import { useEffect, useState, type CSSProperties } from 'react'
import { PROVIDER_TRAITS } from '../../shared/providers'
import { Splitter } from './components/Splitter'
import { resolveUiLanguage, setUiLanguage, useTranslation } from './i18n'
import { ChatPanel } from './features/chat/ChatPanel'
import { ComparePanel } from './features/compare/ComparePanel'
import { MapPanel } from './features/map/MapPanel'
import { LibraryPanel } from './features/library/LibraryPanel'
import { SettingsDialog } from './features/settings/SettingsDialog'
import { PdfViewer } from './features/viewer/PdfViewer'
import {
  clampShare,
  layoutMode,
  LIBRARY_WIDTH,
  loadViewerShare,
  MIN_CHAT,
  MIN_VIEWER,
  saveViewerShare,
  SPLITTER_WIDTH,
  useWindowWidth,
  viewerWidth,
  type LayoutMode
} from './layout/layoutMode'
import {
  COLUMNS_MIN_WIDTH,
  libraryWidth,
  loadLibraryWidth,
  maxLibraryWidth,
  saveLibraryWidth
} from './layout/libraryWidth'
import { nextTheme, useTheme } from './layout/theme'
import { usePanes, type Tab } from './layout/usePanes'
import { useAppStore, useStoreApi } from './store/StoreContext'
import { ShortcutsHelp } from './layout/ShortcutsHelp'
import { WindowDrop } from './layout/WindowDrop'

/** Which model writes answers, or why none does; opens Settings at the section it is about. */
function ProviderPill() {
  const values = useAppStore((s) => s.settings.values)
  const openSettings = useAppStore((s) => s.openSettings)
  const { t } = useTranslation()
  if (!values) return null
  const provider = values.provider
  const traits = PROVIDER_TRAITS[provider]
  const [warn, label] = traits.runsLocally
    ? values.localModel
      ? [false, t('app.answersLocal', { model: values.localModel })]
      : [true, t('app.noLocalModel')]
    : traits.needsApiKey && !values.hasApiKey
      ? [true, t('app.noKey')]
      : [
          false,
          values.localModel && traits.offlineFallback
            ? t('app.answersGeminiOffline', { model: values.localModel })
            : t('app.answersGemini')
        ]
  return (
    <button
      type="button"
      className={`pill ${warn ? 'pill-warn' : 'pill-info'}`}
      data-provider={provider}
      // Whole in its tooltip when a narrow top bar cuts it.
      title={label}
      onClick={() => openSettings(true, traits.runsLocally ? 'localModel' : 'answers')}
    >
      {label}
    </button>
  )
}

/**
 * The layout grid's columns: the library and its splitter when beside, the chat, and the
 * splitter and viewer.
 */
function gridColumns(mode: LayoutMode, viewerOpen: boolean, viewerPx: number): string {
  return mode === 'narrow'
    ? '1fr'
    : [
        mode === 'wide' ? `var(--library-width) ${SPLITTER_WIDTH}px` : '',
        `minmax(${MIN_CHAT}px, 1fr)`,
        viewerOpen ? `${SPLITTER_WIDTH}px ${viewerPx}px` : ''
      ]
        .filter(Boolean)
        .join(' ')
}

/**
 * One pane at a time (a narrow window, or a paper open in a window too narrow for the answer and
 * the page side by side): the library, the chat and the paper as tabs of one pane, on their own
 * strip under the top bar so the top bar stays one line in either language.
 */
function PaneTabs({ tab, onTab }: { tab: Tab; onTab: (tab: Tab) => void }) {
  const viewerOpen = useAppStore((s) => s.viewer.open)
  const compareOpen = useAppStore((s) => s.compare.open)
  const setCompareOpen = useAppStore((s) => s.setCompareOpen)
  const mapOpen = useAppStore((s) => s.map.open)
  const setMapOpen = useAppStore((s) => s.setMapOpen)
  const { t } = useTranslation()
  return (
    <nav className="tabs" aria-label={t('app.panes')}>
      {(['library', 'chat', 'viewer'] as const).map((name) => (
        <button
          key={name}
          type="button"
          className="tab"
          aria-pressed={tab === name && (name !== 'chat' || (!compareOpen && !mapOpen))}
          disabled={name === 'viewer' && !viewerOpen}
          onClick={() => {
            if (name === 'chat') {
              setMapOpen(false)
              setCompareOpen(false)
            }
            onTab(name)
          }}
        >
          {name === 'library'
            ? t('app.showLibrary')
            : name === 'chat'
              ? t('app.showChat')
              : t('app.showViewer')}
        </button>
      ))}
    </nav>
  )
}

function TopBar({
  mode,
  drawerOpen,
  onToggleDrawer
}: {
  mode: LayoutMode
  drawerOpen: boolean
  onToggleDrawer: () => void
}) {
  const embedder = useAppStore((s) => s.settings.info?.embedder.state ?? null)
  const openSettings = useAppStore((s) => s.openSettings)
  const compareOpen = useAppStore((s) => s.compare.open)
  const setCompareOpen = useAppStore((s) => s.setCompareOpen)
  const mapOpen = useAppStore((s) => s.map.open)
  const setMapOpen = useAppStore((s) => s.setMapOpen)
  const [theme, setTheme] = useTheme()
  const { t } = useTranslation()
  const themeLabel = {
    system: t('app.themeSystem'),
    light: t('app.themeLight'),
    dark: t('app.themeDark')
  }[theme]
  return (
    <header className="topbar">
      {mode === 'medium' && (
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={drawerOpen}
          aria-controls="library-slot"
          onClick={onToggleDrawer}
        >
          ☰ {t('app.showLibrary')}
        </button>
      )}
      <h1 className="brand">ResearchPal</h1>
      <span className="view-tabs" role="tablist" aria-label={t('compare.views')}>
        {/* One pane at a time: the pane tabs' Chat is this tab too (one "Chat", not two). */}
        {mode !== 'narrow' && (
          <button
            type="button"
            role="tab"
            aria-selected={!compareOpen && !mapOpen}
            className={`view-tab${compareOpen || mapOpen ? '' : ' active'}`}
            onClick={() => (setMapOpen(false), setCompareOpen(false))}
          >
            {t('compare.tabChat')}
          </button>
        )}
        <button
          type="button"
          role="tab"
          aria-selected={compareOpen && !mapOpen}
          className={`view-tab${compareOpen && !mapOpen ? ' active' : ''}`}
          onClick={() => (setMapOpen(false), setCompareOpen(true))}
        >
          {t('compare.tabCompare')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mapOpen}
          className={`view-tab${mapOpen ? ' active' : ''}`}
          onClick={() => setMapOpen(true)}
        >
          {t('map.tab')}
        </button>
      </span>
      <span className="topbar-status">
        <ProviderPill />
        {embedder && embedder !== 'ready' && (
          <button
            type="button"
            className="pill pill-warn"
            title={t('app.keywordOnly')}
            onClick={() => openSettings(true, 'general')}
          >
            {t('app.keywordOnly')}
          </button>
        )}
      </span>
      <ShortcutsHelp />
      <button
        type="button"
        className="btn btn-small btn-quiet theme-toggle"
        title={t('app.theme')}
        aria-label={`${t('app.theme')}: ${themeLabel}`}
        data-theme-setting={theme}
        onClick={() => setTheme(nextTheme(theme))}
      >
        {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}
      </button>
      <button type="button" className="btn btn-small" onClick={() => openSettings(true)}>
        {t('app.settings')}
      </button>
    </header>
  )
}

/**
 * The window: library | chat | viewer, fitted to the window. Below a width the library becomes
 * a drawer, below another the panes become tabs; the viewer takes a remembered share.
 */
export function App() {
  const viewerOpen = useAppStore((s) => s.viewer.open)
  const compareOpen = useAppStore((s) => s.compare.open)
  const mapOpen = useAppStore((s) => s.map.open)
  const navNonce = useAppStore((s) => s.viewer.navNonce)
  const loadLibrary = useAppStore((s) => s.loadLibrary)
  const loadSettings = useAppStore((s) => s.loadSettings)
  const loadCollections = useAppStore((s) => s.loadCollections)
  const uiSetting = useAppStore((s) => s.settings.values?.uiLanguage)
  const store = useStoreApi()
  const { t } = useTranslation()
  // The UI language follows the setting once it is loaded, the system's until then.
  useEffect(() => setUiLanguage(resolveUiLanguage(uiSetting)), [uiSetting])
  useEffect(() => {
    void loadLibrary()
    void loadSettings()
    void loadCollections()
  }, [loadLibrary, loadSettings, loadCollections])

  const width = useWindowWidth()
  const mode = layoutMode(width, viewerOpen)
  const [share, setShare] = useState(loadViewerShare)
  const [libraryWanted, setLibraryWanted] = useState(loadLibraryWidth)
  const libraryPx = libraryWidth(libraryWanted, width, viewerOpen)
  const { drawerOpen, setDrawerOpen, tab, setTab, targets } = usePanes(
    store,
    mode,
    viewerOpen,
    navNonce
  )

  // The room beside the library for the chat, the splitter and the viewer: the viewer's share
  // leaves at least MIN_CHAT to the chat.
  const room =
    width - (mode === 'wide' ? libraryPx + SPLITTER_WIDTH : 0) - (viewerOpen ? SPLITTER_WIDTH : 0)
  const viewerPx = viewerWidth(share, room)
  const columns = gridColumns(mode, viewerOpen, viewerPx)
  const shows = (pane: Tab): boolean => mode !== 'narrow' || tab === pane

  return (
    <div
      className={`app layout-${mode}`}
      style={
        { '--library-width': `${mode === 'wide' ? libraryPx : LIBRARY_WIDTH}px` } as CSSProperties
      }
    >
      {/* Only where there is a question box to skip to (not in Compare or the map). */}
      {!compareOpen && !mapOpen && (
        <a
          className="skip-link"
          href="#question"
          onClick={(e) => (e.preventDefault(), targets.focusQuestion())}
        >
          {t('app.skipToQuestion')}
        </a>
      )}
      <TopBar mode={mode} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((o) => !o)} />
      {mode === 'narrow' && <PaneTabs tab={tab} onTab={setTab} />}
      <main className="layout" style={{ gridTemplateColumns: columns }}>
        <div
          id="library-slot"
          className={`library-slot${mode === 'medium' ? ' drawer' : ''}${drawerOpen ? ' open' : ''}`}
          hidden={mode === 'medium' ? !drawerOpen : !shows('library')}
        >
          <LibraryPanel columns={mode === 'wide' && libraryPx >= COLUMNS_MIN_WIDTH} />
        </div>
        {mode === 'wide' && (
          <Splitter
            resizes="left"
            label={t('library.resize')}
            width={libraryPx}
            min={LIBRARY_WIDTH}
            max={maxLibraryWidth(width, viewerOpen)}
            onResize={(px) => {
              setLibraryWanted(px)
              saveLibraryWidth(px)
            }}
          />
        )}
        {mode === 'medium' && drawerOpen && (
          <div
            className="drawer-backdrop"
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
          />
        )}
        <div className="chat-slot" hidden={!shows('chat')}>
          {mapOpen ? <MapPanel /> : compareOpen ? <ComparePanel /> : <ChatPanel />}
        </div>
        {viewerOpen && mode !== 'narrow' && (
          <Splitter
            width={viewerPx}
            min={MIN_VIEWER}
            max={Math.max(MIN_VIEWER, room - MIN_CHAT)}
            onResize={(px) => {
              const next = clampShare(px / room)
              setShare(next)
              saveViewerShare(next)
            }}
          />
        )}
        {viewerOpen && (
          // Behind another tab the viewer stays laid out (not display: none), so coming back to
          // the paper finds it scrolled where the reader left it, the cited passage in view.
          <div
            className={`viewer-slot${shows('viewer') ? '' : ' offstage'}`}
            aria-hidden={shows('viewer') ? undefined : true}
            inert={!shows('viewer')}
          >
            <PdfViewer />
          </div>
        )}
      </main>
      <SettingsDialog />
      <WindowDrop />
    </div>
  )
}
