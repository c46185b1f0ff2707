import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { createAppStore } from './store/createAppStore'
import { StoreProvider } from './store/StoreContext'
import 'katex/dist/katex.min.css'
import './styles/app.css'
import './styles/compare.css'
import './styles/map.css'
import './styles/import.css'
import './styles/references.css'
import './styles/sync.css'
import './styles/lab.css'
import './styles/libraryColumns.css'
import './styles/settings.css'

const store = createAppStore(window.researchpal)
store.connect()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>
)
