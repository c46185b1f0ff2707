/// <reference types="vite/client" />
// `window.researchpal` is declared once, by the preload's index.d.ts (included by tsconfig.web).
