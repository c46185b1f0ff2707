/**
 * The app's shared records and settings, re-exported from the files that declare them, so
 * `shared/types` stays the one import for them.
 * @remarks Papers: `paperFields.ts` (the field table and the schemas derived from it) and
 * `libraryRecords.ts` (statuses, sources, sections, collections, progress, notices); passages:
 * `retrieval.ts`; answers: `answers.ts`; settings: `appSettings.ts`; the app itself: `appInfo.ts`.
 */
export * from './libraryRecords'
export * from './paperFields'
export * from './retrieval'
export * from './answers'
export * from './appSettings'
export * from './appInfo'
