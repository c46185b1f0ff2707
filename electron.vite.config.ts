import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      // @retorquere/bibtex-parser's CommonJS build is marked "type": "module" and cannot be
      // required by Node: bundle it (ESM) instead. chokidar 6 and its readdirp are ESM-only.
      externalizeDeps: { exclude: ['@retorquere/bibtex-parser', 'chokidar', 'readdirp'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The CLI under plain Node (the app's executable runs it with --cli, through index).
          cli: resolve(__dirname, 'src/main/cli.ts'),
          embedderWorker: resolve(__dirname, 'src/main/search/embedder/embedderWorker.ts'),
          extractionWorker: resolve(__dirname, 'src/main/ingest/extractionWorker.ts'),
          ocrWorker: resolve(__dirname, 'src/main/ocr/ocrWorker.ts'),
          vectraWorker: resolve(__dirname, 'src/main/search/vectraWorker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      // The window is sandboxed: the preload cannot require() packages, so bundle them.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } }
    },
    plugins: [react()]
  }
})
