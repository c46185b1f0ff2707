import type { ResearchPalApi } from '../shared/contract'

declare global {
  interface Window {
    /** The only way the renderer reaches main; see src/shared/contract.ts. */
    researchpal: ResearchPalApi
  }
}
