import training from './messageKindTraining.json'

/**
 * The labelled messages the offline message-kind classifier (`kindModel.ts`) is trained on, in
 * English and Brazilian Portuguese. The held-out set it is measured on is elsewhere
 * (`test/fixtures/chat/message-kinds-heldout.jsonl`) and is never trained on.
 * @remarks Version 1. Add messages (in `messageKindTraining.json`, the data beside this file),
 * not rules: the classifier generalises from words and character n-grams, so a new phrasing of
 * a greeting or a weather question needs no new pattern.
 */
export const KIND_TRAINING_VERSION = 1

/** The training messages by kind (see {@link KIND_TRAINING_VERSION}). */
export const KIND_TRAINING: Record<'papers' | 'smalltalk' | 'app' | 'offtopic', readonly string[]> =
  training
